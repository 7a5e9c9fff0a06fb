/**
 * The automatic replies of a queue (docs/attendance/business-hours.md, "Automatic replies"): what
 * a customer is told when the queue is closed, when nobody is online, or when every attendant is
 * busy. Pure: picking the reply and filling its variables.
 */

/** The situations an automatic reply answers. */
export const AUTO_REPLY_KINDS = ['closed', 'nobody_online', 'all_busy'] as const;
export type AutoReplyKind = (typeof AUTO_REPLY_KINDS)[number];

/** One configured reply; `channel` and `language` are `*` for any. */
export interface AutoReply {
  kind: AutoReplyKind;
  channel: string;
  language: string;
  text: string;
}

/** The values a reply's `{name}` placeholders take. */
export interface AutoReplyVariables {
  queue: string;
  /** The next opening, in the queue's time zone and the customer's language; empty when open. */
  opens_at: string;
  /** Minutes of expected wait (position × average handle time), at least 1. */
  expected_wait_minutes: number;
  position: number;
}

/**
 * The reply for `kind` on `channel` in `language`: the most specific one wins — channel and
 * language, then channel with any language, then any channel with the language, then any. A
 * language matches exactly or by its primary subtag (`pt` matches `pt-BR`).
 */
export function pickAutoReply(replies: readonly AutoReply[], kind: AutoReplyKind, channel: string, language: string | undefined): AutoReply | undefined {
  const lang = (language ?? '').toLowerCase();
  const languageScore = (l: string) => {
    if (l === '*') return 1;
    const want = l.toLowerCase();
    if (want === lang) return 3;
    return lang.split('-')[0] === want.split('-')[0] && lang !== '' ? 2 : 0;
  };
  let best: { reply: AutoReply; score: number } | undefined;
  for (const reply of replies) {
    if (reply.kind !== kind) continue;
    const ls = languageScore(reply.language);
    if (ls === 0 || (reply.channel !== '*' && reply.channel !== channel)) continue;
    const score = (reply.channel === channel ? 10 : 0) + ls;
    if (!best || score > best.score) best = { reply, score };
  }
  return best?.reply;
}

/** The reply's text with `{queue}`, `{opens_at}`, `{expected_wait_minutes}` and `{position}` filled; other braces stay as written. */
export function renderAutoReply(text: string, variables: AutoReplyVariables): string {
  return text.replace(/\{(queue|opens_at|expected_wait_minutes|position)\}/g, (_m, name: keyof AutoReplyVariables) => String(variables[name]));
}
