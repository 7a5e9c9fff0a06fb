/**
 * The attendance use cases wired together. The composition root builds the engine first and this
 * service second, handing it the engine's outbound side (`customers`) and the repositories; the
 * engine hears nothing back — attendance subscribes to its domain events (`engineEventHandlers`),
 * which a job hands out after each committed turn (docs/architecture.md, "One-way handoff").
 */
import { endLeftConversation } from './end-left-conversation.js';
import { defaultBotConfig, type BotConfig } from '../config/index.js';
import {
  type ConversationRow, type HandoffFacts, type HandoffQueueing,
} from '../db/index.js';
import {
  ENGINE_EVENTS, type Channel, type EngineEventHandlers, type EngineEventPayloads, type JobEvent, type OutboundMessage,
} from '../engine/index.js';
import type { JobQueue } from '../infra/jobs/index.js';
import type { Logger } from '../infra/logger.js';
import type { AttendantStatus } from './assignment/capacity.js';
import { mergeRequirements, type SkillRequirement } from './assignment/skills.js';
import { combineListeners, type AttendanceListener } from './attendance-listener.js';
import { assignConversation, type AssignConversationInput, type AssignDeps } from './assign-conversation.js';
import { backfillWaiting } from './backfill-waiting.js';
import type { ConversationStatus } from './conversation-status.js';
import { customerNameOf } from './customer-name.js';
import { HANDLE_WINDOW_MS, handoffQueueing, queueConversation } from './queue-conversation.js';
import { queueNotice } from './queue-notice.js';
import { openVoicemailTicket, type VoicemailInput } from './tickets/open-voicemail-ticket.js';
import { relayAttendantMessage, type RelayAttendantMessageInput } from './relay-attendant-message.js';
import { resolveAttendance, type ResolveAttendanceInput } from './resolve-attendance.js';
import { answerSurvey } from './satisfaction-survey.js';
import { takeConversation, type TakeConversationInput } from './take-conversation.js';
import { findAttendant } from './attendants/attendance-users.js';
import { heldConversation, seesAll, visibleConversation, type Actor } from './commands/attendant-scope.js';
import type { TicketDeps } from './tickets/ticket-scope.js';
import type { AttendanceRepositories } from './attendance-repositories.js';
import type { CustomerOutbound } from './customer-outbound.js';

export interface AttendanceServiceDeps {
  repos: AttendanceRepositories;
  /** The engine's outbound side: messages to customers, and the end of attendance. */
  customers: CustomerOutbound;
  /** A bot's configuration by bot id or name. */
  bots: (idOrName: string) => BotConfig | undefined;
  now?: () => Date;
  /** Where failures of customer notices and of listeners are reported. */
  logger?: Pick<Logger, 'error'>;
  /** Told about every change and customer message (live events, email, survey, tickets…), in this order. */
  listeners?: readonly Partial<AttendanceListener>[];
  /** Told about every ticket change (the consoles' `ticket_updated` frames); see `TicketDeps.onTicketChange`. */
  onTicketChange?: TicketDeps['onTicketChange'];
  /** The job queue, for the opening checks of closed queues (hours/hours-jobs.ts); without it they wait to be taken. */
  jobs?: Pick<JobQueue, 'add'>;
}

/** A queue item as the API shows it (plus queue, topic and the cycle's timestamps). */
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
  /** What an attendant must know to get it automatically: its own requirement and its queue's, before widening. */
  required_skills: SkillRequirement[];
}

export interface QueueItemsFilter {
  bot_id?: string;
  statuses?: readonly ConversationStatus[];
  queue_ids?: readonly string[];
  assigned_to?: string;
}

/** A session key a channel or script kept, as text; null when absent or blank. */
const keptText = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/** Marks what `prepare` resolved to, so a handler never mistakes another subscriber's value for it. */
const FACTS = Symbol('handoff facts');
const isHandoffFacts = (value: unknown): value is HandoffFacts => typeof value === 'object' && value !== null && FACTS in value;

