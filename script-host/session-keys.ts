import type { Value } from '../basic-interpreter/index.js';
import type { SessionTurn } from '../engine/index.js';

/** Session keys a script may set. */
export const SETTABLE_SESSION_KEYS = [
  'voice_response', 'needs_human', 'campaign_id', 'lead_source', 'meeting_room', 'meeting_url',
  'customer_name', 'customer_tier', 'customer_lifetime_value', 'customer_language',
] as const;

/** Keys a script may also read: what attendance and the engine keep in context_data. */
export const READABLE_SESSION_KEYS = [
  ...SETTABLE_SESSION_KEYS, 'attendant_id', 'attendant_name', 'queue_position', 'transfer_reason', 'transfer_time',
  'priority', 'failed_attempts', 'customer_email', 'customer_phone', 'complexity_score', 'transfer_skills',
] as const;

/** The bot whose dialog runs in the conversation when an ADD BOT trigger started it (docs/basic.md, "ADD BOT"). */
export const DIALOG_BOT_KEY = 'dialog_bot';
/** The account a person of the conversation signed in with (HEAR x AS LOGIN), for ALLOW ROLE. */
export const SIGNED_IN_USER_KEY = 'signed_in_user_id';

const BOOLEAN_KEYS = new Set(['voice_response', 'needs_human']);

/**
 * SET SESSION key, value: stored in context_data. needs_human also sets the column, so the two
 * places the routing rule reads agree; setting it true hands the session to attendance (without
 * the wait message TRANSFER TO HUMAN sends). Unknown keys are a runtime error of the script.
 */
export function setSessionKey(turn: SessionTurn, rawKey: string, value: Value): void {
  const key = rawKey.trim().toLowerCase();
  if (!(SETTABLE_SESSION_KEYS as readonly string[]).includes(key)) {
    throw new Error(`SET SESSION: unknown key "${rawKey}"; a script may set ${SETTABLE_SESSION_KEYS.join(', ')}`);
  }
  const stored = BOOLEAN_KEYS.has(key) ? toBoolean(key, value) : value;
  turn.setContext(key, stored);
  if (key === 'needs_human') {
    turn.setNeedsHuman(stored === true);
    if (stored === true) turn.handedOff = true;
  }
}

/** GET SESSION(key): the value in context_data (needs_human as the routing rule reads it), NULL when unset. */
export function getSessionKey(turn: SessionTurn, rawKey: string): Value {
  const key = rawKey.trim().toLowerCase();
  if (!(READABLE_SESSION_KEYS as readonly string[]).includes(key)) {
    throw new Error(`GET SESSION: unknown key "${rawKey}"; a script may read ${READABLE_SESSION_KEYS.join(', ')}`);
  }
  if (key === 'needs_human') return turn.needsHuman();
  return (turn.context[key] ?? null) as Value;
}

function toBoolean(key: string, value: Value): boolean {
  if (typeof value === 'boolean') return value;
  if (value === 1 || value === 0) return value === 1;
  if (typeof value === 'string' && /^(true|false)$/i.test(value.trim())) return value.trim().toLowerCase() === 'true';
  throw new Error(`SET SESSION: "${key}" takes TRUE or FALSE, got ${JSON.stringify(value)}`);
}
