import { memoryEngine, type MemoryEngine } from '../test/support/engine-memory/memory-engine.js';
import { inbound } from '../test/support/test-channel.js';
import { closeSession } from './close-session.js';
import { receiveMessage } from './receive-message.js';

// A call's conversation (docs/channels/rtc-sip.md): a voice session from its first turn, the
// dialog's standing told after each turn, closed for good when the call ends.

const MENU = `
TALK "Welcome"
HEAR choice AS "Sales", "Support"
TALK "You chose " & choice
HEAR n AS INTEGER
TALK "Bye"
`;

let engine: MemoryEngine;
beforeEach(() => {
  engine = memoryEngine({ bots: [{ name: 'phone', scripts: { start: MENU } }] });
});
const call = (text: string, customer = '+15550100') => receiveMessage(engine.deps.turn, inbound('phone', text, { customer, channel: 'rtc_sip' }));

test('each turn tells where the dialog stands: a menu, then an integer, then ended', async () => {
  const first = await call('');
  expect(first).toMatchObject({ status: 'processed', dialog: { status: 'waiting', waiting_for: { menu: [{ label: 'Sales' }, { label: 'Support' }] } } });
  expect(engine.tables.sessions.get(first.session_id!)).toMatchObject({ channel: 'rtc_sip', call_type: 'voice' });
  expect(await call('Support')).toMatchObject({ dialog: { status: 'waiting', waiting_for: { type: 'INTEGER' } } });
  const last = await call('42');
  expect(last.replies.map((r) => r.text)).toEqual(['Bye']);
  expect(last).toMatchObject({ dialog: { status: 'ended' } });
});

test('closing ends the session with its event; the caller\'s next call opens a new one; closing twice does nothing', async () => {
  const first = await call('');
  const id = first.session_id!;
  await closeSession(engine.deps.resolve, id, 'caller hung up');
  await closeSession(engine.deps.resolve, id, 'again');
  expect(engine.tables.sessions.get(id)).toMatchObject({ status: 'closed', dialog_state: null });
  const closed = engine.tables.events.filter((e) => e.session_id === id && e.name === 'session.closed');
  expect(closed.map((e) => (e.payload as { reason: string }).reason)).toEqual(['caller hung up']);

  const again = await call('');
  expect(again.session_id).not.toBe(id);
  expect(again.replies.map((r) => [r.text, r.suggestions?.map((s) => s.label)])).toEqual([['Welcome', ['Sales', 'Support']]]);
});
