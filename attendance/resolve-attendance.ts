/**
 * `/resolve`: the attendance ends, the conversation returns to the
 * bot, the customer is asked for a satisfaction score, and the attendant's freed slot is
 * backfilled from the queue.
 */
import { defaultBotConfig } from '../config/index.js';
import {
  type ConversationRow,
} from '../db/index.js';
import { SURVEY_CONTEXT_KEY } from '../engine/index.js';
import type { CustomerOutbound } from './customer-outbound.js';
import { ConflictError, NotFoundError } from '../infra/errors.js';
import { translate } from '../infra/i18n.js';
import type { Logger } from '../infra/logger.js';
import { recordEvents, type AssignDeps } from './assign-conversation.js';
import { backfillWaiting } from './backfill-waiting.js';
import { transition } from './conversation-status.js';
import { messageCustomer } from './message-customer.js';
import type { SurveyMark } from './satisfaction-survey.js';

export interface ResolveAttendanceDeps extends AssignDeps {
  /** The engine's outbound side (attendance/customer-outbound.ts). */
  customers: CustomerOutbound;
  /** Where a survey question that could not be sent is reported (the resolve itself stands). */
  logger?: Pick<Logger, 'error'>;
}

export interface ResolveAttendanceInput {
  sessionId: string;
  /** Who resolves (the attendant or a supervisor); absent for the system. */
  actorId?: string;
  /** The conversation row as the caller already read it (a command's access check), so it is not read twice. */
  current?: ConversationRow;
}

/**
 * Resolves a held (assigned, active or pending) conversation: status resolved with
 * `resolved_at`, then `engine.resolve` (needs_human false, the next customer message reaches the
 * bot; with `attendance-satisfaction-survey` on, the session is marked so that message is first
 * offered as a score), event resolved (listeners write the CRM log entry), then the
 * `attendance-satisfaction-question` (unset: the question of the bot's `language`), then backfill for the attendant who held it. Resolves to
 * the resolved row and the items backfilled.
 *
 * Throws NotFoundError `session_not_found` and ConflictError `invalid_transition` for a waiting
 * or already resolved conversation, or when another writer changed it meanwhile.
 */
export async function resolveAttendance(
  deps: ResolveAttendanceDeps,
  input: ResolveAttendanceInput,
): Promise<{ item: ConversationRow; backfilled: ConversationRow[] }> {
  const repo = deps.repos.conversations;
  const row = input.current ?? await repo.get(input.sessionId);
  if (!row) throw new NotFoundError(`Conversation ${input.sessionId} is not in attendance`, 'session_not_found');
  const now = deps.now();
  const result = transition(row.status, 'resolve', {
    session_id: row.session_id, at: now, ...(input.actorId ? { actor_id: input.actorId } : {}),
    ...(row.assigned_to ? { assigned_to: row.assigned_to } : {}),
  });
  const resolved = await repo.apply(row.session_id, { status: row.status, assigned_to: row.assigned_to }, result.next, { resolved_at: now });
  if (!resolved) throw new ConflictError('The conversation changed meanwhile; reload it', 'invalid_transition', { from: row.status, action: 'resolve' });
  const config = deps.config(row.bot_id) ?? defaultBotConfig();
  // A phone call ends as it is resolved (docs/attendance/calls.md, "Resolving during a call"): nobody is left to give a score.
  const survey = config['attendance-satisfaction-survey'] && row.channel !== 'rtc_sip';
  const mark: SurveyMark = { asked_at: now.toISOString(), attendant_id: row.assigned_to };
  await deps.customers.resolve(row.session_id, survey ? { context: { [SURVEY_CONTEXT_KEY]: mark } } : {});
  // Listeners (the CRM log above all) see the session back with the bot.
  await recordEvents(deps, resolved, result.events);
  // Asked after the CRM entry exists, so the answer always finds the entry it completes.
  if (survey) {
    const question = config['attendance-satisfaction-question'] ?? translate(config.language, 'survey.question');
    await messageCustomer(deps, row, question, 'system')
      .catch((error: unknown) => deps.logger?.error({ err: error, session: row.session_id }, 'satisfaction question not sent'));
  }
  const backfilled = row.assigned_to ? await backfillWaiting(deps, { attendantId: row.assigned_to }) : [];
  return { item: resolved, backfilled };
}
