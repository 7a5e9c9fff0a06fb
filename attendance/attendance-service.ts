/**
 * The attendance use cases wired together, and the engine's AttendancePort built from them.
 *
 * The engine and this service need each other: the engine is created with `attendance: port`,
 * while the use cases message customers and resolve sessions through the engine. The cycle is
 * broken with a getter — `engine: () => engine` — read only when a message goes out, by which
 * time the composition root has assigned it:
 *
 * ```ts
 * let engine: EngineService | undefined;
 * const attendance = createAttendanceService({ db, bots, engine: () => engine! });
 * engine = createEngine({ ...deps, attendance: attendance.port });
 * ```
 */
import type { BotConfig } from '../config/index.js';
import {
  createAttendanceConversationsRepo, createAttendanceEventsRepo, createAttendantProfilesRepo, type ConversationRow, type Database,
} from '../db/index.js';
import type { Channel, EngineEventHandlers, EngineService, OutboundMessage } from '../engine/index.js';
import type { Logger } from '../infra/logger.js';
import type { AttendantStatus } from './assignment/capacity.js';
import { combineListeners, type AttendanceListener } from './attendance-listener.js';
import { assignConversation, type AssignConversationInput, type AssignDeps } from './assign-conversation.js';
import { backfillWaiting } from './backfill-waiting.js';
import type { ConversationStatus } from './conversation-status.js';
import { queueConversation } from './queue-conversation.js';
import { relayAttendantMessage, type RelayAttendantMessageInput } from './relay-attendant-message.js';
import { resolveAttendance, type ResolveAttendanceInput } from './resolve-attendance.js';
import { answerSurvey } from './satisfaction-survey.js';
import { takeConversation, type TakeConversationInput } from './take-conversation.js';
import type { TicketDeps } from './tickets/ticket-scope.js';

export interface AttendanceServiceDeps {
  db: Database;
  /** The engine, read lazily (see the module comment). */
  engine: () => Pick<EngineService, 'send' | 'resolve'>;
  /** A bot's configuration by bot id or name. */
  bots: (idOrName: string) => BotConfig | undefined;
  now?: () => Date;
  /** Where failures of customer notices and of listeners are reported. */
  logger?: Pick<Logger, 'error'>;
  /** Told about every change and customer message (live events, email, survey, tickets…), in this order. */
  listeners?: readonly Partial<AttendanceListener>[];
  /** Told about every ticket change (the consoles' `ticket_updated` frames); see `TicketDeps.onTicketChange`. */
  onTicketChange?: TicketDeps['onTicketChange'];
}

/** A queue item as seed 2.9 shows it (plus queue, topic and the cycle's timestamps). */
export interface QueueItem {
  session_id: string;
  user_id: string;
  bot_id: string;
  channel: string;
  user_name: string;
  user_email: string | null;
  user_phone: string | null;
  last_message: string | null;
  waiting_time_seconds: number;
  priority: number;
  status: ConversationStatus;
  assigned_to: string | null;
  assigned_to_name: string | null;
  queue_id: string | null;
  topic: string | null;
  waiting_since: string | null;
  accepted_at: string | null;
}

export interface QueueItemsFilter {
  bot_id?: string;
  statuses?: readonly ConversationStatus[];
  queue_ids?: readonly string[];
  assigned_to?: string;
}

