/**
 * A message for the human side (the engine's AttendancePort.enqueue): the first
 * one of a cycle turns the session into a waiting queue item and tells the customer
 * where they stand; later ones only refresh the item's last message.
 */
import { defaultBotConfig, type BotConfig } from '../config/index.js';
import { translate } from '../infra/i18n.js';
import {
  type ConversationRow, type HandoffFacts, type HandoffQueueing, type QueueHoursRow, type QueueRow,
} from '../db/index.js';
import { answerUnstaffed, unstaffedSituation, type UnstaffedDeps } from './hours/answer-unstaffed.js';
import { waitingNotice } from './queue-notice.js';
import type { InboundMessage, OutboundMessage, SessionSnapshot } from '../engine/index.js';
import { queuePosition } from './assignment/backfill-order.js';
import { conversationSkills, rulesUseTier } from './assignment/conversation-skills.js';
import type { SkillRequirement } from './assignment/skills.js';
import { matchQueue } from './assignment/select-by-queue.js';
import { assignConversation, customerContactOf, logEntries, queuesOfBot, recordEvents, type AssignDeps } from './assign-conversation.js';
import { silentListener, type KnownFacts } from './attendance-listener.js';
import { transition } from './conversation-status.js';
import { defaultPriority, resolvePriority } from './priority.js';

export interface QueueConversationDeps extends AssignDeps, Omit<UnstaffedDeps, keyof AssignDeps> {
  /** Sends system messages to the customer (the engine's outbound side). */
  notify: (messages: OutboundMessage[]) => Promise<void>;
}

export interface QueueConversationInput {
  session: SessionSnapshot;
  inbound: InboundMessage;
  /** A handoff: a new cycle is likely, so what it needs is read together with the item. */
  expectNew?: boolean;
  /** What the handoff's events job read before this ran (db/attendance-handoff-repo.ts): then nothing is read again. */
  facts?: HandoffFacts;
}

export type QueueConversationResult =
  | { kind: 'queued'; item: ConversationRow; position: number; estimated_wait_seconds: number; assigned_to: string | null }
  | { kind: 'queue_full'; size: number }
  | { kind: 'updated'; item: ConversationRow };

/** Told to the customer when the queue refuses the conversation, in the bot's `language` (`queue.full` of locales/). */
export function queueFullMessage(language?: string): string {
  return translate(language, 'queue.full');
}

/** {@link queueFullMessage} in English. */
export const QUEUE_FULL_MESSAGE = queueFullMessage('en');

/** The position notice (`queue_position`) with the estimate rounded up to whole minutes, in the bot's `language` (English when not given). */
export function queueMessage(position: number, estimatedWaitSeconds: number, language?: string): string {
  const minutes = Math.max(1, Math.ceil(estimatedWaitSeconds / 60));
  return translate(language, 'queue.position', { position, count: minutes });
}

/** How far back resolved attendances count for the average handle time. */
export const HANDLE_WINDOW_MS = 24 * 3600 * 1000;

/**
 * Queues the session or records a further customer message.
 *
 * - No item yet, or the last cycle was resolved: `transfer` → waiting, with priority from
 *   `context_data.priority` (else `attendance-priority-default`), topic from the transfer's
 *   department or target, the bot's matching queue, and the message as last_message. The
 *   customer is told their position and an estimate (position × the bot's average handle time
 *   over the last 24 hours, or `attendance-max-wait-seconds` when there is no history). Then
 *   auto-assignment is tried.
 * - The bot's queue already holds `attendance-queue-size` waiting items: nothing is stored, the
 *   customer is told no one can take the conversation now, and needs_human is left as it is, so
 *   the customer's next message tries the queue again instead of silently going back to the bot.
 * - An item in progress: last_message is refreshed; a pending item becomes active again
 *   (`customer_replied`); the message is logged as `customer_message`.
 */
