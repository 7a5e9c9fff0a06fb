import { createSessionsRepo } from '../../db/index.js';
import { CRM_DISABLED_MESSAGE, WAIT_MESSAGE } from '../../engine/index.js';
import { EngineHarness, inbound, lines, TestAdapter, waitFor, type RunningEngine } from '../support/engine-kit.js';

// The human side of the routing rule (docs/architecture.md) and TRANSFER TO HUMAN.

const ECHO = 'TALK "echo: " & first_message';
const HANDOFF = `
IF first_message = "help" THEN
  TALK "Let me find someone"
  r = TRANSFER TO HUMAN "support", "high", "asked for help"
  TALK "status: " & r.status
  TALK "human? " & GET SESSION("needs_human")
ELSE
  TALK "bot: " & first_message
END IF
`;

let harness: EngineHarness;
let running: RunningEngine;
const session = async (id: string) => (await createSessionsRepo(harness.database.db).findById(id))!;
const replies = (outcome: Awaited<ReturnType<RunningEngine['engine']['receive']>>) =>
  outcome.status === 'processed' ? outcome.replies.map((r) => `${r.from}: ${r.text}`) : [];

beforeAll(async () => {
  harness = await EngineHarness.open();
  await harness.addBot({
    name: 'keyword', scripts: { start: ECHO },
    config: { 'attendance-auto-transfer': true, 'attendance-transfer-keywords': ['atendente', 'human agent'] },
  });
  await harness.addBot({ name: 'bypass', scripts: { start: ECHO }, config: { 'attendance-bypass-mode': true } });
  await harness.addBot({ name: 'handoff', scripts: { start: HANDOFF } });
  const noHumans = { 'attendance-bypass-mode': true, 'attendance-auto-transfer': true, 'attendance-transfer-keywords': ['help'] };
  await harness.addBot({ name: 'no-attendance', scripts: { start: HANDOFF }, config: { ...noHumans, 'attendance-enabled': false } });
  await harness.addBot({ name: 'no-crm', scripts: { start: HANDOFF }, config: { ...noHumans, 'crm-enabled': false } });
  running = await harness.startEngine({ adapters: [new TestAdapter('web')] });
});
afterAll(() => harness.close());

/** The hand-off and customer-message events attendance would get, in order. */
function handedOver() {
  return running.events.flatMap((e) => (e.name === 'session.handed_off' || e.name === 'customer.messaged'
    ? [{ name: e.name, text: e.payload.message.text, session: e.payload.session }]
    : []));
}

test('a transfer keyword (whole word, any case and accents) hands the session to a human', async () => {
  const first = await running.engine.receive(inbound('keyword', 'hello', { customer: 'k-1' }));
  expect(replies(first)).toEqual(['bot: echo: hello']);
  const transfer = await running.engine.receive(inbound('keyword', 'quero um ATENDÊNTE por favor', { customer: 'k-1' }));
  expect(transfer).toMatchObject({ status: 'processed', needs_human: true });
  expect(replies(transfer)).toEqual([`system: ${WAIT_MESSAGE}`]);
  const row = await session(first.session_id!);
  expect(row.needs_human).toBe(true);
  expect(row.context_data).toMatchObject({ transfer_reason: 'keyword: atendente', transfer_time: expect.any(String), priority: 'normal' });
  await waitFor(
    () => handedOver().some((e) => e.name === 'session.handed_off' && e.text === 'quero um ATENDÊNTE por favor'), 'the hand-off event',
  );

  // From now on the bot is silent and attendance gets every message.
  const later = await running.engine.receive(inbound('keyword', 'are you there?', { customer: 'k-1' }));
  expect(later).toMatchObject({ status: 'processed', needs_human: true, replies: [] });
  await waitFor(() => handedOver().at(-1)?.text === 'are you there?', 'the customer.messaged event');
  expect(handedOver().at(-1)).toMatchObject({ name: 'customer.messaged', session: { id: first.session_id, needs_human: true } });
  expect(lines(await harness.transcript(first.session_id!))).toEqual([
    '> customer: hello', '< bot: echo: hello', '> customer: quero um ATENDÊNTE por favor', `< system: ${WAIT_MESSAGE}`,
    '> customer: are you there?',
  ]);

  // A word that merely contains a keyword does not transfer.
  const near = await running.engine.receive(inbound('keyword', 'atendentes', { customer: 'k-2' }));
  expect(near).toMatchObject({ needs_human: false });
});

