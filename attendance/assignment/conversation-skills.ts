/**
 * The skills a conversation needs (docs/attendance/skills-routing.md, "Where requirements come
 * from"): what TRANSFER TO HUMAN asked for (`skills`), and the bot's `attendance-skill-rules` for
 * the conversation's channel, the customer's language and tier, and the topic the bot routed it
 * to. Worked out when the conversation joins the queue; the queue's own requirement is added at
 * assignment, so a supervisor's change to a queue applies to what already waits.
 */
import type { SkillRule } from '../../config/index.js';
import { mergeRequirements, parseRequirements, wideningStep, widen, type SkillRequirement } from './skills.js';

export interface ConversationSkillsInput {
  /** The session's `context_data`: `transfer_skills`, `customer_language`, `customer_tier`. */
  context: Readonly<Record<string, unknown>>;
  channel: string;
  /** The transfer's department, target or topic, as the item's topic. */
  topic: string | null;
  rules: readonly SkillRule[];
  /** The bot's `language`: the customer's when the script set no `customer_language`. */
  botLanguage?: string | undefined;
  /** The CRM contact's tier, when known: the customer's when the script set no `customer_tier`. */
  contactTier?: string | null | undefined;
}

/** The conversation's requirement, merged (each skill once, at its highest minimum). */
export function conversationSkills(input: ConversationSkillsInput): SkillRequirement[] {
  const asked = text(input.context.transfer_skills);
  const fromTransfer = (asked && parseRequirements(asked)) || [];
  const language = (text(input.context.customer_language) ?? input.botLanguage)?.toLowerCase();
  const tier = (text(input.context.customer_tier) ?? text(input.contactTier))?.toLowerCase();
  const topic = text(input.topic)?.toLowerCase();
  const applies = (rule: SkillRule): boolean => {
    switch (rule.source) {
      case 'channel': return rule.value === input.channel.toLowerCase();
      // `es` covers es-MX and es-419; `pt-br` only pt-BR.
      case 'language': return language !== undefined && (language === rule.value || language.startsWith(`${rule.value}-`));
      case 'tier': return tier === rule.value;
      case 'topic': return topic === rule.value;
    }
  };
  const fromRules = input.rules.filter(applies).map((r) => ({ name: r.skill, min_level: r.min_level }));
  return mergeRequirements(fromTransfer, fromRules);
}

/** True when the rules have a `tier:` entry, so the contact's tier matters (and may be worth a read). */
export function rulesUseTier(rules: readonly SkillRule[]): boolean {
  return rules.some((r) => r.source === 'tier');
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/**
 * What assignment asks of attendants for a waiting conversation at `now`: its own requirement
 * and its queue's, merged, then widened by how long it has waited (skills.ts, `wideningStep`).
 */
export function requirementNow(
  item: { required_skills?: readonly SkillRequirement[] | null; waiting_since: Date | null; updated_at: Date },
  queueRequirement: readonly SkillRequirement[] | null | undefined,
  now: Date,
  widenSeconds: number,
): SkillRequirement[] {
  const required = mergeRequirements(item.required_skills, queueRequirement);
  if (required.length === 0) return required;
  const since = item.waiting_since ?? item.updated_at;
  return widen(required, wideningStep(now.getTime() - since.getTime(), widenSeconds));
}
