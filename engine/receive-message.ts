import { performance } from 'node:perf_hooks';
import { newRowId, type EventWrite, type InboundWrite, type MessagesRepo, type TurnStore } from '../db/index.js';
import { ConflictError, NotFoundError } from '../infra/errors.js';
import type { LockPort } from '../infra/locks/index.js';
import type { MetricsPort } from '../infra/metrics/index.js';
import { answerCustomer, type AnswerDeps } from './answer-customer.js';
import { captureCampaign, type CampaignLookup } from './campaign-capture.js';
import { commitTurn, type CommitDeps } from './commit-turn.js';
import { noteCustomerDetails } from './customer-details.js';
import { ENGINE_EVENTS, type CustomerMessageRef } from './domain-events.js';
import { readStoredDialog, type StoredDialog } from './dialog-envelope.js';
import { conversationLockKey, type EngineBot } from './engine-deps.js';
import type { DialogOutcome, ReceiveOutcome } from './engine-api.js';
import { eventWrite } from './event-dispatch.js';
import type { InboundMessage, OutboundMessage } from './messages.js';
import { matchCustomer, type MatchDeps } from './match-customer.js';
import { attendanceAvailable, decideRoute, type OfferedChoice } from './routing-rule.js';
import { SessionTurn } from './session-turn.js';
import { wantsSpokenReply } from './voice/spoken-reply.js';
import { customerSpoke } from './voice/transcribe-voice-note.js';
import { takeSurveyAnswer } from './survey-answer.js';
import { transferToHuman } from './transfer-to-human.js';
import type { SessionCache } from './session-cache.js';

/** What the turn of a customer message needs: the bot, the conversation lock, the session as read or remembered, and the commit. */
export interface TurnDeps extends CommitDeps, AnswerDeps, MatchDeps {
  readonly repos: {
    readonly turns: Pick<TurnStore, 'load' | 'repliesTo' | 'commit'>;
    readonly messages: Pick<MessagesRepo, 'listBySession'>;
  };
  readonly bots: (name: string) => EngineBot | undefined;
  /** This process's turn serialisation: one turn per conversation at a time, in arrival order. */
  readonly turnLocks: Pick<LockPort, 'withLock'>;
  readonly sessionCache: Pick<SessionCache, 'lookup' | 'committed' | 'forget'>;
  readonly metrics: Pick<MetricsPort, 'turnFinished' | 'handedOff' | 'delivered'>;
  /** The campaign a referral names (engine/campaign-capture.ts); absent, referrals are not kept. */
  readonly campaigns?: CampaignLookup;
}

/**
 * How long a turn keeps running again while the session keeps changing under it (another
 * instance, a resolve). Every stale run means another writer committed, so the conversation moves
 * on; a short random pause keeps two instances from colliding in lock step.
 */
const TURN_PATIENCE_MS = 5_000;
const STALE_PAUSE_MS = 5;

/**
 * The whole path of one inbound message (docs/architecture.md, "the one path of a message"). On
 * this instance the messages of one customer are handled one at a time, in arrival order:
 * 1. read the open session and whether this provider message id was already taken — a message
 *    whose turn committed is answered with that turn's replies, and nothing runs again;
 * 2. route it (routing-rule.ts): the survey answer, the bot (watched by the smart transfer
 *    triggers, answer-customer.ts), a keyword transfer, or attendance;
 * 3. commit the message, the session's changes, the replies and the events in one transaction.
 *    Nothing is written before that, so a crash at any point leaves the message unprocessed and
 *    its redelivery runs the turn. If another instance changed the session meanwhile, the commit
 *    writes nothing and the turn runs again on the new state.
 */
export async function receiveMessage(ctx: TurnDeps, inbound: InboundMessage): Promise<ReceiveOutcome> {
  const started = performance.now();
  try {
    const outcome = await receive(ctx, inbound);
    ctx.metrics.turnFinished({ channel: inbound.channel, outcome: outcome.status, seconds: (performance.now() - started) / 1000 });
    return outcome;
  } catch (error) {
    ctx.metrics.turnFinished({ channel: inbound.channel, outcome: 'error', seconds: (performance.now() - started) / 1000 });
    throw error;
  }
}