export async function queueConversation(deps: QueueConversationDeps, input: QueueConversationInput): Promise<QueueConversationResult> {
  const { session, inbound } = input;
  const repo = deps.repos.conversations;
  const now = deps.now();
  // A handoff reads all it needs at once, in parallel: one round trip (docs/performance.md, "Handoff round trips").
  // Later customer messages usually find their item in progress, so they read it alone first.
  const { facts } = input;
  const ahead = facts ? Promise.resolve(facts) : input.expectNew ? readForQueue(deps, session.bot_id, now) : undefined;
  const current = facts ? facts.conversation : await repo.get(session.id);
  if (current && current.status !== 'resolved') return followUp(deps, current, inbound.text);
  const { waiting, queues, average } = await (ahead ?? readForQueue(deps, session.bot_id, now));

  const config = deps.config(session.bot_id) ?? defaultBotConfig();
  const size = config['attendance-queue-size'];
  const customer = (text: string): OutboundMessage => ({
    session_id: session.id, channel: inbound.channel, to: session.external_user_id, text, from: 'system',
  });
  if (waiting.length >= size) {
    await deps.notify([customer(queueFullMessage(config.language))]);
    return { kind: 'queue_full', size };
  }

  const cycle = cycleOf(session, config, facts ? facts.contact?.tier : await contactTier(deps, session, config));
  const queue = matchQueue(queues, session.channel, cycle.named ?? undefined);
  const from = current ? 'resolved' : 'none';
  // A handoff's statement may have started the cycle already, in the events job's round trip.
  const { started } = facts ?? {};
  const at = started?.waiting_since ?? now;
  const result = transition(from, 'transfer', {
    session_id: session.id, at, priority: cycle.priority, ...(queue ? { queue_id: queue.id } : {}), ...(cycle.reason ? { reason: cycle.reason } : {}),
  });
  // The item and its event log in one statement.
  const item = started ? await withTier(deps, started, cycle.required) : await repo.startLogged({
    session_id: session.id, bot_id: session.bot_id, channel: session.channel, status: result.next, priority: cycle.priority,
    queue_id: queue?.id ?? null, assigned_to: null, topic: cycle.topic, required_skills: cycle.required, last_message: inbound.text, waiting_since: now,
  }, from, logEntries(result.events));
  if (!item) return followUp(deps, (await repo.get(session.id))!, inbound.text);
  // The queue as read before, with the new item in it.
  const queued = [...waiting.filter((w) => w.session_id !== item.session_id), item].map((w) => ({ ...w, waiting_since: w.waiting_since ?? w.updated_at }));
  await (deps.listener ?? silentListener).conversationChanged(item, result.events, facts ? knownOf(facts, queued.length, queues) : { queues });

  const position = queuePosition(queued, session.id) ?? queued.length;
  const estimate = average === undefined ? config['attendance-max-wait-seconds'] : Math.round(position * average);
  // A queue with business hours answers for itself (docs/attendance/business-hours.md); read after the frame went out.
  const hoursRow = !item.queue_id ? undefined
    : facts ? facts.queueHours.find((h) => h.queue_id === item.queue_id) : await deps.repos.hours.get(item.queue_id);
  if (hoursRow) return queueWithHours(deps, { item, hoursRow, facts, position, estimate, to: session.external_user_id, queueName: queue?.name ?? '', customer });
  await deps.notify([customer(queueMessage(position, estimate, config.language))]);

  const assigned = await assignConversation(deps, { sessionId: session.id, current: item, ...(facts ? { known: facts } : {}) });
  return { kind: 'queued', item: assigned ?? item, position, estimated_wait_seconds: estimate, assigned_to: assigned?.assigned_to ?? null };
}

/**
 * The new cycle of a queue with business hours: closed or unstaffed, the automatic reply and the
 * queue's action (hours/answer-unstaffed.ts); otherwise assignment is tried first, so a customer
 * left waiting gets the `all_busy` reply when the queue has one (queue-notice.ts).
 */
async function queueWithHours(deps: QueueConversationDeps, input: {
  item: ConversationRow; hoursRow: QueueHoursRow; facts: HandoffFacts | undefined; position: number; estimate: number; to: string; queueName: string;
  customer: (text: string) => OutboundMessage;
}): Promise<QueueConversationResult> {
  const { item, hoursRow, facts, position, estimate } = input;
  const known = facts ? { online: facts.profiles.filter((p) => p.status === 'online'), memberships: facts.memberships } : {};
  const situation = await unstaffedSituation(deps, item, hoursRow, known);
  if (situation) {
    const after = await answerUnstaffed(deps, { item, situation, hoursRow, to: input.to, queueName: input.queueName, expectedWaitSeconds: estimate, position });
    return { kind: 'queued', item: after, position, estimated_wait_seconds: estimate, assigned_to: null };
  }
  const assigned = await assignConversation(deps, { sessionId: item.session_id, current: item, ...(facts ? { known: facts } : {}) });
  const config = deps.config(item.bot_id) ?? defaultBotConfig();
  const text = assigned
    ? queueMessage(position, estimate, config.language)
    : waitingNotice({ position, estimatedWaitSeconds: estimate, language: config.language, channel: item.channel, hours: hoursRow, queueName: input.queueName });
  await deps.notify([input.customer(text)]);
  return { kind: 'queued', item: assigned ?? item, position, estimated_wait_seconds: estimate, assigned_to: assigned?.assigned_to ?? null };
}

/**
 * What a new cycle starts with, from the session's context and the bot's settings; `tier` is the
 * CRM contact's, when known (the skill rules' `tier:` entries read it).
 */
