import type { BotConfig } from '../config/index.js';

/**
 * The message routing rule (docs/architecture.md), in one place. Who answers an inbound message:
 *
 * 1. The message is recognised by channel and normalised — by the adapters, before the engine.
 * 2. The session's needs_human is read: the column or `context_data.needs_human`, false when
 *    absent ({@link needsHumanOf}).
 * 3. False → the bot's BASIC dialog runs; replies go back over the original channel.
 * 4. True → the attendance port gets the message (queue, attendants, relay).
 * 5. Bypass mode (`attendance-bypass-mode`) treats every session as needs_human: pure relay, the
 *    bot never runs.
 * 6. With `attendance-auto-transfer`, a customer text containing one of
 *    `attendance-transfer-keywords` (whole word, case- and accent-insensitive) transfers the
 *    session to a human first — unless the text is one of the choices the bot's waiting HEAR
 *    offered (its key or label, ignoring case and accents): a menu's "Talk to a person" is the
 *    bot's to answer, with its own TRANSFER TO HUMAN and queue.
 * 7. SMS text is limited to {@link SMS_MAX_CHARS} per message: the outbox splits longer text into
 *    numbered parts (engine/outbox/split-sms.ts), for every sender.
 * 8. Resolving sets needs_human false ({@link RESOLVED}) and the next message reaches the bot.
 *
 * Overriding all of it: with `attendance-enabled` or `crm-enabled` false there is no human side,
 * so every message stays with the bot (and TRANSFER TO HUMAN answers `crm_disabled`).
 */

/** Characters per outbound SMS (docs/architecture.md, "SMS"). */
export const SMS_MAX_CHARS = 160;

/** Who handles one inbound message. */
export type Route =
  /** Step 3: the bot's dialog runs or resumes. */
  | { kind: 'bot' }
  /** Steps 4 and 5: the attendance port gets it; the bot does not run. */
  | { kind: 'attendance'; cause: 'bypass' | 'needs_human' }
  /** Step 6: transfer to a human (reason `keyword: <word>`), then as step 4. */
  | { kind: 'transfer'; keyword: string };

/** The session fields the rule reads. */
export interface RoutedSession {
  needs_human: boolean;
  context_data: Record<string, unknown>;
}

/** Whether this bot has a human side at all. */
export function attendanceAvailable(config: BotConfig): boolean {
  return config['attendance-enabled'] && config['crm-enabled'];
}

/** Step 2: the column, or `context_data.needs_human` (true or "true"); false when absent. */
export function needsHumanOf(session: RoutedSession): boolean {
  if (session.needs_human) return true;
  const flag = session.context_data.needs_human;
  return flag === true || (typeof flag === 'string' && flag.trim().toLowerCase() === 'true');
}

/** A choice of the menu the bot's dialog waits on. */
export interface OfferedChoice {
  key: string;
  label: string;
}

/** Decides who handles a customer's `text` on this session (steps 2 to 6); `offered`: the waiting HEAR's menu. */
export function decideRoute(config: BotConfig, session: RoutedSession, text: string, offered: readonly OfferedChoice[] = []): Route {
  if (!attendanceAvailable(config)) return { kind: 'bot' };
  if (config['attendance-bypass-mode']) return { kind: 'attendance', cause: 'bypass' };
  if (needsHumanOf(session)) return { kind: 'attendance', cause: 'needs_human' };
  if (config['attendance-auto-transfer'] && !isOfferedChoice(text, offered)) {
    const keyword = findTransferKeyword(text, config['attendance-transfer-keywords']);
    if (keyword !== undefined) return { kind: 'transfer', keyword };
  }
  return { kind: 'bot' };
}

/** Whether `text` is one of the offered choices, by key or label, ignoring case, accents and the spaces around it. */
function isOfferedChoice(text: string, offered: readonly OfferedChoice[]): boolean {
  if (offered.length === 0) return false;
  const answer = fold(text).trim();
  return offered.some((choice) => fold(choice.key).trim() === answer || fold(choice.label).trim() === answer);
}

/** Step 8: what resolving writes, to the column and to context_data alike. */
export const RESOLVED = { needs_human: false, context_patch: { needs_human: false } } as const;

/**
 * The first keyword (as configured) that occurs in `text` as a whole word or phrase, ignoring
 * case and accents ("Atendente" matches "atendênte"; "human" does not match "humanity").
 */
export function findTransferKeyword(text: string, keywords: readonly string[]): string | undefined {
  const haystack = fold(text);
  return keywordPatterns(keywords).find(({ pattern }) => pattern?.test(haystack))?.keyword;
}

// A bot's keyword list is one array for as long as its config is loaded: its patterns are built
// once, not on every message (docs/performance.md).
const patternsOf = new WeakMap<readonly string[], { keyword: string; pattern: RegExp | undefined }[]>();

function keywordPatterns(keywords: readonly string[]): { keyword: string; pattern: RegExp | undefined }[] {
  let patterns = patternsOf.get(keywords);
  if (!patterns) {
    patterns = keywords.map((keyword) => {
      const words = fold(keyword).trim().split(/\s+/u).filter(Boolean);
      if (words.length === 0) return { keyword, pattern: undefined };
      const phrase = words.map(escapeRegExp).join('\\s+');
      return { keyword, pattern: new RegExp(`(?<![\\p{L}\\p{N}])${phrase}(?![\\p{L}\\p{N}])`, 'u') };
    });
    patternsOf.set(keywords, patterns);
  }
  return patterns;
}

/** Lower case without diacritics, so comparisons ignore both. */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}+/gu, '').toLowerCase();
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
