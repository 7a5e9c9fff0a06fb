import { memoryEngine, type MemoryEngine } from '../test/support/engine-memory/memory-engine.js';
import { inbound } from '../test/support/test-channel.js';
import type { ReceiveOutcome } from './engine-api.js';
import { receiveMessage } from './receive-message.js';
import { resolveSession } from './resolve-session.js';
import { CRM_DISABLED_MESSAGE, WAIT_MESSAGE } from './transfer-to-human.js';

// TRANSFER TO HUMAN and resolving (docs/architecture.md, the routing rule), on the in-memory
// stores: who has the conversation before, during and after a human's attendance. Transfer
// keywords and bypass mode are in receive-message.test.ts.

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
const noHumans = { 'attendance-bypass-mode': true, 'attendance-auto-transfer': true, 'attendance-transfer-keywords': ['help'] };

let engine: MemoryEngine;
beforeEach(() => {
  engine = memoryEngine({
    bots: [
      { name: 'handoff', scripts: { start: HANDOFF } },
      { name: 'no-attendance', scripts: { start: HANDOFF }, config: { ...noHumans, 'attendance-enabled': false } },
      { name: 'no-crm', scripts: { start: HANDOFF }, config: { ...noHumans, 'crm-enabled': false } },
    ],
  });
});

const receive = (bot: string, text: string, customer: string) => receiveMessage(engine.deps.turn, inbound(bot, text, { customer }));
const replies = (outcome: ReceiveOutcome) => outcome.replies.map((r) => `${r.from}: ${r.text}`);
const session = (id: string) => engine.tables.sessions.get(id)!;
const eventNames = (sessionId: string) => engine.tables.events.filter((e) => e.session_id === sessionId).map((e) => e.name);

test('TRANSFER TO HUMAN: needs_human, context, the wait message after the TALKs, the result object, one hand-off event', async () => {
  const outcome = await receive('handoff', 'help', 'h-1');
  expect(outcome).toMatchObject({ status: 'processed', needs_human: true });
  expect(replies(outcome)).toEqual(['bot: Let me find someone', 'bot: status: queued', 'bot: human? true', `system: ${WAIT_MESSAGE}`]);
  const id = outcome.session_id!;
  expect(session(id).needs_human).toBe(true);
  expect(session(id).context_data).toMatchObject({ transfer_reason: 'asked for help', priority: 'high', target: 'support', transfer_time: expect.any(String) });
  expect(eventNames(id)).toEqual(['session.handed_off']);

  expect(await receive('handoff', 'hello?', 'h-1')).toMatchObject({ needs_human: true, replies: [] });
  expect(eventNames(id)).toEqual(['session.handed_off', 'customer.messaged']);
});

test('resolving returns the conversation to the bot, told as session.resolved', async () => {
  const outcome = await receive('handoff', 'help', 'h-2');
  const id = outcome.session_id!;
  await resolveSession(engine.deps.resolve, id, { survey: 'pending' });
  expect(session(id)).toMatchObject({ needs_human: false, context_data: { needs_human: false, survey: 'pending' } });
  expect(eventNames(id).at(-1)).toBe('session.resolved');
  const back = await receive('handoff', 'again', 'h-2');
  expect(back).toMatchObject({ needs_human: false });
  expect(replies(back)).toEqual(['bot: bot: again']);
});

test('needs_human set only in context_data routes to attendance too, and resolving clears it', async () => {
  const first = await receive('handoff', 'hi', 'h-3');
  const row = session(first.session_id!);
  engine.tables.sessions.set(row.id, { ...row, version: row.version + 1, context_data: { ...row.context_data, needs_human: true } });
  expect(await receive('handoff', 'x', 'h-3')).toMatchObject({ needs_human: true, replies: [] });
  await resolveSession(engine.deps.resolve, row.id);
  expect(replies(await receive('handoff', 'y', 'h-3'))).toEqual(['bot: bot: y']);
});

test('resolving an unknown session is a NotFoundError', async () => {
  await expect(resolveSession(engine.deps.resolve, '00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({ code: 'session_not_found' });
});

test.each(['no-attendance', 'no-crm'])('%s: everything stays with the bot, TRANSFER TO HUMAN answers crm_disabled', async (bot) => {
  const outcome = await receive(bot, 'help', 'c-1');
  expect(outcome).toMatchObject({ status: 'processed', needs_human: false });
  expect(replies(outcome)).toEqual(['bot: Let me find someone', 'bot: status: crm_disabled', 'bot: human? false']);
  expect(session(outcome.session_id!).needs_human).toBe(false);
  expect(replies(await receive(bot, 'more', 'c-1'))).toEqual(['bot: bot: more']);
  expect(eventNames(outcome.session_id!)).toEqual([]);
  expect(CRM_DISABLED_MESSAGE).toMatch(/disabled/);
});