/** Builds the service; nothing runs until the engine calls the port or a caller calls a use case. */
export function createAttendanceService(deps: AttendanceServiceDeps) {
  const now = deps.now ?? (() => new Date());
  const listener = combineListeners(deps.listeners ?? [], (error, what) =>
    deps.logger?.error({ err: error }, `attendance listener failed (${what})`));
  const base: AssignDeps = { db: deps.db, config: deps.bots, now, listener };
  const pending = new Set<Promise<unknown>>();
  const ticketDeps: TicketDeps = { db: deps.db, config: deps.bots, now, ...(deps.onTicketChange ? { onTicketChange: deps.onTicketChange } : {}) };

  /**
   * Customer notices from enqueue are sent after it returns: enqueue runs inside the engine's
   * conversation lock and `engine.send` takes the same lock, so awaiting it there would deadlock.
   * The lock is FIFO, so the notice still follows the turn that caused it.
   */
  const notify = (messages: OutboundMessage[]): void => {
    const sending = Promise.resolve()
      .then(() => deps.engine().send(messages))
      .catch((error: unknown) => deps.logger?.error({ err: error }, 'attendance notice not sent'))
      .finally(() => pending.delete(sending));
    pending.add(sending);
  };

  const enqueue: NonNullable<EngineEventHandlers['session.handed_off']> = async ({ session, message }) => {
    const inbound = {
      channel: session.channel as Channel, bot: session.bot_id, customer: message.customer, text: message.text, attachments: [],
      received_at: new Date(message.received_at), raw: null,
    };
    await queueConversation({ ...base, notify }, { session, inbound });
  };
  /** What attendance does with the engine's domain events (engine/domain-events.ts). */
  const engineEventHandlers: EngineEventHandlers = {
    'session.handed_off': enqueue,
    'customer.messaged': enqueue,
    'survey.answered': async ({ session, score, mark }) => {
      await answerSurvey({ db: deps.db, now }, { session, score, mark });
    },
  };

  return {
    engineEventHandlers,
    /**
     * The clock, bot configuration and listeners every use case runs with, for use cases wired
     * outside this file (transfer, kanban moves, queue administration), so their changes reach the
     * same listeners as the ones here.
     */
    useCaseDeps: base,
    /** What the ticket use cases run with: the same database, configuration and clock, and `onTicketChange`. */
    ticketDeps,
    /** `/take` (see takeConversation). */
    take: (input: TakeConversationInput) => takeConversation(base, input),
    /** Auto-assignment, or a supervisor's explicit assignment with `attendantId`. */
    assign: (input: AssignConversationInput) => assignConversation(base, input),
    /** `/resolve`: back to the bot, then backfill for the freed attendant. */
    resolve: (input: ResolveAttendanceInput) =>
      resolveAttendance({ ...base, engine: deps.engine, ...(deps.logger ? { logger: deps.logger } : {}) }, input),
    /** Plain text from an attendant to the customer (see relayAttendantMessage). */
    relay: (input: RelayAttendantMessageInput) => relayAttendantMessage({ ...base, engine: deps.engine }, input),
    /**
     * `/status` (seed 3.4); coming online backfills waiting items. Resolves to what was assigned.
     * Each change is logged as `status_changed` (`{status, previous}`): the insights' attendant
     * utilization measures online time from it.
     */
    async setStatus(userId: string, status: AttendantStatus): Promise<ConversationRow[]> {
      const profiles = createAttendantProfilesRepo(deps.db);
      const previous = (await profiles.get(userId))?.status ?? null;
      await profiles.setStatus(userId, status);
      if (previous !== status) {
        await createAttendanceEventsRepo(deps.db).append({
          session_id: null, bot_id: null, queue_id: null, attendant_id: userId, type: 'status_changed', data: { status, previous }, at: now(),
        });
      }
      return status === 'online' ? backfillWaiting(base, { attendantId: userId }) : [];
    },
    /** Queue items (seed 2.9), highest priority and oldest first. */
    async queueItems(filter: QueueItemsFilter = {}): Promise<QueueItem[]> {
      const rows = await createAttendanceConversationsRepo(deps.db).listItems(filter);
      const at = now().getTime();
      return rows.map((r) => {
        const contactName = [r.contact_first_name, r.contact_last_name].filter(Boolean).join(' ');
        const customerName = typeof r.context_data.customer_name === 'string' ? r.context_data.customer_name : undefined;
        const since = r.waiting_since?.getTime() ?? at;
        const until = r.status === 'waiting' ? at : (r.accepted_at?.getTime() ?? r.resolved_at?.getTime() ?? at);
        return {
          session_id: r.session_id, user_id: r.user_id, bot_id: r.bot_id, channel: r.channel,
          user_name: contactName || customerName || r.external_user_id,
          user_email: r.contact_email, user_phone: r.contact_phone, last_message: r.last_message,
          waiting_time_seconds: Math.max(0, Math.round((until - since) / 1000)),
          priority: r.priority, status: r.status, assigned_to: r.assigned_to, assigned_to_name: r.assigned_to ? r.assigned_to_name : null,
          queue_id: r.queue_id, topic: r.topic, waiting_since: r.waiting_since?.toISOString() ?? null,
          accepted_at: r.accepted_at?.toISOString() ?? null,
        };
      });
    },
    /** Resolves once every customer notice handed out so far was sent (tests, graceful shutdown). */
    async idle(): Promise<void> {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}

export type AttendanceService = ReturnType<typeof createAttendanceService>;
