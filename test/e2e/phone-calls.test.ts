import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { attendanceConversations, messages, sessions } from '../../db/schema/index.js';
import { startBaresipCaller, type BaresipCaller } from '../support/baresip.js';
import { createTestBots, type TestBots } from '../support/bot-packages.js';
import { concatWavs, silenceWav, soundMs, speechWav } from '../support/call-audio.js';
import { testDriversLabel } from '../support/drivers.js';
import { startFakeVoice, transcribeByLength, type FakeVoice } from '../support/fake-voice.js';
import { startTestService, type TestService } from '../support/service.js';
import { runSipp, SIPP_SCENARIOS } from '../support/sipp.js';
import { waitForValue } from '../support/wait-for.js';

// Phone calls, end to end (docs/channels/rtc-sip.md): Debian's baresip phones the service's SIP
// user agent, hears the bot through the voice service (espeak-ng speech), answers a menu by key
// and a question by voice, says the transfer keyword and waits on hold; SIPp plays a forged trunk.

const NUMBER = '+15550100';
const SCRIPT = `
TALK "Welcome to Acme."
HEAR team AS "Sales", "Support"
TALK "You chose " & team & ". What is your name?"
HEAR name
TALK "Thank you " & name & ". Say agent to talk to a person."
HEAR anything
TALK "Goodbye from the bot."
`;

let dir: string;
let bots: TestBots;
let voice: FakeVoice;
let service: TestService;
let caller: BaresipCaller | undefined;
const utterances: Record<'name' | 'agent', string> = { name: '', agent: '' };

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'sb-calls-'));
  // What the caller says: each utterance with silence around it, so the service hears where it ends.
  const quiet = await silenceWav(1500, path.join(dir, 'quiet.wav'));
  const name = await speechWav('Maria Silva', path.join(dir, 'name-speech.wav'));
  const agent = await speechWav('agent please, agent', path.join(dir, 'agent-speech.wav'));
  utterances.name = await concatWavs([name, quiet], path.join(dir, 'name.wav'));
  utterances.agent = await concatWavs([agent, quiet], path.join(dir, 'agent.wav'));
  voice = await startFakeVoice();
  // Transcripts end with a full stop, as a real service's do.
  voice.transcribeBy = await transcribeByLength([{ text: 'Maria Silva.', wav: name }, { text: 'Agent.', wav: agent }]);
  bots = await createTestBots('sb-calls-');
  await bots.add('phone', {
    'sip-enabled': 'true', 'sip-trunk-name': 'local', 'sip-phone-number': NUMBER, 'voice-models-url': voice.url,
    'http-allow-private-networks': 'true', 'attendance-transfer-keywords': 'agent', 'language': 'en', 'transcription-language': 'en',
  }, SCRIPT);
  const trunks = path.join(dir, 'sip-trunks.json');
  await writeFile(trunks, JSON.stringify({ trunks: [{ name: 'local', addresses: ['127.0.0.1'] }] }));
  service = await startTestService({
    BOTS_DIR: bots.dir, SIP_TRUNKS_FILE: trunks, SIP_PORT: '0', SIP_TCP_PORT: 'off', RTP_PORT_MIN: '41000', RTP_PORT_MAX: '41999',
  });
}, 60_000);

afterAll(async () => {
  await caller?.close();
  await service?.dispose();
  await voice?.close();
  await bots?.remove();
  await rm(dir, { recursive: true, force: true });
});

const spoken = () => voice.requests.filter((r) => r.path === '/v1/audio/speech').map((r) => r.input ?? '');
const waitForSpoken = (text: string) =>
  waitForValue(() => spoken().find((s) => s.includes(text)), (found) => found !== undefined, { what: `the bot saying "${text}"`, timeoutMs: 30_000 });

describe(`a phone call to the bot (${testDriversLabel()})`, () => {
  test('greeting heard, menu by key, name by voice, keyword transfer to a queue on hold, hang-up closes the session', async () => {
    caller = await startBaresipCaller({ playWav: await silenceWav(500, path.join(dir, 'start.wav')) });
    await caller.dial(`sip:${NUMBER}@127.0.0.1:${service.sip!.udpPort};transport=udp`);

    // The greeting and the menu, spoken by the voice service, reach the caller's ear.
    await waitForSpoken('For Sales, press 1. For Support, press 2.');
    await caller.waitForSound(800, { timeoutMs: 30_000 });

    await caller.sendDigits('2');
    await waitForSpoken('You chose Support. What is your name?');

    await caller.play(utterances.name);
    await waitForSpoken('Thank you Maria Silva. Say agent');

    await caller.play(utterances.agent);
    await waitForSpoken('transferred to a human attendant');

    const rows = await waitForValue(
      () => service.database.db.select().from(sessions).where(eq(sessions.channel, 'rtc_sip')),
      (list) => list.some((s) => s.needs_human),
      { what: 'the call handed to a person', timeoutMs: 20_000 },
    );
    const call = rows.find((s) => s.needs_human)!;
    expect(call).toMatchObject({ call_type: 'voice', status: 'open' });
    expect(call.context_data).toMatchObject({ transfer_reason: 'keyword: agent' });
    await service.eventsHandled();
    const queued = await service.database.db.select().from(attendanceConversations).where(eq(attendanceConversations.session_id, call.id));
    expect(queued.map((c) => c.status)).toEqual(['waiting']);

    // On hold: the hold tone keeps reaching the caller after the wait message.
    const before = await soundMs(caller.recordingPath);
    await waitForValue(() => soundMs(caller!.recordingPath), (ms) => ms >= before + 400, { what: 'the hold tone', timeoutMs: 20_000 });

    await caller.hangUp();
    const closed = await waitForValue(
      () => service.database.db.select().from(sessions).where(eq(sessions.id, call.id)),
      ([row]) => row?.status === 'closed',
      { what: 'the session closed by the hang-up', timeoutMs: 20_000 },
    );
    expect(closed[0]!.status).toBe('closed');
    // The caller left the queue with the call: nobody is offered a conversation whose caller is gone.
    await service.eventsHandled();
    const left = await service.database.db.select().from(attendanceConversations).where(eq(attendanceConversations.session_id, call.id));
    expect(left.map((c) => c.status)).toEqual(['resolved']);
    // What the caller said is in the transcript as any channel's messages: the key's choice and the utterances.
    const said = await service.database.db.select({ text: messages.text }).from(messages)
      .where(and(eq(messages.session_id, call.id), eq(messages.direction, 'inbound'))).orderBy(messages.seq);
    expect(said.map((m) => m.text)).toEqual(['', 'Support', 'Maria Silva', 'Agent']);
  }, 120_000);

  test('an INVITE from outside the trunk is refused 403, with no media', async () => {
    const forged = await runSipp({
      scenario: { file: SIPP_SCENARIOS.inviteFinalAnswer }, target: `127.0.0.1:${service.sip!.udpPort}`, sourceAddress: '127.0.0.2', service: NUMBER,
    });
    expect(forged.logs).toEqual(['final=403']);
  }, 30_000);
});
