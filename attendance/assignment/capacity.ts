/**
 * Capacity: who may receive work and who has room (the middle step of selector + capacity +
 * claim). Only `online` attendants receive new conversations.
 */

export const ATTENDANT_STATUSES = ['online', 'busy', 'away', 'offline'] as const;
export type AttendantStatus = (typeof ATTENDANT_STATUSES)[number];

/** True only for `online`; busy, away and offline receive nothing new. */
export function receivesWork(status: AttendantStatus): boolean {
  return status === 'online';
}

/** True while the attendant's active conversations are below the member's `max_conversations`. */
export function hasRoom(member: { max_conversations: number }, activeCount: number): boolean {
  return activeCount < member.max_conversations;
}

/** Both checks at once: online and below the limit. */
export function canReceive(member: { max_conversations: number }, state: { status: AttendantStatus; active_conversations: number }): boolean {
  return receivesWork(state.status) && hasRoom(member, state.active_conversations);
}
