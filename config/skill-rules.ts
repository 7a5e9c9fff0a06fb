import { z } from 'zod';

/**
 * `attendance-skill-rules` (docs/attendance/skills-routing.md): which skill a conversation needs
 * because of where it comes from. Each comma-separated entry is `source:value=skill[:level]`:
 * `channel:rtc_sip=phone:2`, `language:es=spanish:3`, `tier:gold=vip`, `topic:billing=billing:2`.
 * Several entries with the same source and value add up; a level left out is 1.
 */
export const SKILL_RULE_SOURCES = ['channel', 'language', 'tier', 'topic'] as const;
export type SkillRuleSource = (typeof SKILL_RULE_SOURCES)[number];

/** One parsed entry: when `source` equals `value` (ignoring case), the conversation needs `skill` at `min_level`. */
export interface SkillRule {
  source: SkillRuleSource;
  value: string;
  skill: string;
  min_level: number;
}

const ENTRY = /^(channel|language|tier|topic)\s*:\s*([^=]+?)\s*=\s*([^:=]+?)\s*(?::\s*([1-5]))?$/i;

/** The setting's value kind: empty when not configured; a malformed entry fails the bot's start-up with the entry quoted. */
export function skillRules() {
  return z
    .string()
    .transform((raw, ctx) => {
      const rules: SkillRule[] = [];
      for (const entry of raw.split(',').map((e) => e.trim()).filter((e) => e !== '')) {
        const match = ENTRY.exec(entry);
        if (!match) {
          ctx.addIssue(`expected entries like channel:sms=sms:2 or language:es=spanish:3 (source channel, language, tier or topic; level 1 to 5), got "${entry}"`);
          return z.NEVER;
        }
        rules.push({
          source: match[1]!.toLowerCase() as SkillRuleSource, value: match[2]!.trim().toLowerCase(),
          skill: match[3]!.trim().toLowerCase().replace(/\s+/g, ' '), min_level: match[4] === undefined ? 1 : Number(match[4]),
        });
      }
      return rules;
    })
    .default(() => []);
}
