/**
 * Assignment of a waiting conversation, in three parts: the pure
 * selectors pick who (queue rule, else attendant-list rule), capacity filters who has room, and the
 * repository's atomic claim writes it — under a per-attendant lock and only below capacity, so
 * concurrent assignments never overfill anyone.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/core';
import phoneMetadata from 'libphonenumber-js/min/metadata';
import { defaultBotConfig, type BotConfig } from '../config/index.js';
import {
  type AttendantProfileRow, type ContactRow, type ConversationRow, type HandoffFacts, type LogEntry, type NewAttendanceEvent, type QueueMemberRow, type QueueRow,
} from '../db/index.js';
import { ConflictError, NotFoundError } from '../infra/errors.js';
import { hasRoom } from './assignment/capacity.js';
import { namesAttendant, selectByAttendantList, type AttendantCandidate } from './assignment/select-by-attendant-list.js';
import { requirementNow } from './assignment/conversation-skills.js';
import { matchQueue, selectByQueue } from './assignment/select-by-queue.js';
import { silentListener, type AttendanceListener } from './attendance-listener.js';
import type { ConversationEvent } from './conversation-events.js';
import { transition } from './conversation-status.js';
import type { AttendanceRepositories } from './attendance-repositories.js';

/** What assignment (and the use cases built on it) needs. */
export interface AssignDeps {
  repos: AttendanceRepositories;
  /** The bot's configuration by bot id; defaults apply when unknown. */
  config: (botId: string) => BotConfig | undefined;
  now: () => Date;
  /** Told after every change (live events, email…); silent when absent. */
  listener?: AttendanceListener;
}

export interface AssignConversationInput {
  sessionId: string;
  /**
   * A supervisor's explicit choice (POST /api/attendance/assign): a waiting item is assigned to
   * them, a held one transferred. It overrides the selectors and capacity, not the status table.
   */
  attendantId?: string;
  actorId?: string;
  /** The conversation row as the caller already read it (a command's access check), so it is not read twice. */
  current?: ConversationRow;
  /** What a handoff already read (db/attendance-handoff-repo.ts): the first attempt chooses from it without reading. */
  known?: HandoffFacts;
}

/**
 * Conversations an attendant may hold when no queue membership says otherwise (the attendant-list
 * rule has no limit of its own; this is the default `max_conversations` of a queue member).
 */
export const DEFAULT_MAX_CONVERSATIONS = 5;
const ATTEMPTS = 3;

/**
 * Auto-assigns a waiting conversation when `attendance-auto-assign` is on. Resolves to the
 * assigned row, or undefined when it stays waiting (auto-assign off, nobody online with room,
 * or the item was taken meanwhile). A claim lost to a concurrent one is retried with fresh counts.
 */
export async function assignConversation(deps: AssignDeps, input: AssignConversationInput): Promise<ConversationRow | undefined> {
  const repo = deps.repos.conversations;
  if (input.attendantId !== undefined) return assignTo(deps, { ...input, attendantId: input.attendantId });
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    // The caller's row serves the first attempt; a lost claim reads it again.
    const row = attempt === 0 && input.current ? input.current : await repo.get(input.sessionId);
    if (row?.status !== 'waiting') return undefined;
    const config = deps.config(row.bot_id) ?? defaultBotConfig();
    if (!config['attendance-auto-assign']) return undefined;
    const known = attempt === 0 ? input.known : undefined;
    const choice = await choose(deps.repos, row, known, { now: deps.now(), widenSeconds: config['attendance-skills-widen-seconds'] });
    if (!choice) return undefined;
    const result = transition('waiting', 'assign', {
      session_id: row.session_id, at: deps.now(), attendant_id: choice.user_id, ...(choice.queue_id ? { queue_id: choice.queue_id } : {}),
    });
    // The claim, its event log and (when a handoff's facts name the customer's contact) the session's copy: one statement.
    const mirror = known && mirrorOf(known);
    const claimed = await repo.claim(row.session_id, { status: 'waiting' }, result.next, choice.user_id, choice.max, { queue_id: choice.queue_id }, {
      log: logEntries(result.events), ...(mirror ? { mirror } : {}),
    });
    if (claimed) {
      if (!mirror) await mirrorAssignment(deps.repos, claimed);
      await (deps.listener ?? silentListener).conversationChanged(claimed, result.events);
      return claimed;
    }
  }
  return undefined;
}