async function receive(ctx: TurnDeps, inbound: InboundMessage): Promise<ReceiveOutcome> {
  const bot = ctx.bots(inbound.bot);
  if (!bot) throw new NotFoundError(`Bot "${inbound.bot}" not found`, 'bot_not_found');
  const key = { bot_id: bot.id, channel: inbound.channel, external_user_id: inbound.customer.external_id };
  return ctx.turnLocks.withLock(conversationLockKey(key), async () => {
    const giveUpAt = performance.now() + TURN_PATIENCE_MS;
    for (let run = 1; run === 1 || performance.now() < giveUpAt; run++) {
      if (run > 1) await pause(Math.random() * STALE_PAUSE_MS * Math.min(run, 10));
      // The first run may take the session as this instance last committed it; a stale write reads it anew.
      const known = run === 1 ? ctx.sessionCache.lookup(key, inbound.provider_message_id, inbound.first_contact === true) : undefined;
      const loaded = known ?? await ctx.repos.turns.load(key, inbound.provider_message_id);
      if (loaded.duplicate_of) return duplicate(ctx, loaded.session?.id ?? null, loaded.duplicate_of, inbound);
      const turn = loaded.session ? new SessionTurn(loaded.session, bot) : SessionTurn.opening(key, bot, ctx.now());
      await matchCustomer(ctx, turn, inbound); // once per session: its CRM contact (docs/crm.md)
      const outcome = await runTurn(ctx, bot, turn, inbound);
      if (outcome.kind === 'committed') return outcome.result;
      if (outcome.kind === 'duplicate') return duplicate(ctx, turn.id, outcome.duplicate_of, inbound);
    }
    throw new ConflictError('The conversation kept changing while this message was handled; send it again', 'session_busy');
  });
}

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

type TurnRun =
  | { kind: 'committed'; result: ReceiveOutcome }
  | { kind: 'duplicate'; duplicate_of: string }
  | { kind: 'stale' };

async function runTurn(ctx: TurnDeps, bot: EngineBot, turn: SessionTurn, inbound: InboundMessage): Promise<TurnRun> {
  const stored = inboundWrite(turn, bot, inbound);
  const message = messageRef(stored.id, inbound);
  const events: EventWrite[] = [];
  // Before the bot and the events: both see the customer's name as the channel gives it.
  noteCustomerDetails(turn, inbound.customer);
  await captureCampaign(ctx.campaigns, turn, inbound);
  const route = routeOf(bot, turn, inbound);
  let dialog: StoredDialog | null | undefined;
  switch (route.kind) {
    case 'kept':
      if (inbound.command?.kind === 'answer') turn.say(inbound.command.text, 'system');
      break;
    case 'bot': {
      const survey = takeSurveyAnswer(turn, inbound);
      if (survey) {
        events.push(eventWrite(turn.id, ENGINE_EVENTS.surveyAnswered, { session: turn.snapshot(), ...survey, message }));
        break;
      }
      dialog = await answerCustomer(ctx, turn, inbound); // the bot, watched by the smart transfer triggers
      break;
    }
    case 'transfer':
      transferToHuman(turn, { reason: route.reason, ...(route.target ? { target: route.target } : {}) }, ctx.now());
      break;
    case 'attendance':
      break;
  }
  const withHuman = route.kind !== 'kept' && attendanceAvailable(bot.config) && (route.kind === 'attendance' || turn.needsHuman());
  if (withHuman && route.kind === 'attendance') {
    events.push(eventWrite(turn.id, ENGINE_EVENTS.customerMessaged, { session: turn.snapshot(), message }));
  } else if (withHuman && turn.handedOff) {
    events.push(eventWrite(turn.id, ENGINE_EVENTS.handedOff, { session: turn.snapshot(), message }));
  }

  markVoiceReplies(turn, customerSpoke(inbound));
  const committed = await commitTurn(ctx, turn, dialog, { inbound: stored, events });
  if (committed.kind !== 'committed') return committed;
  if (events.some((e) => e.name === ENGINE_EVENTS.handedOff)) ctx.metrics.handedOff(inbound.channel);
  return {
    kind: 'committed',
    result: {
      status: 'processed',
      session_id: turn.id,
      needs_human: withHuman,
      replies: committed.outbound.filter((o) => o.toCustomer).map((o) => o.message),
      ...(dialog === undefined || turn.needsHuman() ? {} : { dialog: dialogOutcome(dialog) }),
    },
  };
}

