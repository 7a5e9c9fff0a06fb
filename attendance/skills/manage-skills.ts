/**
 * Supervisors' side of skills-based routing (docs/attendance/skills-routing.md): the skills of
 * attendants, and the overview the console's Skills screen shows. A queue's required skills are
 * one of its fields (queues/manage-queues.ts). The role check is the route's.
 */
import { findAttendant } from '../attendants/attendance-users.js';
import type { AssignDeps } from '../assign-conversation.js';
import { skillName, type Skill } from '../assignment/skills.js';
import { backfillWaiting } from '../backfill-waiting.js';
import { listAttendants } from '../commands/list-attendants.js';

export interface SetAttendantSkillsInput {
  userId: string;
  /** The attendant's whole set: it replaces what they had. Names are compared ignoring case and spacing. */
  skills: readonly Skill[];
}

/** A skill set as stored: each name once (the highest level given), sorted by name. */
export function normaliseSkills(skills: readonly Skill[]): Skill[] {
  const byName = new Map<string, number>();
  for (const s of skills) {
    const name = skillName(s.name);
    if (name !== '') byName.set(name, Math.max(byName.get(name) ?? 0, s.level));
  }
  return [...byName].map(([name, level]) => ({ name, level })).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/**
 * Replaces an attendant's skills; NotFoundError `attendant_not_found` for a user who may not
 * attend. New skills may qualify them for what waits, so they are backfilled afterwards.
 */
export async function setAttendantSkills(deps: AssignDeps, input: SetAttendantSkillsInput): Promise<{ user_id: string; skills: Skill[] }> {
  await findAttendant(deps.repos, input.userId);
  const profile = await deps.repos.profiles.upsert(input.userId, { skills: normaliseSkills(input.skills) });
  await backfillWaiting(deps, { attendantId: input.userId });
  return { user_id: profile.user_id, skills: profile.skills };
}

/** Who knows what, what each queue needs, and every skill name in use (for suggestions). */
export async function skillsOverview(deps: Pick<AssignDeps, 'repos'>) {
  const [attendants, profiles, queues] = await Promise.all([
    listAttendants(deps), deps.repos.profiles.list(), deps.repos.queues.list(),
  ]);
  const skillsOf = new Map(profiles.map((p) => [p.user_id, p.skills]));
  const rows = attendants.map((a) => ({ user_id: a.id, name: a.name, username: a.username, status: a.status, skills: skillsOf.get(a.id) ?? [] }));
  const names = new Set([...rows.flatMap((r) => r.skills.map((s) => s.name)), ...queues.flatMap((q) => q.required_skills.map((r) => r.name))]);
  return {
    names: [...names].sort(),
    attendants: rows,
    queues: queues.map((q) => ({ id: q.id, name: q.name, required_skills: q.required_skills })),
  };
}

export type SkillsOverview = Awaited<ReturnType<typeof skillsOverview>>;
