/**
 * The attendant-list routing rule (used when no queue auto-assigns): eligible
 * attendants are online with channel `all` or equal to the session's channel; a named target from
 * TRANSFER TO HUMAN wins when eligible; a department narrows the pool; then an attendant whose
 * preferences equal the session topic wins; otherwise the least loaded.
 */
import { receivesWork, type AttendantStatus } from './capacity.js';
import { skillScore, type Skill, type SkillRequirement } from './skills.js';

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
  /** What the attendant knows; only read when the conversation needs skills. */
  skills?: readonly Skill[];
}

export interface SelectByAttendantListInput {
  attendants: readonly AttendantCandidate[];
  channel: string;
  topic?: string;
  /** TRANSFER TO HUMAN target: an attendant id, username, display name or alias, or a department name. */
  target?: string;
  department?: string;
  /**
   * The skills the conversation needs, widened as its wait allows: only attendants with each at
   * its minimum level are eligible, highest level first, then the least loaded.
   */
  required?: readonly SkillRequirement[];
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
 * never stranded by a label. Required skills are not a label: without a skilled attendant online
 * the answer is undefined, and the conversation waits until one comes or its wait widens them.
 */
export function selectByAttendantList(input: SelectByAttendantListInput): AttendantCandidate | undefined {
  const required = input.required ?? [];
  const eligible = input.attendants
    .map((a) => ({ a, score: skillScore(a.skills, required) }))
    .filter((r): r is typeof r & { score: number } => r.score !== undefined && isEligible(r.a, input.channel))
    // Skill level first (all 0 when nothing is required), then load; the sort is stable.
    .sort((x, y) => y.score - x.score || x.a.active_conversations - y.a.active_conversations)
    .map((r) => r.a);
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