async function assignTo(deps: AssignDeps, input: AssignConversationInput & { attendantId: string }): Promise<ConversationRow> {
  const { sessionId, attendantId, actorId } = input;
  const repo = deps.repos.conversations;
  const row = input.current ?? await repo.get(sessionId);
  if (!row) throw new NotFoundError(`Conversation ${sessionId} is not in attendance`, 'session_not_found');
  const result = transition(row.status, row.status === 'waiting' ? 'assign' : 'transfer_to_attendant', {
    session_id: sessionId, at: deps.now(), attendant_id: attendantId, ...(actorId ? { actor_id: actorId } : {}),
    ...(row.assigned_to ? { assigned_to: row.assigned_to } : {}), ...(row.queue_id ? { queue_id: row.queue_id } : {}),
  });
  const stored = await repo.apply(sessionId, { status: row.status, assigned_to: row.assigned_to }, result.next, { assigned_to: attendantId });
  if (!stored) throw new ConflictError('The conversation changed meanwhile; reload it', 'invalid_transition');
  await mirrorAssignment(deps.repos, stored);
  await recordEvents(deps, stored, result.events);
  return stored;
}

interface Choice {
  user_id: string;
  queue_id: string | null;
  max: number;
}

/** The bot's active queues (its own and the installation-wide ones). */
export async function queuesOfBot(repos: AttendanceRepositories, botId: string): Promise<QueueRow[]> {
  return (await repos.queues.list({ active: true })).filter((q) => q.bot_id === null || q.bot_id === botId);
}

async function choose(
  repos: AttendanceRepositories, row: ConversationRow, known: HandoffFacts | undefined, skills: { now: Date; widenSeconds: number },
): Promise<Choice | undefined> {
  const repo = repos.conversations;
  // Everything the selectors may need, read at once (docs/performance.md, "Handoff round trips"), unless a handoff already did.
  const [queues, profiles, held, asked, users, memberships] = known
    ? [known.queues, known.profiles, known.held, requestOf(known.session.context_data, row), known.users, known.memberships] as const
    : await Promise.all([
      queuesOfBot(repos, row.bot_id), repos.profiles.list(), repo.heldCounts(), transferRequest(repos, row), repos.users.list(),
      repos.queues.listAllMemberships(),
    ]);
  const usernames = asked.target || asked.department ? new Map(users.map((u) => [u.id, u.username])) : new Map<string, string>();
  const candidate = (p: AttendantProfileRow, active: number): AttendantCandidate => ({
    id: p.user_id, name: p.name ?? '', channel: p.channel, status: p.status, active_conversations: active, aliases: p.aliases, skills: p.skills,
    ...(usernames.has(p.user_id) ? { username: usernames.get(p.user_id)! } : {}),
    ...(p.preferences ? { preferences: p.preferences } : {}), ...(p.department ? { department: p.department } : {}),
  });
  // The item's own queue (named at queueing, or moved since), else the channel's. An open queue
  // (no active member yet) assigns as no queue does: by the attendant list.
  const queue = queues.find((q) => q.id === row.queue_id) ?? matchQueue(queues, row.channel);
  const members = memberships.filter((m) => m.queue_id === queue?.id);
  // Skills the conversation and its queue need, widened by its wait (docs/attendance/skills-routing.md).
  const required = requirementNow(row, queue?.required_skills, skills.now, skills.widenSeconds);
  if (queue?.auto_assign && members.some((m) => m.is_active)) {
    const lastAssigned = known
      ? Object.fromEntries(Object.entries(known.lastAssigned).filter(([id]) => id === queue.id))
      : await repo.lastAssigned([queue.id]);
    const attendants = profiles.map((p) => ({ user_id: p.user_id, status: p.status, active_conversations: held.get(p.user_id) ?? 0, skills: p.skills }));
    const pick = (among: typeof members) => (among.length > 0 ? selectByQueue({ queues: [queue], members: among, channel: row.channel, lastAssigned, attendants, required }) : undefined);
    // A transfer's named target, else its department, is honoured within the queue when one of them can take it now.
    const byUser = new Map(profiles.map((p) => [p.user_id, candidate(p, 0)]));
    const named = (word: string | undefined) => (word ? members.filter((m) => names(byUser.get(m.user_id), word)) : []);
    const selection = pick(named(asked.target)) ?? pick(named(asked.department)) ?? pick(members);
    const member = members.find((m) => m.user_id === selection?.user_id);
    return selection && member ? { user_id: selection.user_id, queue_id: queue.id, max: member.max_conversations } : undefined;
  }
  const candidates: (AttendantCandidate & { max: number })[] = [];
  for (const p of profiles.filter((x) => x.status === 'online')) {
    const max = capacityFrom(memberships.filter((m) => m.user_id === p.user_id));
    const count = held.get(p.user_id) ?? 0;
    if (!hasRoom({ max_conversations: max }, count)) continue;
    candidates.push({ ...candidate(p, count), max });
  }
  const topic = row.topic ?? undefined;
  const picked = selectByAttendantList({
    attendants: candidates, channel: row.channel, ...(topic ? { topic } : {}),
    ...(asked.target ? { target: asked.target } : {}), ...(asked.department ? { department: asked.department } : {}), required,
  });
  const max = candidates.find((c) => c.id === picked?.id)?.max;
  return picked && max !== undefined ? { user_id: picked.id, queue_id: queue?.id ?? row.queue_id, max } : undefined;
}

