import { translate } from '../infra/i18n.js';
import { attendanceAvailable } from './routing-rule.js';
import type { SessionTurn } from './session-turn.js';

/**
 * What the customer is told when the session goes to the queue ("wait message sent"), in English;
 * a bot's customers read it in the bot's `language` (locales/<language>/server.json, `transfer.wait`).
 */
export const WAIT_MESSAGE = translate('en', 'transfer.wait');

/** Shown to the script when the bot has no human side. */
export const CRM_DISABLED_MESSAGE = 'Human attendance is disabled for this bot (attendance-enabled or crm-enabled is false).';

/** A transfer as TRANSFER TO HUMAN or the keyword rule asks for it. */
export interface TransferRequest {
  reason?: string;
  priority?: string;
  target?: string;
  department?: string;
  destination?: string;
  /** Skills the attendant needs, as `"billing:3, spanish"` (docs/attendance/skills-routing.md). */
  skills?: string;
}

/** What TRANSFER TO HUMAN answers the script (docs/basic.md): its result object. */
export type TransferOutcome = {
  success: boolean;
  status: string;
  queue_position: null;
  assigned_to: null;
  assigned_to_name: null;
  estimated_wait_seconds: null;
  message: string;
};

/**
 * Hands the session to a human (false → true): needs_human true; transfer_reason,
 * transfer_time, priority, target, department, destination and transfer_skills (null when not given) in context_data; the wait
 * message to the customer (from `system`, in the bot's language). Resolves to the TRANSFER TO HUMAN result object. When
 * the bot has no human side nothing changes and the status is `crm_disabled`.
 */
export function transferToHuman(turn: SessionTurn, request: TransferRequest, now: Date): TransferOutcome {
  const result = (success: boolean, status: string, message: string): TransferOutcome => ({
    success, status, queue_position: null, assigned_to: null, assigned_to_name: null, estimated_wait_seconds: null, message,
  });
  if (!attendanceAvailable(turn.bot.config)) return result(false, 'crm_disabled', CRM_DISABLED_MESSAGE);

  turn.setNeedsHuman(true);
  turn.setContext('transfer_reason', request.reason ?? 'requested by the bot');
  turn.setContext('transfer_time', now.toISOString());
  turn.setContext('priority', request.priority ?? turn.bot.config['attendance-priority-default']);
  // Each hand-over names its own target, department and destination: one it leaves out is cleared,
  // so an earlier transfer's choice does not steer this one (docs/attendance/README.md, "Destinations").
  for (const field of ['target', 'department', 'destination'] as const) turn.setContext(field, request[field] ?? null);
  turn.setContext('transfer_skills', request.skills ?? null);
  const wait = translate(turn.bot.config.language, 'transfer.wait');
  turn.say(wait, 'system');
  turn.handedOff = true;
  return result(true, 'queued', wait);
}