/** Builds the service; nothing runs until the engine calls the port or a caller calls a use case. */
export function createAttendanceService(deps: AttendanceServiceDeps) {
  const now = deps.now ?? (() => new Date());
  const listener = combineListeners(deps.listeners ?? [], (error, what) =>
    deps.logger?.error({ err: error }, `attendance listener failed (${what})`));
  const base: AssignDeps = { repos: deps.repos, config: deps.bots, now, listener };
  const ticketDeps: TicketDeps = { repos: deps.repos, config: deps.bots, now, ...(deps.onTicketChange ? { onTicketChange: deps.onTicketChange } : {}) };

  // Runs in the events job, after the turn committed: the notice is awaited, and a failure retries the event.
  const notify = async (messages: OutboundMessage[]): Promise<void> => {
    await deps.customers.send(messages);
  };

  // What a new cycle may do besides queueing: hand the session back to the bot, open a ticket, wait for the opening (docs/attendance/business-hours.md).
  const queueing = {
    ...base, notify, release: (sessionId: string) => deps.customers.resolve(sessionId, {}),
    ...(deps.jobs ? { jobs: deps.jobs } : {}), ...(deps.onTicketChange ? { onTicketChange: deps.onTicketChange } : {}),
  };

  // The job's own handoff is queued by the statement itself when it can (attendance/queue-conversation.ts, handoffQueueing).
  const queueingOf = (event: JobEvent): { queueing?: HandoffQueueing } => {
    if (event.name !== ENGINE_EVENTS.handedOff) return {};
    const { session, message } = event.payload as EngineEventPayloads['session.handed_off'];
    return { queueing: handoffQueueing(event.id, session, message, deps.bots(session.bot_id) ?? defaultBotConfig(), now()) };
  };

  const enqueue = (expectNew: boolean): NonNullable<EngineEventHandlers['session.handed_off']> => async ({ session, message }, prepared) => {
    const inbound = {
      channel: session.channel as Channel, bot: session.bot_id, customer: message.customer, text: message.text, attachments: [],
      received_at: new Date(message.received_at), raw: null,
    };
    // The facts read beside the events job's own read apply to the handoff they were read for.
    const facts = expectNew && isHandoffFacts(prepared) && prepared.session.id === session.id ? prepared : undefined;
    await queueConversation(queueing, { session, inbound, expectNew, ...(facts ? { facts } : {}) });
  };
  /** What attendance does with the engine's domain events (engine/domain-events.ts). */
  const engineEventHandlers: EngineEventHandlers = {
    // A pending handoff's reads, and the job's own handoff's queueing, ride on the events job's call (docs/performance.md, "Handoff round trips").
    prepare: (sessionId, event) => ({
      statement: deps.repos.handoffs.statement({
        sessionId, since: new Date(now().getTime() - HANDLE_WINDOW_MS), ...(event ? queueingOf(event) : {}),
      }),
      parse: (answer) => {
        const facts = deps.repos.handoffs.parse(answer);
        return facts && { [FACTS]: true, ...facts };
      },
    }),
    'session.handed_off': enqueue(true),
    'customer.messaged': enqueue(false),
    'session.closed': async ({ session }) => {
      await endLeftConversation(base, session.id);
    },
    'survey.answered': async ({ session, score, mark }) => {
      await answerSurvey({ repos: deps.repos, now }, { session, score, mark });
    },
  };

  const resolve = (input: ResolveAttendanceInput) =>
    resolveAttendance({ ...base, customers: deps.customers, ...(deps.logger ? { logger: deps.logger } : {}) }, input);

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
    /** A waiting customer's place in the queue now, as the notice they were given (a phone call repeats it on hold). */
    queueNotice: (sessionId: string) => queueNotice(base, sessionId),
    /** A caller's voicemail: the conversation leaves the queue and a ticket holds the message (docs/channels/rtc-sip.md). */
    takeVoicemail: (input: VoicemailInput) => openVoicemailTicket({ ...base, ...(deps.onTicketChange ? { onTicketChange: deps.onTicketChange } : {}) }, input),
    /** `/take` (see takeConversation). */
    take: (input: TakeConversationInput) => takeConversation(base, input),
    /** Auto-assignment, or a supervisor's explicit assignment with `attendantId`. */
    assign: (input: AssignConversationInput) => assignConversation(base, input),
    /** `/resolve`: back to the bot, then backfill for the freed attendant. */
    resolve,
    /**
     * POST /api/attendance/resolve: attendants resolve what they hold, supervisors any conversation
     * they can see; the row read for that check is the one resolved.
     */
    async resolveAs(actor: Actor, sessionId: string): Promise<ConversationRow> {
      const current = seesAll(actor) ? await visibleConversation(deps.repos, actor, sessionId) : await heldConversation(deps.repos, actor, sessionId);
      return (await resolve({ sessionId, actorId: actor.user_id, current })).item;
    },
    /**
     * POST /api/attendance/assign (supervisors): a waiting conversation goes to the attendant, a held
     * one moves to them. Assigning it to the one who already holds it changes nothing (an active
     * chat must not be demoted). Resolves to the row and the attendant's display name.
     */
    async assignAs(actor: Actor, input: { sessionId: string; attendantId: string }): Promise<{ row: ConversationRow; name: string }> {
      const attendant = await findAttendant(deps.repos, input.attendantId);
      const current = await visibleConversation(deps.repos, actor, input.sessionId);
      const held = current.assigned_to === attendant.id && current.status !== 'waiting' && current.status !== 'resolved';
      const row = held ? current : await assignConversation(base, { sessionId: input.sessionId, attendantId: attendant.id, actorId: actor.user_id, current });
      const name = (await deps.repos.conversations.attendantName(attendant.id)) ?? attendant.username;
      return { row: row!, name };
    },
    /** Plain text from an attendant to the customer (see relayAttendantMessage). */
    relay: (input: RelayAttendantMessageInput) => relayAttendantMessage({ ...base, customers: deps.customers }, input),
    /**
     * `/status`; coming online backfills waiting items. Resolves to what was assigned.
     * Each change is logged as `status_changed` (`{status, previous}`): the insights' attendant
     * utilization measures online time from it.
     */
    async setStatus(userId: string, status: AttendantStatus): Promise<ConversationRow[]> {
      const profiles = deps.repos.profiles;
      const previous = (await profiles.get(userId))?.status ?? null;
      await profiles.setStatus(userId, status);
      if (previous !== status) {
        await deps.repos.events.append({
          session_id: null, bot_id: null, queue_id: null, attendant_id: userId, type: 'status_changed', data: { status, previous }, at: now(),
        });
      }
      return status === 'online' ? backfillWaiting(base, { attendantId: userId }) : [];
    },
    /** Queue items, highest priority and oldest first. */
    async queueItems(filter: QueueItemsFilter = {}): Promise<QueueItem[]> {
      const rows = await deps.repos.conversations.listItems(filter);
      const at = now().getTime();
      return rows.map((r) => {
        const since = r.waiting_since?.getTime() ?? at;
        const until = r.status === 'waiting' ? at : (r.accepted_at?.getTime() ?? r.resolved_at?.getTime() ?? at);
        return {
          session_id: r.session_id, user_id: r.user_id, bot_id: r.bot_id, channel: r.channel,
          user_name: customerNameOf(r),
          user_email: r.contact_email ?? keptText(r.context_data.customer_email),
          user_phone: r.contact_phone ?? keptText(r.context_data.customer_phone), last_message: r.last_message,
          waiting_time_seconds: Math.max(0, Math.round((until - since) / 1000)),
          priority: r.priority, status: r.status, assigned_to: r.assigned_to, assigned_to_name: r.assigned_to ? r.assigned_to_name : null,
          queue_id: r.queue_id, topic: r.topic, waiting_since: r.waiting_since?.toISOString() ?? null,
          accepted_at: r.accepted_at?.toISOString() ?? null,
          required_skills: mergeRequirements(r.required_skills, r.queue_required_skills),
        };
      });
    },
  };
}

export type AttendanceService = ReturnType<typeof createAttendanceService>;
