import { memoryEngine, type MemoryEngine } from '../test/support/engine-memory/memory-engine.js';
import { inbound, TestAdapter } from '../test/support/test-channel.js';
import { CHANNEL_CUSTOMER_KEY, noteCustomerDetails } from './customer-details.js';
import type { EngineBot } from './engine-deps.js';
import { receiveMessage } from './receive-message.js';
import { SessionTurn } from './session-turn.js';

// The customer's name from the channel into the session (docs/crm.md, "Names from every channel"):
// the rule on a turn, then through the one path with the turn's own commit.

const BOT = { id: 'bot-1', name: 'shop' } as EngineBot;
const openTurn = (context: Record<string, unknown> = {}) => {
  const turn = SessionTurn.opening({ bot_id: BOT.id, channel: 'web', external_user_id: 'v-1' }, BOT, new Date());
  Object.assign(turn.context, context);
  return turn;
};

describe('the overwrite rule', () => {
  test('a new session gets name, e-mail and phone, and what the channel said', () => {
    const turn = openTurn();
    noteCustomerDetails(turn, { external_id: 'v-1', display_name: ' Maria Silva ', email: 'maria@example.test', phone: '+5511999990000' });
    expect(turn.changes().context_patch).toEqual({
      customer_name: 'Maria Silva', customer_email: 'maria@example.test', customer_phone: '+5511999990000',
      [CHANNEL_CUSTOMER_KEY]: { customer_name: 'Maria Silva', customer_email: 'maria@example.test', customer_phone: '+5511999990000' },
    });
  });

  test('the same name again writes nothing; a customer without a name writes nothing', () => {
    const known = { customer_name: 'Maria', [CHANNEL_CUSTOMER_KEY]: { customer_name: 'Maria' } };
    const again = openTurn(known);
    noteCustomerDetails(again, { external_id: 'v-1', display_name: 'Maria' });
    const nameless = openTurn();
    noteCustomerDetails(nameless, { external_id: 'v-1', display_name: '  ' });
    expect([again.changes().context_patch, nameless.changes().context_patch]).toEqual([undefined, undefined]);
  });

  test('a name the channel changed follows; a name someone else set stays, while the channel\'s is still recorded', () => {
    const renamed = openTurn({ customer_name: 'Maria', [CHANNEL_CUSTOMER_KEY]: { customer_name: 'Maria' } });
    noteCustomerDetails(renamed, { external_id: 'v-1', display_name: 'Maria S.' });
    const scripted = openTurn({ customer_name: 'Dona Maria', [CHANNEL_CUSTOMER_KEY]: { customer_name: 'Maria' } });
    noteCustomerDetails(scripted, { external_id: 'v-1', display_name: 'Maria S.' });
    const matched = openTurn({ customer_name: 'Maria Souza' });
    noteCustomerDetails(matched, { external_id: 'v-1', display_name: 'mary_s' });
    expect(renamed.changes().context_patch).toEqual({ customer_name: 'Maria S.', [CHANNEL_CUSTOMER_KEY]: { customer_name: 'Maria S.' } });
    expect(scripted.changes().context_patch).toEqual({ [CHANNEL_CUSTOMER_KEY]: { customer_name: 'Maria S.' } });
    expect(matched.changes().context_patch).toEqual({ [CHANNEL_CUSTOMER_KEY]: { customer_name: 'mary_s' } });
    expect(scripted.context.customer_name).toBe('Dona Maria');
  });
});

describe('through the turn', () => {
  let engine: MemoryEngine;
  beforeEach(() => {
    engine = memoryEngine({
      bots: [
        { name: 'greeter', scripts: { start: 'TALK "Hello " & user_name\nHEAR anything\nTALK "ok"' } },
        { name: 'namer', scripts: { start: 'SET SESSION "customer_name", "Dona Maria"\nHEAR anything\nTALK "ok"' } },
        { name: 'renamer', scripts: { start: 'TALK "Hello " & user_name\nSET SESSION "customer_name", "Dona Maria"' } },
      ],
      adapters: [new TestAdapter('web')],
    });
  });
  const contextOf = (sessionId: string) => engine.tables.sessions.get(sessionId)!.context_data;

  test('the first message stores the name with its turn; the bot\'s user_name is the same name', async () => {
    const first = await receiveMessage(engine.deps.turn, inbound('greeter', 'hi', { customer: 'v-9', name: 'Maria' }));
    expect(first.replies.map((r) => r.text)).toEqual(['Hello Maria']);
    expect(contextOf(first.session_id!)).toMatchObject({ customer_name: 'Maria' });
    const second = await receiveMessage(engine.deps.turn, inbound('greeter', 'again', { customer: 'v-9', name: 'Maria' }));
    expect(engine.tables.sessions.get(second.session_id!)).toMatchObject({ version: 2, context_data: { customer_name: 'Maria' } });
  });

  test('a name a script set is kept when the channel keeps sending its own', async () => {
    const first = await receiveMessage(engine.deps.turn, inbound('namer', 'hi', { customer: 'v-10', name: 'maria_88' }));
    await receiveMessage(engine.deps.turn, inbound('namer', 'again', { customer: 'v-10', name: 'maria_88' }));
    expect(contextOf(first.session_id!)).toMatchObject({ customer_name: 'Dona Maria', [CHANNEL_CUSTOMER_KEY]: { customer_name: 'maria_88' } });
  });

  test('the bot\'s user_name is the name the session holds: the channel\'s, then the one a script gave', async () => {
    const first = await receiveMessage(engine.deps.turn, inbound('renamer', 'hi', { customer: 'v-11', name: 'maria_88' }));
    const again = await receiveMessage(engine.deps.turn, inbound('renamer', 'hi again', { customer: 'v-11', name: 'maria_88' }));
    expect([...first.replies, ...again.replies].map((r) => r.text)).toEqual(['Hello maria_88', 'Hello Dona Maria']);
  });
});
