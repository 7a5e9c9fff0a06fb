/**
 * Skills-based routing as pure rules (docs/attendance/skills-routing.md): what an attendant knows
 * (`Skill`, a name and a level 1–5), what a queue or a conversation needs (`SkillRequirement`, a
 * name and a minimum level), who qualifies and how well, and how a long wait widens what is asked.
 * The selectors (select-by-queue.ts, select-by-attendant-list.ts) use these; nothing here reads.
 */

/** The lowest and highest level of a skill. */
export const SKILL_LEVEL_MIN = 1;
export const SKILL_LEVEL_MAX = 5;

/** One skill of an attendant: `name` (lower case, trimmed) at `level` 1–5. */
export interface Skill {
  name: string;
  level: number;
}

/** One skill a queue or a conversation needs, at `min_level` or above. */
export interface SkillRequirement {
  name: string;
  min_level: number;
}

/** How a skill name is compared and stored: trimmed, lower case, inner spaces as one. */
export function skillName(raw: string): string {
  return raw.trim().toLowerCase().replace(/\s+/g, ' ');
}

/**
 * Requirements merged into one list: each skill once, at the highest minimum any source asks
 * for, sorted by name (a stable answer for storage and tests).
 */
export function mergeRequirements(...lists: readonly (readonly SkillRequirement[] | null | undefined)[]): SkillRequirement[] {
  const merged = new Map<string, number>();
  for (const list of lists) {
    for (const r of list ?? []) {
      const name = skillName(r.name);
      if (name === '') continue;
      merged.set(name, Math.max(merged.get(name) ?? SKILL_LEVEL_MIN, clampLevel(r.min_level)));
    }
  }
  return [...merged].map(([name, min_level]) => ({ name, min_level })).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/**
 * How well `skills` cover `required`: the sum of the attendant's levels in the required skills
 * (higher is better), or undefined when one of them is missing or below its minimum. With
 * nothing required every attendant qualifies with 0.
 */
export function skillScore(skills: readonly Skill[] | null | undefined, required: readonly SkillRequirement[]): number | undefined {
  if (required.length === 0) return 0;
  const levels = new Map((skills ?? []).map((s) => [skillName(s.name), s.level]));
  let score = 0;
  for (const r of required) {
    const level = levels.get(skillName(r.name));
    if (level === undefined || level < r.min_level) return undefined;
    score += level;
  }
  return score;
}

/** The widening steps: 0 as asked, 1 any level of each skill, 2 no skill asked at all. */
export type WideningStep = 0 | 1 | 2;

/**
 * How far a conversation's requirement is widened after `waitedMs` of waiting, with
 * `attendance-skills-widen-seconds` = `widenSeconds`: after one period any level of the skills
 * will do (minimums drop to 1), after two nobody is excluded for skills. 0 never widens.
 */
export function wideningStep(waitedMs: number, widenSeconds: number): WideningStep {
  if (widenSeconds <= 0 || waitedMs < widenSeconds * 1000) return 0;
  return waitedMs < 2 * widenSeconds * 1000 ? 1 : 2;
}

/** `required` as the widening step leaves it. */
export function widen(required: readonly SkillRequirement[], step: WideningStep): SkillRequirement[] {
  if (step === 2) return [];
  if (step === 1) return required.map((r) => ({ name: r.name, min_level: SKILL_LEVEL_MIN }));
  return [...required];
}

/**
 * A list of requirements written as text, as a script or a setting gives it:
 * `"billing:3, spanish"` is billing at level 3 or above and spanish at any level. Undefined for
 * text that is not such a list (a level outside 1–5, an empty name), so the caller can say so.
 */
export function parseRequirements(text: string): SkillRequirement[] | undefined {
  const out: SkillRequirement[] = [];
  for (const part of text.split(',').map((p) => p.trim()).filter((p) => p !== '')) {
    const match = /^([^:=]+?)\s*(?::\s*(\d+))?$/.exec(part);
    if (!match) return undefined;
    const name = skillName(match[1]!);
    const level = match[2] === undefined ? SKILL_LEVEL_MIN : Number(match[2]);
    if (name === '' || name.length > 50 || level < SKILL_LEVEL_MIN || level > SKILL_LEVEL_MAX) return undefined;
    out.push({ name, min_level: level });
  }
  return mergeRequirements(out);
}

function clampLevel(level: number): number {
  return Math.min(SKILL_LEVEL_MAX, Math.max(SKILL_LEVEL_MIN, Math.trunc(level)));
}
