import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { attendanceConversations, attendanceEvents, crmContacts, messages, sessions } from '../../db/schema/index.js';
import { startBaresipCaller, type BaresipCaller } from '../support/baresip.js';
import { createTestBots, type TestBots } from '../support/bot-packages.js';
import { concatWavs, durationOf, silenceWav, soundMs, speechWav, toneMs, writeWav } from '../support/call-audio.js';
import { testDriversLabel } from '../support/drivers.js';
import { startFakeVoice, transcribeByLength, type FakeVoice } from '../support/fake-voice.js';
import { addPhoneBot } from '../support/phone-bot.js';
import { bearerFor, startTestService, TEST_ADMIN, type TestService } from '../support/service.js';
import { runSipp, SIPP_SCENARIOS } from '../support/sipp.js';
import { waitForValue } from '../support/wait-for.js';

// Phone calls, end to end (docs/channels/rtc-sip.md): Debian's baresip phones the service's SIP
// user agent, hears the bot through the voice service (espeak-ng speech), answers a menu by key
// and a question by voice, says the transfer keyword and waits on hold; a second bot's caller hears
// its hold music and the queue notice, then leaves a voicemail that becomes a ticket; SIPp plays a forged trunk.

const NUMBER = '+15550100';
/** The desk bot hands every call to a person at once; nobody is there, so the caller leaves a voicemail. */
const DESK_NUMBER = '+15550200';
const DESK_SCRIPT = 'TALK "Connecting you to a person."\nTRANSFER TO HUMAN\n';
/** The desk's hold music: a steady tone at this pitch (the default hold tone is 440 Hz), in a 16 kHz file the call converts. */
const MUSIC_HZ = 600;
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
const utterances: Record<'name' | 'agent' | 'voicemail', string> = { name: '', agent: '', voicemail: '' };

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'sb-calls-'));
  // What the caller says: each utterance with silence around it, so the service hears where it ends.
  const quiet = await silenceWav(1500, path.join(dir, 'quiet.wav'));
  const name = await speechWav('Maria Silva', path.join(dir, 'name-speech.wav'));
  const agent = await speechWav('agent please, agent', path.join(dir, 'agent-speech.wav'));
  utterances.name = await concatWavs([name, quiet], path.join(dir, 'name.wav'));
  utterances.agent = await concatWavs([agent, quiet], path.join(dir, 'agent.wav'));
  const message = await speechWav('Please call me back about my order, it has not arrived yet', path.join(dir, 'voicemail-speech.wav'));
  utterances.voicemail = await concatWavs([message, quiet, quiet], path.join(dir, 'voicemail.wav'));
  voice = await startFakeVoice();
  // Transcripts end with a full stop, as a real service's do.
  voice.transcribeBy = await transcribeByLength([
    { text: 'Maria Silva.', wav: name }, { text: 'Agent.', wav: agent }, { text: 'Please call me back about my order.', wav: message },
  ]);
  const music = path.join(dir, 'hold.wav');
  await writeWav(music, Int16Array.from({ length: 16000 }, (_, i) => Math.round(12000 * Math.sin((2 * Math.PI * MUSIC_HZ * i) / 16000))), 16000);
  bots = await createTestBots('sb-calls-');
  await addPhoneBot(bots, dir, { number: NUMBER, voiceUrl: voice.url, script: SCRIPT, keys: { 'attendance-transfer-keywords': 'agent' } });
  // A short longest wait keeps the voicemail test quick.
  const trunks = await addPhoneBot(bots, dir, {
    name: 'desk', number: DESK_NUMBER, voiceUrl: voice.url, script: DESK_SCRIPT, files: { 'hold.wav': music },
    keys: {
      'attendance-max-wait-seconds': '12', 'sip-hold-music': 'hold.wav', 'sip-hold-announce-seconds': '8',
      'sip-voicemail-end-silence-seconds': '1', 'sip-voicemail-max-seconds': '30',
    },
  });
  service = await startTestService({
    BOTS_DIR: bots.dir, SIP_TRUNKS_FILE: trunks, SIP_PORT: '0', SIP_TCP_PORT: 'off', RTP_PORT_MIN: '41000', RTP_PORT_MAX: '41999',
  });
});

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
    // The caller's number is a contact of the bot's CRM: the queue names the call by the contact, before the name the phone sends
    // (docs/attendance/calls.md, "What attendants see").
    const from = '+14155550123'; // a valid number: the CRM matches numbers it can read as phone numbers (docs/crm.md)
    await service.database.db.insert(crmContacts).values({ bot_id: service.bots.find((b) => b.name === 'phone')!.id, first_name: 'Maria', last_name: 'Contact', phone: from });
    caller = await startBaresipCaller({ user: from, displayName: 'M Silva', playWav: await silenceWav(500, path.join(dir, 'start.wav')) });
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
    // The ringing call as the console shows it: in the queue, a call named by the CRM contact, and the transcript so far.
    const admin = await bearerFor(service.url, TEST_ADMIN.username, TEST_ADMIN.password);
    const queue = await (await fetch(`${service.url}/api/attendance/queue`, { headers: admin })).json() as { session_id: string; channel: string; user_name: string; user_phone: string | null }[];
    expect(queue.find((item) => item.session_id === call.id)).toMatchObject({ channel: 'rtc_sip', user_name: 'Maria Contact', user_phone: from });
    const { messages: transcript } = await (await fetch(`${service.url}/api/attendance/sessions/${call.id}/messages`, { headers: admin })).json() as {
      messages: { from: string; text: string }[];
    };
    const lines = transcript.map((m) => [m.from, m.text]);
    expect(lines).toEqual(expect.arrayContaining([['bot', 'Welcome to Acme.'], ['customer', 'Support'], ['customer', 'Maria Silva'], ['customer', 'Agent']]));
    expect(lines.findIndex(([, text]) => text === 'Welcome to Acme.')).toBeLessThan(lines.findIndex(([, text]) => text === 'Maria Silva'));

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
    // The call was recorded (rtc-recording-enabled, on by default): both sides mixed into a WAV in
    // the bot's drive (folder rtc-storage-bucket), linked from a system message in the conversation.
    const notes = await service.database.db.select().from(messages).where(and(eq(messages.session_id, call.id), eq(messages.sender, 'system')));
    const note = notes.find((m) => m.text.startsWith('Call recording ('));
    expect(note?.text).toMatch(/^Call recording \(\d+:\d\d\)$/);
    const [attachment] = (note!.payload as { attachments: { type: string; url: string; mime_type: string }[] }).attachments;
    expect(attachment).toMatchObject({ type: 'audio', mime_type: 'audio/wav', url: expect.stringContaining('/recordings/calls/') });
    const wav = await fetch(attachment!.url);
    expect(wav.status).toBe(200);
    const recorded = Buffer.from(await wav.arrayBuffer());
    // As long as the call (baresip recorded what it heard from answer to hang-up), with the bot's speech and the caller's in it.
    expect(Math.abs(await durationOf(recorded) - await durationOf(caller.recordingPath))).toBeLessThan(3000);
    expect(await soundMs(recorded)).toBeGreaterThan(await soundMs(caller.recordingPath));
  }, 120_000);

  test('hold music and the queue notice heard, nobody takes the call, voicemail left: a ticket with the transcript and the recording', async () => {
    await caller?.close();
    caller = await startBaresipCaller({ user: '+15550177', playWav: await silenceWav(500, path.join(dir, 'start-desk.wav')) });
    await caller.dial(`sip:${DESK_NUMBER}@127.0.0.1:${service.sip!.udpPort};transport=udp`);
    await waitForSpoken('Connecting you to a person.');

    // The queue notice attendance sends after the handoff is spoken on the call, and stored as delivered.
    await waitForSpoken('in the queue');
    const call = (await waitForValue(
      () => service.database.db.select().from(sessions).where(and(eq(sessions.channel, 'rtc_sip'), eq(sessions.external_user_id, '+15550177'))),
      (rows) => rows.length === 1, { what: 'the desk call\'s session', timeoutMs: 20_000 },
    ))[0]!;
    const notice = await waitForValue(
      () => service.database.db.select().from(messages).where(and(eq(messages.session_id, call.id), eq(messages.sender, 'system'))),
      (rows) => rows.some((m) => m.text.includes('in the queue') && m.delivery_state === 'delivered'),
      { what: 'the queue notice delivered on the call', timeoutMs: 20_000 },
    );
    expect(notice.length).toBeGreaterThan(0);

    // After the longest wait: the prompt, the beep, then the caller's message. The caller starts
    // speaking once the prompt and the beep are over (the prompt's audio is the voice service's).
    const prompt = await waitForSpoken('leave a message after the tone');
    const promptWav = path.join(dir, 'prompt.wav');
    const res = await fetch(`${voice.url}/audio/speech`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ model: 'tts-1', voice: 'alloy', input: prompt, response_format: 'wav' }) });
    await writeFile(promptWav, Buffer.from(await res.arrayBuffer()));
    const lead = await silenceWav(Math.round(await durationOf(promptWav)) + 1500, path.join(dir, 'lead.wav'));
    await caller.play(await concatWavs([lead, utterances.voicemail], path.join(dir, 'after-tone.wav')));
    await waitForSpoken('your message has been recorded');
    await caller.waitForClosed({ timeoutMs: 30_000 });
    // What the caller heard on hold: the bot's music (its steady tone, from a 16 kHz file), not the default 440 Hz tone.
    expect(await toneMs(caller.recordingPath, MUSIC_HZ)).toBeGreaterThanOrEqual(1000);
    expect(await toneMs(caller.recordingPath, 440)).toBeLessThan(200);

    const admin = await bearerFor(service.url, TEST_ADMIN.username, TEST_ADMIN.password);
    const listed = await waitForValue(async () => {
      const res = await fetch(`${service.url}/api/attendance/tickets?session_id=${call.id}`, { headers: admin });
      return (await res.json()) as { tickets?: { id: string }[] };
    }, (body) => (body.tickets?.length ?? 0) > 0, { what: 'the voicemail ticket', timeoutMs: 20_000 });
    // The session closes and the conversation leaves the queue; the ticket stays open for someone to call back.
    await waitForValue(
      () => service.database.db.select().from(sessions).where(eq(sessions.id, call.id)),
      ([row]) => row?.status === 'closed', { what: 'the desk call\'s session closed', timeoutMs: 20_000 },
    );
    await service.eventsHandled();
    const read = await fetch(`${service.url}/api/attendance/tickets/${listed.tickets![0]!.id}`, { headers: admin });
    expect(read.status).toBe(200);
    const ticket = (await read.json()) as { status: string; subject: string; description: string; tags: string[]; contact_phone: string; custom_fields: { voicemail: { transcript: string; recording: { url: string; mime_type: string; duration_seconds: number } } } };
    expect(ticket).toMatchObject({
      status: 'open', subject: 'Voicemail from +15550177', description: 'Please call me back about my order.', tags: ['voicemail'], contact_phone: '+15550177',
    });
    const { recording } = ticket.custom_fields.voicemail;
    expect(recording.mime_type).toBe('audio/wav');
    // The recording is attached: its link opens the WAV, as long as what the caller said.
    const audio = await fetch(recording.url);
    expect(audio.status).toBe(200);
    const bytes = Buffer.from(await audio.arrayBuffer());
    expect(await durationOf(bytes)).toBeGreaterThanOrEqual(await durationOf(path.join(dir, 'voicemail-speech.wav')) - 500);
    expect(await soundMs(bytes)).toBeGreaterThan(1000);
    const [conversation] = await service.database.db.select().from(attendanceConversations).where(eq(attendanceConversations.session_id, call.id));
    expect(conversation?.status).toBe('resolved');
    // The call's life is in the attendance log, for the call KPIs (docs/attendance/insights-and-survey.md, "Phone calls").
    const logged = await waitForValue(
      () => service.database.db.select().from(attendanceEvents).where(eq(attendanceEvents.session_id, call.id)).orderBy(attendanceEvents.seq),
      (rows) => rows.some((r) => r.type === 'call_ended'), { what: 'the call\'s end in the attendance log' },
    );
    expect(logged.filter((r) => r.type.startsWith('call_')).map((r) => [r.type, r.data.reason ?? null, r.data.direction]))
      .toEqual([['call_started', null, 'inbound'], ['call_queued', null, 'inbound'], ['call_ended', 'voicemail', 'inbound']]);
  }, 150_000);

  test('an INVITE from outside the trunk is refused 403, with no media', async () => {
    const forged = await runSipp({
      scenario: { file: SIPP_SCENARIOS.inviteFinalAnswer }, target: `127.0.0.1:${service.sip!.udpPort}`, sourceAddress: '127.0.0.2', service: NUMBER,
    });
    expect(forged.logs).toEqual(['final=403']);
  });
});
