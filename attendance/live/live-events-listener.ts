/**
 * The live-events listener: after every stored attendance change and customer
 * message it looks up the facts the frames need, maps them with live-events.ts and publishes each
 * delivery on the event bus. The bus is in-process or Redis pub/sub, so the attendant's console
 * socket gets the frame on whichever instance it is connected to.
 */
import {
  type ConversationRow,
} from '../../db/index.js';
import type { EventBus } from '../../infra/events/index.js';
import type { AttendanceListener, KnownFacts } from '../attendance-listener.js';
import type { ConversationEvent } from '../conversation-events.js';
import {
  conversationDeliveries, customerMessageDelivery, eligibleAttendants, factsNeeded,
  type LiveCustomer, type LiveDelivery, type LiveFacts,
} from './live-events.js';
import type { AttendanceRepositories } from '../attendance-repositories.js';
import { anonymousName, customerDisplayName } from '../customer-view/display-name.js';
import { loadCustomer, sessionPhone } from '../customer-view/load-customer.js';
import { fullRequirement } from '../skills/queue-requirement.js';

/** The bus topic every instance's `/ws/attendance` subscribes to; messages are {@link LiveDelivery}. */
export const ATTENDANCE_LIVE_TOPIC = 'attendance.live';

export interface LiveEventsListenerDeps {
  repos: AttendanceRepositories;
  bus: Pick<EventBus, 'publish'>;
}

/** Builds the listener for `createAttendanceService({listeners})`; it publishes and never waits for sockets. */
export function createLiveEventsListener(deps: LiveEventsListenerDeps): AttendanceListener {
  const publish = async (deliveries: readonly LiveDelivery[]) => {
    for (const delivery of deliveries) await deps.bus.publish(ATTENDANCE_LIVE_TOPIC, delivery);
  };
  return {
    async conversationChanged(row: ConversationRow, events: readonly ConversationEvent[], known: KnownFacts = {}) {
      const needed = factsNeeded(events);
      // The facts are independent: read at once (docs/performance.md, "Handoff round trips").
      const [customer, eligible, waiting, names, requiredSkills] = await Promise.all([
        needed.customer ? customerOf(deps.repos, row, known) : undefined,
        needed.eligible ? eligibleFor(deps.repos, row, known) : undefined,
        needed.waiting ? known.waiting ?? deps.repos.conversations.countWaiting(row.bot_id) : undefined,
        needed.names.length > 0 ? namesOf(deps.repos, needed.names) : undefined,
        needed.skills ? fullRequirement(deps.repos, row, known) : undefined,
      ]);
      const facts: LiveFacts = {
        conversation: row, ...(customer ? { customer } : {}), ...(eligible ? { eligible } : {}),
        ...(waiting === undefined ? {} : { waiting }), ...(names ? { names } : {}), ...(requiredSkills ? { requiredSkills } : {}),
      };
      await publish(conversationDeliveries(facts, events));
    },
    async customerMessage(row: ConversationRow, text: string) {
      const facts: LiveFacts = { conversation: row };
      if (row.status === 'waiting') facts.eligible = await eligibleFor(deps.repos, row);
      await publish([customerMessageDelivery(facts, text)]);
    },
  };
}

/** Online attendants eligible for the conversation: its queue's active members, else by profile channel. */
async function eligibleFor(repos: AttendanceRepositories, row: ConversationRow, known: KnownFacts = {}): Promise<string[]> {
  const queueId = row.queue_id;
  const [profiles, members] = await Promise.all([
    known.online ?? repos.profiles.list({ status: 'online' }),
    !queueId ? [] : known.memberships ? known.memberships.filter((m) => m.queue_id === queueId) : repos.queues.listMembers(queueId),
  ]);
  return eligibleAttendants(row, profiles, members);
}

/**
 * The customer's name (the one rule, customer-view/display-name.ts) and phone: the CRM contact's
 * (the session's, else the bot's contact with the customer's E.164 phone), else the session's.
 */
async function customerOf(repos: AttendanceRepositories, row: ConversationRow, known: KnownFacts = {}): Promise<LiveCustomer> {
  const loaded = await loadCustomer(repos, row.session_id, known);
  if (!loaded) return { name: anonymousName(row.channel, row.session_id), phone: null };
  const { session, contact } = loaded;
  const name = customerDisplayName({ contact, context_data: session.context_data, channel: row.channel, session_id: row.session_id });
  return { name, phone: contact?.phone ?? sessionPhone(session) ?? null };
}

async function namesOf(repos: AttendanceRepositories, userIds: readonly string[]): Promise<Record<string, string>> {
  const repo = repos.conversations;
  const found = await Promise.all(userIds.map((id) => repo.attendantName(id)));
  return Object.fromEntries(userIds.map((id, i) => [id, found[i] ?? id]));
}
