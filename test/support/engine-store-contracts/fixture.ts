import { newRowId, type EventWrite, type InboundWrite, type OutboundWrite, type SessionChanges, type SessionWrite } from '../../../db/index.js';
import type { EngineRepositories } from '../../../engine/index.js';

/**
 * What each contract suite of the engine's storage ports runs on: one implementation's
 * repositories (in memory, or on the test database) and a bot they know. The suites write
 * through the ports only — a turn's commit is the one writer of sessions, messages, outbox rows
 * and events — so the same expectations hold the two implementations to the same semantics.
 */
export interface EngineStoreFixture {
  repos: EngineRepositories;
  /** A bot the store knows (messages and sessions refer to it), named `contract-bot`. */
  botId: string;
  close(): Promise<void>;
}

export type OpenEngineStore = () => Promise<EngineStoreFixture>;

let counter = 0;

/** A name no other test of the run uses: the suites share one store per implementation. */
export function unique(label: string): string {
  counter += 1;
  return `${label}-${process.pid}-${counter}`;
}

/** Rows of a turn's write for one bot, as the engine builds them (engine/commit-turn.ts, engine/outbox/plan-outbound.ts). */
export function turnRows(botId: string) {
  return {
    /** A customer's first message creates the session. */
    create(customer: string, changes: SessionChanges = {}, channel = 'web'): SessionWrite & { kind: 'create' } {
      return { kind: 'create', row: { id: newRowId(), user_id: newRowId(), bot_id: botId, channel, external_user_id: customer, call_type: channel === 'rtc_sip' ? 'voice' : null }, changes };
    },
    update(id: string, version: number, changes: SessionChanges = {}): SessionWrite {
      return { kind: 'update', id, version, changes };
    },
    message(sessionId: string, text: string, providerId: string | null = null, channel = 'web'): InboundWrite {
      return { id: newRowId(), session_id: sessionId, bot_id: botId, channel, text, payload: { received: text }, provider_message_id: providerId };
    },
    /** A reply delivered by a job (an outbox row) unless `inline` (the channel delivered it with the turn). */
    reply(sessionId: string, text: string, options: { replyTo?: string; inline?: boolean; channel?: string } = {}): OutboundWrite {
      const channel = options.channel ?? 'sms';
      return {
        id: newRowId(), session_id: sessionId, bot_id: botId, channel, sender: 'bot', text, payload: {}, reply_to: options.replyTo ?? null,
        delivery: options.inline ? { kind: 'inline' } : { kind: 'outbox', outbox_id: newRowId(), payload: { text, channel, bot_id: botId } },
      };
    },
    event(sessionId: string, name: string, payload: Record<string, unknown> = {}): EventWrite {
      return { id: newRowId(), session_id: sessionId, name, payload };
    },
  };
}

/** Opens the store for the suite and closes it after. */
export function useFixture(open: OpenEngineStore): () => EngineStoreFixture {
  let fixture: EngineStoreFixture | undefined;
  beforeAll(async () => {
    fixture = await open();
  });
  afterAll(async () => {
    await fixture?.close();
  });
  return () => {
    if (!fixture) throw new Error('the store is not open');
    return fixture;
  };
}
