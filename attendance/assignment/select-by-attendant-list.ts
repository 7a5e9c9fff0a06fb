/**
 * The attendant-list routing rule (used when no queue auto-assigns): eligible
 * attendants are online with channel `all` or equal to the session's channel; a named target from
 * TRANSFER TO HUMAN wins when eligible; a department narrows the pool; then an attendant whose
 * preferences equal the session topic wins; otherwise the least loaded.
 */
import { receivesWork, type AttendantStatus } from './capacity.js';

export interface AttendantCandidate {
  id: string;
  /** The display name (the profile's name, else the username). */
  name: string;
  /** The login name, which a TRANSFER TO HUMAN target may use too ("alice"). */
  username?: string;
  /** `all`, or one channel value. */
  channel: string;
  /** Topic string (sales, support, technical, collections…). */
  preferences?: string;
  department?: string;
  aliases?: readonly string[];
  status: AttendantStatus;
  active_conversations: number;
}

export interface SelectByAttendantListInput {
  attendants: readonly AttendantCandidate[];
  channel: string;
  topic?: string;
  /** TRANSFER TO HUMAN target: an attendant id, username, display name or alias, or a department name. */
  target?: string;
  department?: string;
}

const same = (a: string | undefined, b: string | undefined): boolean =>
  a !== undefined && b !== undefined && a.trim().toLowerCase() === b.trim().toLowerCase();

/** True when the attendant can take a conversation on `channel` now. */
export function isEligible(attendant: AttendantCandidate, channel: string): boolean {
  return receivesWork(attendant.status) && (same(attendant.channel, 'all') || same(attendant.channel, channel));
}

/** True when `target` names this attendant by id, username, display name or alias (case-insensitive). */
export function namesAttendant(attendant: AttendantCandidate, target: string): boolean {
  return same(attendant.id, target) || same(attendant.username, target) || same(attendant.name, target)
    || (attendant.aliases ?? []).some((a) => same(a, target));
}

/**
 * The attendant to assign, or undefined when none is eligible. A named target that is not
 * eligible (offline, wrong channel) does not block assignment: the normal rule applies. A
 * department with no eligible member also falls back to everyone eligible, so the customer is
 * never stranded by a label.
 */
export function selectByAttendantList(input: SelectByAttendantListInput): AttendantCandidate | undefined {
  const eligible = input.attendants
    .filter((a) => isEligible(a, input.channel))
    .sort((a, b) => a.active_conversations - b.active_conversations);
  if (eligible.length === 0) return undefined;

  const target = input.target?.trim();
  if (target) {
    const named = eligible.find((a) => namesAttendant(a, target));
    if (named) return named;
  }
  const department = input.department ?? target;
  const inDepartment = department ? eligible.filter((a) => same(a.department, department)) : [];
  const pool = inDepartment.length > 0 ? inDepartment : eligible;

  return pool.find((a) => same(a.preferences, input.topic)) ?? pool[0];
}