/**
 * The target and department TRANSFER TO HUMAN wrote to the session (engine/transfer-to-human.ts);
 * without either, the item's topic stands in as the target, as before transfers carried both.
 */
async function transferRequest(repos: AttendanceRepositories, row: ConversationRow): Promise<{ target?: string; department?: string }> {
  return requestOf((await repos.sessions.findById(row.session_id))?.context_data ?? {}, row);
}

function requestOf(context: Record<string, unknown>, row: ConversationRow): { target?: string; department?: string } {
  const target = word(context.target);
  const department = word(context.department);
  if (!target && !department) return row.topic ? { target: row.topic } : {};
  return { ...(target ? { target } : {}), ...(department ? { department } : {}) };
}

/** True when `word` names the attendant (id, username, display name, alias) or is their department. */
function names(attendant: AttendantCandidate | undefined, word: string): boolean {
  if (!attendant) return false;
  return namesAttendant(attendant, word) || attendant.department?.trim().toLowerCase() === word.trim().toLowerCase();
}

function word(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** An attendant's limit outside the queue rule: the largest `max_conversations` of their active memberships, else the default. */
export async function capacityOf(repos: AttendanceRepositories, userId: string): Promise<number> {
  return capacityFrom(await repos.queues.listMemberships(userId));
}

function capacityFrom(memberships: readonly QueueMemberRow[]): number {
  const limits = memberships.filter((m) => m.is_active).map((m) => m.max_conversations);
  return limits.length ? Math.max(...limits) : DEFAULT_MAX_CONVERSATIONS;
}

/**
 * Copies the holder onto the session row: assigned_to, queue_id, and customer_id from
 * the bot's CRM contact whose phone equals the customer's, in E.164 (context `phone`, else the
 * channel's user id when it is a phone number).
 */
export async function mirrorAssignment(repos: AttendanceRepositories, row: ConversationRow): Promise<void> {
  if (!row.assigned_to) return;
  const session = await repos.sessions.findById(row.session_id);
  const phone = e164(session?.context_data.phone) ?? e164(session?.external_user_id);
  const contact = phone ? await repos.crm.findContactByPhone(row.bot_id, phone) : undefined;
  await repos.conversations.setSessionAssignment(row.session_id, {
    assigned_to: row.assigned_to, queue_id: row.queue_id, ...(contact ? { customer_id: contact.id } : {}),
  });
}

/** The session's copy of an assignment from a handoff's facts (the contact by phone); undefined when they cannot tell the contact. */
function mirrorOf(facts: HandoffFacts): { customer_id?: string } | undefined {
  const phone = e164(facts.session.context_data.phone) ?? e164(facts.session.external_user_id);
  if (!phone) return {};
  const contact = phoneContactOf(facts, phone);
  return contact === undefined ? undefined : contact ? { customer_id: contact.id } : {};
}

/**
 * The bot's contact with the customer's E.164 `phone`, from a handoff's facts: null when there is
 * none; undefined when the facts cannot tell (they hold the numbers written `+digits`, and E.164
 * wrote this one otherwise), so the caller reads it.
 */
export function phoneContactOf(facts: HandoffFacts, phone: string): ContactRow | null | undefined {
  const digits = (v: unknown) => (typeof v === 'string' ? `+${v.replace(/[^0-9]/g, '')}` : undefined);
  const listed = [digits(facts.session.context_data.phone), digits(facts.session.external_user_id)];
  if (!listed.includes(phone)) return undefined;
  return facts.phoneContacts.find((c) => c.phone === phone) ?? null;
}

/** The customer's contact for the console: the session's CRM contact, else the one with their phone (undefined: not known). */
export function customerContactOf(facts: HandoffFacts): ContactRow | null | undefined {
  if (facts.contact) return facts.contact;
  const phone = e164(facts.session.context_data.phone) ?? e164(facts.session.external_user_id);
  return phone ? phoneContactOf(facts, phone) : null;
}

/** A phone number in E.164, or undefined when the value is not one (ids of web visitors, chat ids…). */
export function e164(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const compact = value.replace(/[\s().-]/g, '');
  if (!/^\+?\d{8,15}$/.test(compact)) return undefined;
  const parsed = parsePhoneNumberFromString(compact.startsWith('+') ? compact : `+${compact}`, phoneMetadata);
  return parsed?.isValid() ? parsed.number : undefined;
}

/** The event-log type of each conversation event (the KPI log keeps its own, older names). */
const LOG_TYPE: Record<ConversationEvent['name'], NewAttendanceEvent['type']> = {
  'conversation.queued': 'queued',
  'conversation.assigned': 'assigned',
  'conversation.accepted': 'accepted',
  'conversation.answered': 'attendant_message',
  'conversation.resumed': 'customer_message',
  'conversation.resolved': 'resolved',
  'conversation.requeued': 'queued',
  'conversation.transferred': 'transferred_to_attendant',
};

/**
 * Appends what `transition()` returned to the attendance event log, with the row's bot, queue and
 * holder, then tells the listener.
 */
export async function recordEvents(
  deps: { repos: AttendanceRepositories; listener?: AttendanceListener },
  row: ConversationRow,
  events: readonly ConversationEvent[],
): Promise<void> {
  const log = deps.repos.events;
  for (const entry of logEntries(events)) {
    await log.append({
      session_id: row.session_id, bot_id: row.bot_id, queue_id: row.queue_id, attendant_id: entry.attendant_id ?? row.assigned_to,
      type: entry.type as NewAttendanceEvent['type'], data: entry.data, at: entry.at,
    });
  }
  await (deps.listener ?? silentListener).conversationChanged(row, events);
}

/** The event-log rows of `transition()`'s events; the conversation row gives session, bot, queue and (unless named) the attendant. */
export function logEntries(events: readonly ConversationEvent[]): LogEntry[] {
  return events.map((event) => ({
    attendant_id: ('attendant_id' in event.payload ? event.payload.attendant_id : undefined) ?? null,
    type: LOG_TYPE[event.name], data: { event: event.name, ...event.payload }, at: new Date(event.payload.at),
  }));
}
