/**
 * A conversation queued while nobody can attend it (docs/attendance/business-hours.md): the queue
 * is closed, or open with nobody online. The customer gets the queue's automatic reply, and the
 * queue's `closed_action` decides what follows: wait (for the opening, or for someone to come
 * online), become a ticket, or go back to the bot.
 */
import { defaultBotConfig } from '../../config/index.js';
import type { ConversationRow, QueueHoursRow } from '../../db/index.js';
import type { OutboundMessage } from '../../engine/index.js';
import { translate } from '../../infra/i18n.js';
import type { JobQueue } from '../../infra/jobs/index.js';
import { recordEvents, type AssignDeps } from '../assign-conversation.js';
import { transition } from '../conversation-status.js';
import { announceTicketChange, logTicketChange } from '../tickets/ticket-events.js';
import type { TicketDeps } from '../tickets/ticket-scope.js';
import { pickAutoReply, renderAutoReply, type AutoReplyKind } from './auto-reply.js';
import { isOpen, localTime, nextOpening } from './business-hours.js';
import { scheduleOpeningCheck } from './hours-jobs.js';
import { businessHoursOf } from './queue-hours.js';

export interface UnstaffedDeps extends AssignDeps, Pick<TicketDeps, 'onTicketChange'> {
  notify: (messages: OutboundMessage[]) => Promise<void>;
  /** The session goes back to the bot (the engine's `resolve`); without it, `ticket` and `bot` wait instead. */
  release?: (sessionId: string) => Promise<void>;
  /** Where the opening check is enqueued; without it a closed queue's conversation waits for someone to take it. */
  jobs?: Pick<JobQueue, 'add'>;
}

/** Why nobody can attend a conversation now, or undefined when someone can. */
export type Unstaffed = Exclude<AutoReplyKind, 'all_busy'>;

/**
 * The situation of a conversation in a queue with business hours: `closed` outside them,
 * `nobody_online` when no attendant who could take it is online (a member of the queue, or
 * anyone for a queue without members), else undefined.
 */
export async function unstaffedSituation(
  deps: Pick<AssignDeps, 'repos' | 'now'>,
  item: ConversationRow,
  hoursRow: QueueHoursRow,
  known: { online?: readonly { user_id: string }[]; memberships?: readonly { queue_id: string; user_id: string; is_active: boolean }[] } = {},
): Promise<Unstaffed | undefined> {
  if (!isOpen(businessHoursOf(hoursRow), deps.now())) return 'closed';
  const [online, members] = await Promise.all([
    known.online ?? deps.repos.profiles.list({ status: 'online' }),
    known.memberships ? known.memberships.filter((m) => m.queue_id === hoursRow.queue_id) : deps.repos.queues.listMembers(hoursRow.queue_id),
  ]);
  const staff = members.filter((m) => m.is_active).map((m) => m.user_id);
  const anyone = staff.length === 0 ? online.length > 0 : online.some((p) => staff.includes(p.user_id));
  return anyone ? undefined : 'nobody_online';
}

/** Tells the customer and applies the queue's action. Resolves to the conversation as it is after. */
export async function answerUnstaffed(
  deps: UnstaffedDeps,
  input: { item: ConversationRow; situation: Unstaffed; hoursRow: QueueHoursRow; to: string; queueName: string; expectedWaitSeconds: number; position: number },
): Promise<ConversationRow> {
  const { item, situation, hoursRow } = input;
  const config = deps.config(item.bot_id) ?? defaultBotConfig();
  const hours = businessHoursOf(hoursRow);
  const now = deps.now();
  const opens = situation === 'closed' ? nextOpening(hours, now) : undefined;
  const opensAt = opens ? localTime(hours, opens, config.language) : '';
  const configured = pickAutoReply(hoursRow.auto_replies, situation, item.channel, config.language);
  const text = configured
    ? renderAutoReply(configured.text, { queue: input.queueName, opens_at: opensAt, expected_wait_minutes: Math.max(1, Math.ceil(input.expectedWaitSeconds / 60)), position: input.position })
    : translate(config.language, `hours.${situation}`, { opens_at: opensAt });
  const say = (words: string) => deps.notify([{ session_id: item.session_id, channel: item.channel as OutboundMessage['channel'], to: input.to, text: words, from: 'system' }]);
  await say(text);
  const action = deps.release ? hoursRow.closed_action : 'wait';
  if (action === 'wait') {
    if (opens && deps.jobs) await scheduleOpeningCheck(deps.jobs, item, opens, now);
    return item;
  }
  const result = transition('waiting', 'release', { session_id: item.session_id, at: now, reason: situation });
  const released = await deps.repos.conversations.apply(item.session_id, { status: 'waiting' }, result.next, { resolved_at: now });
  // Someone took it meanwhile: it stays theirs.
  if (!released) return (await deps.repos.conversations.get(item.session_id)) ?? item;
  await deps.release!(item.session_id);
  await recordEvents(deps, released, result.events);
  if (action === 'ticket') {
    const number = await openTicket(deps, released, situation);
    await say(translate(config.language, 'hours.ticket', { number }));
  }
  return released;
}

/** The ticket a conversation becomes: its last message as subject, tagged with the situation. */
async function openTicket(deps: UnstaffedDeps, row: ConversationRow, situation: Unstaffed): Promise<number> {
  const session = await deps.repos.sessions.findById(row.session_id);
  const contact = session?.customer_id ? await deps.repos.crm.getContact(session.customer_id) : undefined;
  const message = (row.last_message ?? '').trim();
  const values = {
    session_id: row.session_id,
    subject: (message || situation).slice(0, 200),
    description: message || null,
    category: null, assigned_to: null, attendant_id: null,
    channel: row.channel.slice(0, 20),
    customer_id: contact?.id ?? null,
    contact_phone: contact?.phone && contact.phone.length <= 20 ? contact.phone : null,
    contact_email: contact?.email && contact.email.length <= 100 ? contact.email : null,
    tags: [situation === 'closed' ? 'after_hours' : 'nobody_online'],
    custom_fields: null,
  };
  const change = await deps.repos.inTransaction(async (repos) => {
    const ticket = await repos.tickets.create(values);
    return logTicketChange({ repos, now: deps.now }, { change: 'created', ticket });
  });
  await announceTicketChange(deps, change);
  return change.ticket.ticket_number;
}
