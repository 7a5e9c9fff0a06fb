import { createBotDataRepo, createSessionsRepo } from '../../db/index.js';
import { EngineHarness, inbound, lines, TestAdapter, waitFor, type RunningEngine } from '../support/engine-kit.js';

// BASIC effects carried out by the engine : WAIT, SET/GET SESSION, TALK TO,
// failed HEARs, SET SCHEDULE, and the ports that answer "not configured".

let harness: EngineHarness;
let running: RunningEngine;
let web: TestAdapter;
const session = async (id: string) => (await createSessionsRepo(harness.database.db).findById(id))!;
const texts = (outcome: Awaited<ReturnType<RunningEngine['engine']['receive']>>) =>
  outcome.status === 'processed' ? outcome.replies.map((r) => r.text) : [];

beforeAll(async () => {
  harness = await EngineHarness.open();
  await harness.addBot({ name: 'sleeper', scripts: { start: 'TALK "before"\nWAIT 0.3\nTALK "after"\nHEAR x\nTALK "got " & x' } });
  await harness.addBot({ name: 'sessions', scripts: {
    start: `SET SESSION "customer_tier", "gold"
SET SESSION "voice_response", "true"
TALK GET SESSION("customer_tier") & "/" & GET SESSION("voice_response") & "/" & GET SESSION("campaign_id")
TALK "a"
SET SESSION "colour", "red"
TALK "b"`,
  } });
  await harness.addBot({ name: 'talker', scripts: { start: 'TALK TO "+15550009", "hello other"\nTALK "done"' } });
  await harness.addBot({ name: 'picky', scripts: { start: 'HEAR n AS INTEGER\nTALK "n=" & n' } });
  await harness.addBot({ name: 'ports', scripts: {
    start: 'r = CREATE MEETING {title: "x"}\nTALK r.success & " " & r.message\nSEND MAIL "a@b.c", "s", "b"\nTALK "never"',
  } });
  await harness.addBot({ name: 'ticker', scripts: {
    start: 'SET SCHEDULE "* * * * * *"\nSET BOT MEMORY "ran", NVL(GET BOT MEMORY("ran"), 0) + 1\nTALK "scheduled"',
  } });
  web = new TestAdapter('web');
  running = await harness.startEngine({ adapters: [web] });
});
afterAll(() => harness.close());

test('WAIT: the dialog sleeps in the session and a job resumes it; messages meanwhile do not wake it', async () => {
  const first = await running.engine.receive(inbound('sleeper', 'hi', { customer: 's-1' }));
  expect(texts(first)).toEqual(['before']);
  expect((await session(first.session_id!)).dialog_state).toMatchObject({ status: 'sleeping', resume_at: expect.any(String) });
  expect(texts(await running.engine.receive(inbound('sleeper', 'early', { customer: 's-1' })))).toEqual([]);
  await waitFor(async () => lines(await harness.transcript(first.session_id!)).includes('< bot: after'), { what: 'the WAIT to end', timeoutMs: 5000 });
  expect(texts(await running.engine.receive(inbound('sleeper', 'late', { customer: 's-1' })))).toEqual(['got late']);
});

test('WAIT survives a restart: start-up wakes sleeping dialogs', async () => {
  const crashed = await harness.startEngine({ start: false });
  const first = await crashed.engine.receive(inbound('sleeper', 'hi', { customer: 's-2' }));
  await crashed.stop();
  const next = await harness.startEngine();
  await waitFor(async () => lines(await harness.transcript(first.session_id!)).includes('< bot: after'), { what: 'the WAIT to end', timeoutMs: 5000 });
  expect((await session(first.session_id!)).dialog_state).toMatchObject({ status: 'waiting' });
  await next.stop();
});

test('SET SESSION / GET SESSION use context_data; an unknown key is a runtime error that ends the dialog', async () => {
  const outcome = await running.engine.receive(inbound('sessions', 'hi', { customer: 'k-1' }));
  expect(texts(outcome)).toEqual(['gold/true/', 'a']);
  const row = await session(outcome.session_id!);
  expect(row.context_data).toMatchObject({ customer_tier: 'gold', voice_response: true });
  expect(row.dialog_state).toBeNull();
});

test('TALK TO sends to another address on the session channel, not as a reply', async () => {
  const outcome = await running.engine.receive(inbound('talker', 'hi', { customer: 't-1' }));
  expect(texts(outcome)).toEqual(['done']);
  await waitFor(() => web.sent.some((m) => m.to === '+15550009'), 'the TALK TO delivery');
  expect(web.sent.find((m) => m.to === '+15550009')).toMatchObject({ text: 'hello other', channel: 'web', from: 'bot', session_id: outcome.session_id });
  const transcript = await harness.transcript(outcome.session_id!);
  expect(transcript.find((r) => r.text === 'hello other')?.payload).toMatchObject({ to: '+15550009' });
});

test('three unreadable HEAR answers count a failed attempt in context_data', async () => {
  const first = await running.engine.receive(inbound('picky', 'start', { customer: 'p-1' }));
  for (const answer of ['abc', 'def']) await running.engine.receive(inbound('picky', answer, { customer: 'p-1' }));
  expect((await session(first.session_id!)).context_data.failed_attempts).toBeUndefined();
  expect(texts(await running.engine.receive(inbound('picky', 'ghi', { customer: 'p-1' })))).toEqual(['n=']);
  expect((await session(first.session_id!)).context_data.failed_attempts).toBe(1);
});

test('meetings answer "not configured"; SEND MAIL without a mail server is a runtime error', async () => {
  const outcome = await running.engine.receive(inbound('ports', 'hi', { customer: 'm-1' }));
  expect(texts(outcome)).toEqual(['false Meetings are not configured on this server.']);
});

test('SET SCHEDULE runs the script on its cron schedule', async () => {
  await running.engine.receive(inbound('ticker', 'hi', { customer: 'c-1' }));
  const memory = createBotDataRepo(harness.database.db).botMemory(harness.bots.get('ticker')!.id);
  await waitFor(async () => Number(await memory.get('ran')) >= 2, { what: 'a scheduled run', timeoutMs: 5000 });
});