test('bypass mode: every message goes to attendance, the bot never runs', async () => {
  const outcome = await running.engine.receive(inbound('bypass', 'hi', { customer: 'b-1' }));
  expect(outcome).toMatchObject({ status: 'processed', needs_human: true, replies: [] });
  expect(lines(await harness.transcript(outcome.session_id!))).toEqual(['> customer: hi']);
  await waitFor(() => handedOver().at(-1)?.session.id === outcome.session_id, 'the bypass event');
  expect(handedOver().at(-1)).toMatchObject({ name: 'customer.messaged', text: 'hi' });
  expect((await session(outcome.session_id!)).dialog_state).toBeNull();
});

test('TRANSFER TO HUMAN: needs_human, context, wait message after the TALKs, result object', async () => {
  const before = handedOver().length;
  const outcome = await running.engine.receive(inbound('handoff', 'help', { customer: 'h-1' }));
  expect(outcome).toMatchObject({ status: 'processed', needs_human: true });
  expect(replies(outcome)).toEqual(['bot: Let me find someone', 'bot: status: queued', 'bot: human? true', `system: ${WAIT_MESSAGE}`]);
  const row = await session(outcome.session_id!);
  expect(row.needs_human).toBe(true);
  expect(row.context_data).toMatchObject({
    transfer_reason: 'asked for help', priority: 'high', target: 'support', transfer_time: expect.any(String),
  });
  await waitFor(() => handedOver().length === before + 1, 'one hand-off event');

  const withHuman = await running.engine.receive(inbound('handoff', 'hello?', { customer: 'h-1' }));
  expect(withHuman).toMatchObject({ needs_human: true, replies: [] });

  // Resolving returns the conversation to the bot.
  await running.engine.resolve(outcome.session_id!);
  const resolved = await session(outcome.session_id!);
  expect(resolved.needs_human).toBe(false);
  expect(resolved.context_data.needs_human).toBe(false);
  const back = await running.engine.receive(inbound('handoff', 'again', { customer: 'h-1' }));
  expect(back).toMatchObject({ needs_human: false });
  expect(replies(back)).toEqual(['bot: bot: again']);
});

test('needs_human set only in context_data also routes to attendance, and resolve clears it', async () => {
  const first = await running.engine.receive(inbound('handoff', 'hi', { customer: 'h-2' }));
  await createSessionsRepo(harness.database.db).update(first.session_id!, { context_patch: { needs_human: true } });
  expect(await running.engine.receive(inbound('handoff', 'x', { customer: 'h-2' }))).toMatchObject({ needs_human: true, replies: [] });
  await running.engine.resolve(first.session_id!);
  expect(replies(await running.engine.receive(inbound('handoff', 'y', { customer: 'h-2' })))).toEqual(['bot: bot: y']);
});

test('resolving an unknown session is a NotFoundError', async () => {
  await expect(running.engine.resolve('00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({ code: 'session_not_found' });
});

test.each(['no-attendance', 'no-crm'])('%s: everything stays with the bot, TRANSFER TO HUMAN answers crm_disabled', async (bot) => {
  const outcome = await running.engine.receive(inbound(bot, 'help', { customer: 'c-1' }));
  expect(outcome).toMatchObject({ status: 'processed', needs_human: false });
  expect(replies(outcome)).toEqual(['bot: Let me find someone', 'bot: status: crm_disabled', 'bot: human? false']);
  expect((await session(outcome.session_id!)).needs_human).toBe(false);
  const next = await running.engine.receive(inbound(bot, 'more', { customer: 'c-1' }));
  expect(replies(next)).toEqual(['bot: bot: more']);
  expect(CRM_DISABLED_MESSAGE).toMatch(/disabled/);
});