function dialogOutcome(dialog: StoredDialog | null): DialogOutcome {
  if (dialog === null) return { status: 'ended' };
  if (dialog.status === 'sleeping') return { status: 'sleeping' };
  const { type, menu } = dialog.waiting_for;
  return { status: 'waiting', waiting_for: { ...(type ? { type } : {}), ...(menu ? { menu } : {}) } };
}

/**
 * The bot's answers to a spoken message, or to any message once `/voice on` set the session's
 * voice_response, may be spoken too (OutboundMessage.voice_reply, engine/voice/spoken-reply.ts); the channel decides.
 */
function markVoiceReplies(turn: SessionTurn, customerSpoke: boolean): void {
  const context = turn.snapshot().context_data;
  for (const { toCustomer, message } of turn.outbound) {
    if (toCustomer && wantsSpokenReply({ from: message.from, customerSpoke, context })) message.voice_reply = true;
  }
}

type TurnRoute = { kind: 'bot' } | { kind: 'attendance' } | { kind: 'transfer'; reason: string; target?: string } | { kind: 'kept' };

/**
 * The routing rule (routing-rule.ts), with the channel's command applied: `record` and `answer`
 * run nothing; `human` transfers where the bot would have answered (it is a plain message to an
 * attendant who already has the session, and text when the bot has no human side).
 */
function routeOf(bot: EngineBot, turn: SessionTurn, inbound: InboundMessage): TurnRoute {
  const { command } = inbound;
  if (command?.kind === 'record' || command?.kind === 'answer') return { kind: 'kept' };
  const route = decideRoute(bot.config, turn.session, inbound.text, waitingMenu(turn));
  // The command names its reason even when its text is also a transfer keyword ("/agent").
  if (command?.kind === 'human' && route.kind !== 'attendance' && attendanceAvailable(bot.config)) {
    return { kind: 'transfer', reason: command.reason, ...(command.target ? { target: command.target } : {}) };
  }
  if (route.kind === 'transfer') return { kind: 'transfer', reason: `keyword: ${route.keyword}` };
  return route.kind === 'bot' ? route : { kind: 'attendance' };
}

/** The choices of the menu the session's dialog waits on, if it waits on one (routing-rule.ts, step 6). */
function waitingMenu(turn: SessionTurn): readonly OfferedChoice[] {
  const stored = readStoredDialog(turn.session.dialog_state);
  const menu = stored?.status === 'waiting' ? stored.waiting_for.menu : undefined;
  return Array.isArray(menu) ? menu : [];
}

/** A message whose turn committed before (a provider's redelivery, a client's retry): its replies again, nothing run. */
async function duplicate(ctx: TurnDeps, sessionId: string | null, messageId: string, inbound: InboundMessage): Promise<ReceiveOutcome> {
  if (!sessionId) return { status: 'duplicate', session_id: null, replies: [] };
  const stored = await ctx.repos.turns.repliesTo(messageId);
  const replies: OutboundMessage[] = stored
    .filter((r) => !('to' in r.payload))
    .map((r) => {
      const suggestions = r.payload.suggestions as OutboundMessage['suggestions'];
      return {
        session_id: sessionId, channel: inbound.channel, to: inbound.customer.external_id, text: r.text, from: r.sender,
        ...(suggestions ? { suggestions } : {}),
      };
    });
  return { status: 'duplicate', session_id: sessionId, replies };
}

function inboundWrite(turn: SessionTurn, bot: EngineBot, inbound: InboundMessage): InboundWrite {
  return {
    id: newRowId(), session_id: turn.id, bot_id: bot.id, channel: inbound.channel, text: inbound.text,
    payload: inboundPayload(inbound), provider_message_id: inbound.provider_message_id ?? null,
  };
}

function messageRef(id: string, inbound: InboundMessage): CustomerMessageRef {
  return { id, text: inbound.text, received_at: inbound.received_at.toISOString(), customer: inbound.customer };
}

/** What the transcript keeps of an inbound message besides its text. */
function inboundPayload(inbound: InboundMessage): Record<string, unknown> {
  const { customer } = inbound;
  return {
    attachments: inbound.attachments,
    received_at: inbound.received_at.toISOString(),
    customer: { display_name: customer.display_name, phone: customer.phone, email: customer.email },
    ...(serialisable(inbound.raw) ? { raw: inbound.raw } : {}),
  };
}

function serialisable(value: unknown): boolean {
  if (value === undefined) return false;
  try {
    return JSON.stringify(value) !== undefined;
  } catch {
    return false;
  }
}
