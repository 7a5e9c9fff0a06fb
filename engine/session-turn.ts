import { newRowId, type SessionChanges, type SessionRow } from '../db/index.js';
import type { EngineBot } from './engine-deps.js';
import type { Attachment, Channel, OutboundMessage, Sender, Suggestion } from './messages.js';
import type { SessionSnapshot } from './domain-events.js';
import { needsHumanOf } from './routing-rule.js';

/** An outbound message waiting for the turn's commit; `toCustomer` is false for TALK TO. */
export interface PendingOutbound {
  message: OutboundMessage;
  toCustomer: boolean;
}

/**
 * The working copy of a session during one turn (one inbound message, or one WAIT waking up).
 * Effects change it in memory; `commitTurn` writes it, with the customer's message, the outbound
 * messages and the events, in one transaction. Only `context_data` keys that were written go to
 * the database (a merge), so keys other areas wrote meanwhile survive.
 */
export class SessionTurn {
  readonly context: Record<string, unknown>;
  private readonly patch: Record<string, unknown> = {};
  private needsHumanColumn: boolean;
  private needsHumanChanged = false;
  private customerId: string | undefined;
  readonly outbound: PendingOutbound[] = [];
  /** Set when this turn handed the session to a human (`session.handed_off` is emitted with the commit). */
  handedOff = false;

  /**
   * @param isNew the session does not exist yet: the turn's commit creates it (a customer's first message).
   */
  constructor(
    readonly session: SessionRow,
    readonly bot: EngineBot,
    readonly isNew = false,
  ) {
    this.context = { ...session.context_data };
    this.needsHumanColumn = session.needs_human;
  }

  get id(): string {
    return this.session.id;
  }

  setContext(key: string, value: unknown): void {
    this.context[key] = value;
    this.patch[key] = value;
  }

  setNeedsHuman(value: boolean): void {
    this.needsHumanColumn = value;
    this.needsHumanChanged = true;
  }

  /** Links the session to its CRM contact (`sessions.customer_id`), written with the turn (engine/match-customer.ts). */
  setCustomerId(id: string): void {
    this.customerId = id;
  }

  /** The session's CRM contact as this turn leaves it, null when it has none. */
  get customerIdNow(): string | null {
    return this.customerId ?? this.session.customer_id;
  }

  /** needs_human as the routing rule reads it (column or context_data). */
  needsHuman(): boolean {
    return needsHumanOf({ needs_human: this.needsHumanColumn, context_data: this.context });
  }

  /** A message to the customer on the session's channel, queued for the commit. */
  say(text: string, from: Sender, suggestions?: Suggestion[]): void {
    this.outbound.push(this.customerMessage(text, from, suggestions));
  }

  /** A bot message to the customer, not yet queued (the caller places it). */
  botMessage(text: string, suggestions?: Suggestion[], attachments?: Attachment[]): PendingOutbound {
    const pending = this.customerMessage(text, 'bot', suggestions);
    if (attachments?.length) pending.message.attachments = attachments;
    return pending;
  }

  private customerMessage(text: string, from: Sender, suggestions?: Suggestion[]): PendingOutbound {
    const message: OutboundMessage = { session_id: this.id, channel: this.channel, to: this.session.external_user_id, text, from };
    if (suggestions?.length) message.suggestions = suggestions;
    return { message, toCustomer: true };
  }

  /** TALK TO: a bot message to another address on the session's channel. */
  talkTo(address: string, text: string): void {
    this.outbound.push({ message: { session_id: this.id, channel: this.channel, to: address, text, from: 'bot' }, toCustomer: false });
  }

  /** What to write; `dialog` undefined leaves the stored dialog as it is. */
  changes(dialog?: unknown): SessionChanges {
    return {
      ...(this.needsHumanChanged ? { needs_human: this.needsHumanColumn } : {}),
      ...(this.customerId === undefined ? {} : { customer_id: this.customerId }),
      ...(Object.keys(this.patch).length ? { context_patch: { ...this.patch } } : {}),
      ...(dialog === undefined ? {} : { dialog_state: dialog }),
    };
  }

  /** The session as events carry it: as this turn leaves it. */
  snapshot(): SessionSnapshot {
    const s = this.session;
    return {
      id: s.id, bot_id: s.bot_id, user_id: s.user_id, channel: s.channel, external_user_id: s.external_user_id,
      needs_human: this.needsHuman(), context_data: { ...this.context },
    };
  }

  /** The session row a customer's first message will create (ids made here, written with the turn). */
  static opening(key: { bot_id: string; channel: string; external_user_id: string }, bot: EngineBot, now: Date): SessionTurn {
    const session: SessionRow = {
      id: newRowId(), user_id: newRowId(), bot_id: key.bot_id, channel: key.channel, external_user_id: key.external_user_id,
      needs_human: false, assigned_to: null, queue_id: null, customer_id: null, call_type: callTypeOf(key.channel), context_data: {}, dialog_state: null,
      status: 'open', version: 0, created_at: now, updated_at: now,
    };
    return new SessionTurn(session, bot, true);
  }

  private get channel(): Channel {
    return this.session.channel as Channel;
  }
}

/** A phone call's session is a voice call from its first turn (docs/channels/rtc-sip.md); other channels' start as text. */
function callTypeOf(channel: string): string | null {
  return channel === 'rtc_sip' ? 'voice' : null;
}
