import type { DroppedCall } from './call-registry.js';
import { allowOutboundCall } from './outbound-policy.js';
import type { RtcSipBotSettings } from './rtc-sip-settings.js';
import type { CallResume } from './voice-call.js';

/** What is done for a call whose instance died. */
export type CallBackPlan =
  /** The customer is called back through the bot's outbound trunk; the conversation goes on (`resume`) or, without a session yet, starts. */
  | { kind: 'call-back'; bot: string; to: string; resume?: CallResume }
  /** No call-back is possible: the session is closed, with the reason in its log. */
  | { kind: 'close'; bot: string; caller: string; sessionId: string; reason: string }
  /** Nothing to do: the conversation had already ended, or never started and cannot be called back. */
  | { kind: 'nothing'; reason: string };

/**
 * Decides what becomes of a dropped call (docs/operations/kamailio.md, "When an instance dies").
 * The call-back is an outbound call like any other: it must pass the bot's outbound policy (a
 * trunk with `outbound_proxy`, the number in `sip-outbound-numbers`), so a dropped call never
 * calls a number the bot could not call from the API. Limits of the moment (calls up, the rate)
 * are checked when the call is placed.
 */
export function planCallBack(bots: readonly RtcSipBotSettings[], dropped: DroppedCall): CallBackPlan {
  const { session } = dropped;
  if (session?.status === 'closed') return { kind: 'nothing', reason: 'the conversation had ended' };
  let refused: string | undefined;
  try {
    allowOutboundCall(bots, { bot: dropped.bot, to: dropped.caller }, () => 0);
  } catch (error) {
    refused = error instanceof Error ? error.message : String(error);
  }
  if (refused === undefined) {
    if (!session) return { kind: 'call-back', bot: dropped.bot, to: dropped.caller };
    const resume: CallResume = { waiting: session.needs_human, ...(session.last_prompt ? { lastPrompt: session.last_prompt } : {}) };
    return { kind: 'call-back', bot: dropped.bot, to: dropped.caller, resume };
  }
  if (!session || !dropped.session_id) return { kind: 'nothing', reason: `no call-back: ${refused}` };
  return { kind: 'close', bot: dropped.bot, caller: dropped.caller, sessionId: dropped.session_id, reason: `no call-back: ${refused}` };
}