function cycleOf(session: SessionSnapshot, config: BotConfig, tier?: string | null) {
  const context = session.context_data;
  const topic = text(context.department) ?? text(context.target) ?? text(context.topic) ?? null;
  return {
    priority: resolvePriority(context.priority, defaultPriority(config['attendance-priority-default'])),
    topic,
    required: conversationSkills({
      context, channel: session.channel, topic, rules: config['attendance-skill-rules'], botLanguage: config.language, contactTier: tier,
    }),
    /** A transfer's target or department: the queue of that name is chosen first. */
    named: text(context.target) ?? text(context.department) ?? null,
    reason: text(context.transfer_reason),
  };
}

/**
 * The queueing a handoff's statement may do itself, in the events job's round trip
 * (db/attendance-handoff-repo.ts, docs/performance.md "Handoff round trips"): the same cycle as
 * {@link queueConversation} starts, for the handoff event `eventId`.
 */
export function handoffQueueing(
  eventId: string, session: SessionSnapshot, message: { text: string }, config: BotConfig, now: Date,
): HandoffQueueing {
  const cycle = cycleOf(session, config);
  const { events } = transition('none', 'transfer', {
    session_id: session.id, at: now, priority: cycle.priority, ...(cycle.reason ? { reason: cycle.reason } : {}),
  });
  return {
    event_id: eventId, channel: session.channel, size: config['attendance-queue-size'], priority: cycle.priority,
    topic: cycle.topic, named: cycle.named, required_skills: cycle.required, last_message: message.text, waiting_since: now, log: logEntries(events),
  };
}

/**
 * The customer's CRM tier for the skill rules, read only when the bot has a `tier:` rule and the
 * script set no `customer_tier` (otherwise nothing is read: docs/performance.md, "Handoff round trips").
 */
async function contactTier(deps: QueueConversationDeps, session: SessionSnapshot, config: BotConfig): Promise<string | null | undefined> {
  if (!rulesUseTier(config['attendance-skill-rules']) || text(session.context_data.customer_tier)) return undefined;
  const customerId = (await deps.repos.sessions.findById(session.id))?.customer_id;
  return customerId ? (await deps.repos.crm.getContact(customerId))?.tier : undefined;
}

/**
 * A handoff's statement wrote the cycle before the contact was known; when the contact's tier
 * asks for more, the row is brought up to date (one write, only then).
 */
async function withTier(deps: QueueConversationDeps, row: ConversationRow, required: SkillRequirement[]): Promise<ConversationRow> {
  if (JSON.stringify(row.required_skills ?? []) === JSON.stringify(required)) return row;
  return (await deps.repos.conversations.setRequiredSkills(row.session_id, required)) ?? row;
}

/** What the listeners may take from a handoff's facts instead of reading it. */
function knownOf(facts: HandoffFacts, waiting: number, queues: readonly QueueRow[]): KnownFacts {
  const contact = customerContactOf(facts);
  return {
    session: facts.session, online: facts.profiles.filter((p) => p.status === 'online'), memberships: facts.memberships, waiting, queues,
    slaPolicies: facts.slaPolicies, queueHours: facts.queueHours,
    ...(contact === undefined ? {} : { contact }),
  };
}

/** What a new cycle reads, all at once: the bot's waiting items, its queues and its average handle time. */
async function readForQueue(deps: QueueConversationDeps, botId: string, now: Date) {
  const repo = deps.repos.conversations;
  const [waiting, queues, average] = await Promise.all([
    repo.listWaiting({ bot_id: botId }),
    queuesOfBot(deps.repos, botId),
    repo.averageHandleSeconds(botId, new Date(now.getTime() - HANDLE_WINDOW_MS)),
  ]);
  return { waiting, queues, average };
}

/** A customer message on an item already in progress. */
async function followUp(deps: QueueConversationDeps, item: ConversationRow, message: string): Promise<QueueConversationResult> {
  const repo = deps.repos.conversations;
  await repo.setLastMessage(item.session_id, message);
  let current: ConversationRow = { ...item, last_message: message };
  const result = transition('pending', 'customer_replied', { session_id: item.session_id, at: deps.now() });
  const resumed = item.status === 'pending' ? await repo.apply(item.session_id, { status: 'pending' }, result.next) : undefined;
  if (resumed) {
    current = resumed;
    await recordEvents(deps, resumed, result.events);
  } else {
    await deps.repos.events.append({
      session_id: item.session_id, bot_id: item.bot_id, queue_id: item.queue_id, attendant_id: item.assigned_to,
      type: 'customer_message', data: { status: item.status }, at: deps.now(),
    });
  }
  await (deps.listener ?? silentListener).customerMessage(current, message);
  return { kind: 'updated', item: current };
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}
