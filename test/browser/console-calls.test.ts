/**
 * An attendant takes a phone call in the console (docs/attendance/calls.md), with real programs:
 * Debian's baresip phones a number routed straight to a queue and plays a 600 Hz tone; the
 * attendant, in Chromium with a fake microphone playing a 1000 Hz tone, takes the call. Two-way
 * audio is shown by the tones detected at each end: the caller's recording holds the attendant's
 * tone, and the browser's received track peaks at the caller's. Mute, hang up (the caller gets
 * BYE) and the queue item's call mark are checked, and a refused microphone is explained. The
 * panel's Hold (the caller's phone gets a re-INVITE, and another on resume), key pad (the caller
 * receives the keys) and Transfer to another attendant are worked by keyboard at 320 px, and a
 * transfer to a typed number reaches the caller's phone as a REFER.
 * axe-core checks the screens.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { sessions } from '../../db/schema/index.js';
import { startBaresipCaller, type BaresipCaller } from '../support/baresip.js';
import { createTestBots, type TestBots } from '../support/bot-packages.js';
import { PEAK_OF_RECEIVED_AUDIO, RECORD_PEER_CONNECTIONS } from '../support/browser-audio.js';
import { buildWeb, captureErrors, launchChromium, screenshot, seriousViolations } from '../support/browser.js';
import { durationOf, toneMs, toneWav } from '../support/call-audio.js';
import { startFakeTwilio, type FakeTwilio } from '../support/fake-twilio.js';
import { startFakeVoice, type FakeVoice } from '../support/fake-voice.js';
import { addPhoneBot } from '../support/phone-bot.js';
import { bearerFor, startTestService, TEST_ADMIN, type TestService } from '../support/service.js';
import { waitForValue } from '../support/wait-for.js';

const run = promisify(execFile);

const NUMBER = '+15550300';
const CALLER_HZ = 600;
const ATTENDANT_HZ = 1000;
const PASSWORD = 'password-for-tests';
/** What the voice service hears in every utterance of the calls' transcripts. */
const SPOKEN = 'Can you hear me';

let dir: string;
let bots: TestBots;
let voice: FakeVoice;
let twilio: FakeTwilio;
let service: TestService;
let webDir: string;
let callerTone: string;
const browsers: Browser[] = [];
const callers: BaresipCaller[] = [];

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'sb-console-calls-'));
  callerTone = await toneWav(120_000, path.join(dir, 'caller-tone.wav'), { hz: CALLER_HZ });
  voice = await startFakeVoice();
  voice.transcript = SPOKEN;
  twilio = await startFakeTwilio();
  bots = await createTestBots('sb-console-calls-');
  const trunks = await addPhoneBot(bots, dir, {
    name: 'desk', number: NUMBER, voiceUrl: voice.url, script: 'TALK "Unused: the number goes straight to the queue."\n',
    keys: {
      'sip-inbound-route': 'queue:Phones', 'attendance-auto-assign': 'false', 'attendance-max-wait-seconds': '600', 'sip-hold-announce-seconds': '0',
      // An sms channel: a video meeting's join link reaches a caller by SMS.
      'sms-account-sid': 'ACcalls', 'sms-auth-token': 'twilio-token-calls', 'sms-from': '+15550300', 'sms-api-url': twilio.url,
    },
  });
  webDir = await buildWeb();
  service = await startTestService({
    WEB_DIR: webDir, BOTS_DIR: bots.dir, SIP_TRUNKS_FILE: trunks, SIP_PORT: '0', SIP_TCP_PORT: 'off', RTP_PORT_MIN: '42000', RTP_PORT_MAX: '42999',
  });
  const admin = await bearerFor(service.url, TEST_ADMIN.username, TEST_ADMIN.password);
  for (const username of ['ana', 'bia']) {
    const res = await fetch(`${service.url}/api/users`, {
      method: 'POST', headers: { ...admin, 'content-type': 'application/json' },
      body: JSON.stringify({ username, email: `${username}@example.test`, password: PASSWORD, roles: ['attendant'] }),
    });
    expect(res.status).toBe(201);
  }
}, 180_000);

afterAll(async () => {
  await Promise.all(callers.map((c) => c.close()));
  await Promise.all(browsers.map((b) => b.close()));
  await service?.dispose();
  await voice?.close();
  await twilio?.close();
  await bots?.remove();
  await rm(dir, { recursive: true, force: true });
  if (webDir) await rm(webDir, { recursive: true, force: true });
});

/** A caller from `number` dials the desk and waits on hold, its 600 Hz tone playing (and its fake camera on, with `video`). */
async function call(number: string, codecs?: ('PCMU' | 'PCMA')[], options: { video?: boolean } = {}): Promise<BaresipCaller> {
  const caller = await startBaresipCaller({ user: number, playWav: callerTone, rtpPorts: { min: 43000, max: 43999 }, ...(codecs ? { codecs } : {}), ...options });
  callers.push(caller);
  await caller.dial(`sip:${NUMBER}@127.0.0.1:${service.sip!.udpPort};transport=udp`);
  return caller;
}

async function signIn(page: Page, username: string): Promise<void> {
  await page.goto(`${service.url}/console/`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('status').filter({ hasText: 'Live' }).waitFor();
}

/** The queue item of the caller's call, opened, then taken; resolves to its session id. */
async function takeCall(page: Page, number: string): Promise<string> {
  const item = page.locator('#queue-list .item', { hasText: number });
  await item.waitFor({ timeout: 30_000 });
  expect(await item.locator('.meta').innerText()).toMatch(new RegExp(`Call \\${number} · waiting \\d+ s`));
  await item.click();
  await page.locator('.conversation-head .meta', { hasText: `Call ${number}` }).waitFor();
  // The trunk sent no name: the caller goes by their number.
  await page.getByRole('heading', { level: 2, name: number }).waitFor();
  await page.getByRole('button', { name: 'Take' }).click();
  return (await item.getAttribute('data-item'))!;
}

test('a refused microphone is explained, with how to allow it', async () => {
  // No fake UI: nothing grants the microphone, and the context grants no permission.
  const browser = await launchChromium(['--use-fake-device-for-media-stream']);
  browsers.push(browser);
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US', permissions: [] })).newPage();
  const errors = captureErrors(page);
  const caller = await call('+15550111');
  await signIn(page, 'bia');
  await takeCall(page, '+15550111');

  const alert = page.getByRole('region', { name: 'Phone call' }).getByRole('alert');
  await alert.waitFor();
  expect(await alert.innerText()).toContain('Allow the microphone for this site');
  await page.getByRole('button', { name: 'Try again' }).waitFor();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'console-call-microphone-denied');
  await caller.hangUp();
  expect(errors).toEqual([]);
}, 120_000);

test('take connects the attendant to the caller: each hears the other\'s tone; mute; hang up ends the call', async () => {
  const attendantTone = path.join(dir, 'attendant-tone.wav');
  await run('sox', ['-n', '-r', '48000', '-c', '1', '-b', '16', attendantTone, 'synth', '60', 'sine', String(ATTENDANT_HZ), 'vol', '0.5']);
  const browser = await launchChromium([
    '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-audio-capture=${attendantTone}`,
    '--autoplay-policy=no-user-gesture-required',
  ]);
  browsers.push(browser);
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' })).newPage();
  const errors = captureErrors(page);
  // The page's peer connections, so the test can listen to what the browser receives.
  await page.addInitScript({ content: RECORD_PEER_CONNECTIONS });
  // The caller speaks PCMA only: the browser is offered PCMA first, and the bytes go through untouched.
  const caller = await call('+15550122', ['PCMA']);
  await signIn(page, 'ana');
  const sessionId = await takeCall(page, '+15550122');

  const panel = page.getByRole('region', { name: 'Phone call' });
  await panel.getByRole('status').filter({ hasText: 'In call' }).waitFor({ timeout: 30_000 });
  expect(await seriousViolations(page)).toEqual([]);

  // The attendant's tone reaches the caller's ear.
  await waitForValue(() => toneMs(caller.recordingPath, ATTENDANT_HZ), (ms) => ms >= 1000, { what: 'the attendant\'s tone at the caller', timeoutMs: 30_000 });
  // The caller's tone reaches the browser: the received track's spectrum peaks at its pitch.
  const heard = await waitForValue(() => page.evaluate<{ hz: number; db: number }>(PEAK_OF_RECEIVED_AUDIO), (peak) => Math.abs(peak.hz - CALLER_HZ) < 30 && peak.db > -80,
    { what: 'the caller\'s tone in the browser', timeoutMs: 30_000 });
  expect(Math.abs(heard.hz - CALLER_HZ)).toBeLessThan(30);
  const ana = await bearerFor(service.url, 'ana', PASSWORD);
  const state = await (await fetch(`${service.url}/api/attendance/conversations/${sessionId}/call`, { headers: ana })).json() as Record<string, unknown>;
  expect(state).toMatchObject({ state: 'connected', codec: 'PCMA', video: null });
  // Only the conversation's holder is put through to the caller.
  const bia = await bearerFor(service.url, 'bia', PASSWORD);
  const refused = await fetch(`${service.url}/api/attendance/conversations/${sessionId}/call/connect`, {
    method: 'POST', headers: { ...bia, 'content-type': 'application/json' }, body: JSON.stringify({ sdp: 'v=0\r\nm=audio 9 RTP/AVP 0\r\n' }),
  });
  expect(refused.status).toBe(409);
  expect(await refused.json()).toMatchObject({ error: 'not_holder' });

  await panel.getByRole('timer').filter({ hasText: /^0:0[1-9]|^0:[1-5]\d/ }).waitFor({ timeout: 15_000 });
  const mute = panel.getByRole('button', { name: 'Mute' });
  await mute.click();
  expect(await mute.getAttribute('aria-pressed')).toBe('true');
  await panel.getByText('Your microphone is off').waitFor();
  // Muted, the browser sends silence: what the attendant said until then is transcribed into the console's transcript as theirs.
  await page.locator('ol.transcript li.from-attendant', { hasText: SPOKEN }).waitFor({ timeout: 30_000 });
  await screenshot(page, 'console-call-in-call');

  // Hang up: the caller gets BYE, the session closes, and the conversation leaves the queue (customer left).
  await panel.getByRole('button', { name: 'Hang up' }).click();
  const closed = await caller.waitForClosed({ timeoutMs: 15_000 });
  expect(closed.reason).toBeTruthy();
  const [session] = await waitForValue(() => service.database.db.select().from(sessions).where(eq(sessions.id, sessionId)), ([row]) => row?.status !== 'open',
    { what: 'the call\'s session closed' });
  expect(session?.status).not.toBe('open');
  await page.locator('#queue-list .item', { hasText: '+15550122' }).waitFor({ state: 'detached', timeout: 15_000 });
  expect(await seriousViolations(page)).toEqual([]);
  expect(errors).toEqual([]);

  // Both sides transcribed (rtc-transcription-enabled, on by default) before the session closed:
  // the caller's words as the customer's, the attendant's (from the browser's audio) as the attendant's.
  const transcript = await (await fetch(`${service.url}/api/attendance/sessions/${sessionId}/messages`, { headers: ana })).json() as { messages: { from: string; text: string; attachments?: { url: string }[] }[] };
  const spoken = transcript.messages.filter((m) => m.text === SPOKEN);
  expect(spoken.map((m) => m.from)).toEqual(expect.arrayContaining(['customer', 'attendant']));
  // The recording (rtc-recording-enabled): a WAV in the bot's drive, linked from the conversation, with both tones in it.
  const note = transcript.messages.find((m) => m.from === 'system' && m.text.startsWith('Call recording ('));
  expect(note?.attachments).toHaveLength(1);
  const wav = await fetch(note!.attachments![0]!.url);
  expect(wav.status).toBe(200);
  const recorded = Buffer.from(await wav.arrayBuffer());
  expect(await durationOf(recorded)).toBeGreaterThanOrEqual(3000);
  expect(await toneMs(recorded, CALLER_HZ)).toBeGreaterThanOrEqual(1000);
  expect(await toneMs(recorded, ATTENDANT_HZ)).toBeGreaterThanOrEqual(1000);
}, 180_000);

test('a video phone\'s camera reaches the attendant (VP8 relayed untouched, frames decoded in the call panel\'s video), the attendant\'s camera reaches the phone, and the call escalates to a video meeting', async () => {
  const browser = await launchChromium(['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', '--autoplay-policy=no-user-gesture-required']);
  browsers.push(browser);
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' })).newPage();
  const errors = captureErrors(page);
  await page.addInitScript({ content: RECORD_PEER_CONNECTIONS });
  // baresip with its fakevideo camera and the vp8 codec: a real SIP video phone.
  const caller = await call('+15550133', undefined, { video: true });
  await signIn(page, 'ana');
  const sessionId = await takeCall(page, '+15550133');

  const panel = page.getByRole('region', { name: 'Phone call' });
  await panel.getByRole('status').filter({ hasText: 'In call' }).waitFor({ timeout: 30_000 });
  // The browser decodes the caller's frames: a keyframe came (asked for by RTCP when the browser connected, and on its PLI).
  const inbound = await waitForValue(() => page.evaluate<{ framesDecoded: number; codec: string; width: number }>(RECEIVED_VIDEO), (v) => v.framesDecoded > 5,
    { what: 'the caller\'s video frames decoded in the browser', timeoutMs: 30_000 });
  expect(inbound.codec).toBe('video/VP8');
  expect(inbound.width).toBe(320);
  const shown = panel.getByLabel('Caller\'s video');
  await shown.waitFor();
  const size = await shown.evaluate((element) => {
    const video = element as unknown as { videoWidth: number; videoHeight: number };
    return { width: video.videoWidth, height: video.videoHeight, box: element.getBoundingClientRect().width };
  });
  expect(size).toMatchObject({ width: 320, height: 240 });
  expect(size.box).toBeGreaterThan(0);
  const ana = await bearerFor(service.url, 'ana', PASSWORD);
  const state = await (await fetch(`${service.url}/api/attendance/conversations/${sessionId}/call`, { headers: ana })).json() as Record<string, unknown>;
  expect(state).toMatchObject({ state: 'connected', video: 'VP8' });
  // The attendant's camera (Chromium's fake one) reaches the caller in the same codec: baresip decodes a frame of it.
  const png = await readFile(await caller.snapshotReceived({ timeoutMs: 30_000 }));
  expect(png.subarray(1, 4).toString()).toBe('PNG');
  expect([png.readUInt32BE(16), png.readUInt32BE(20)].every((side) => side > 0)).toBe(true);
  // The audio goes on beside it: the caller's tone reaches the browser.
  await waitForValue(() => page.evaluate<{ hz: number; db: number }>(PEAK_OF_RECEIVED_AUDIO), (peak) => Math.abs(peak.hz - CALLER_HZ) < 30 && peak.db > -80,
    { what: 'the caller\'s tone in the browser', timeoutMs: 30_000 });
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'console-call-video');

  // Escalate: the conversation's video room opens, the caller gets its link by SMS (the call tells
  // them so), and the attendant's join page opens in a new tab; the phone call stays up.
  const opened = page.waitForEvent('popup');
  await panel.getByRole('button', { name: 'Escalate to video meeting' }).click();
  const meeting = await opened;
  expect(meeting.url()).toMatch(new RegExp(`^${service.url}/meet/`));
  await panel.getByRole('status').filter({ hasText: 'The caller got the meeting link' }).waitFor();
  await twilio.waitFor((sent) => sent.some((m) => m.To === '+15550133' && m.Body.includes(meeting.url())), 'the join link by SMS to the caller');
  await waitForValue(async () => voice.requests.map((r) => r.input ?? ''), (said) => said.some((text) => text.includes('I have sent you the link by text message')),
    { what: 'the call saying the link went by SMS' });
  expect(voice.requests.some((r) => r.input?.includes('/meet/'))).toBe(false);
  expect(await (await fetch(`${service.url}/api/attendance/conversations/${sessionId}/call`, { headers: ana })).json()).toMatchObject({ state: 'connected' });
  await meeting.close();
  expect(await seriousViolations(page)).toEqual([]);

  await panel.getByRole('button', { name: 'Hang up' }).click();
  await caller.waitForClosed({ timeoutMs: 15_000 });
  expect(errors).toEqual([]);
}, 180_000);

/** In the page: the latest peer connection's received video, from getStats (inbound-rtp) and its codec. */
const RECEIVED_VIDEO = `(async () => {
  const pc = window.testPeerConnections.at(-1);
  if (!pc) return { framesDecoded: 0, codec: '', width: 0 };
  const stats = [...(await pc.getStats()).values()];
  const video = stats.find((s) => s.type === 'inbound-rtp' && s.kind === 'video');
  if (!video) return { framesDecoded: 0, codec: '', width: 0 };
  const codec = stats.find((s) => s.id === video.codecId);
  return { framesDecoded: video.framesDecoded ?? 0, codec: codec ? codec.mimeType : '', width: video.frameWidth ?? 0 };
})()`;

test('hold and resume (a re-INVITE each at the caller), the key pad (the caller gets the keys) and transfer to an attendant from the panel, by keyboard, at 320 px', async () => {
  const attendantTone = path.join(dir, 'attendant-tone-2.wav');
  await run('sox', ['-n', '-r', '48000', '-c', '1', '-b', '16', attendantTone, 'synth', '90', 'sine', String(ATTENDANT_HZ), 'vol', '0.5']);
  const browser = await launchChromium([
    '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-audio-capture=${attendantTone}`,
    '--autoplay-policy=no-user-gesture-required',
  ]);
  browsers.push(browser);
  const page = await (await browser.newContext({ viewport: { width: 320, height: 720 }, locale: 'en-US' })).newPage();
  const errors = captureErrors(page);
  const caller = await call('+15550133');
  await signIn(page, 'ana');
  const sessionId = await takeCall(page, '+15550133');
  const panel = page.getByRole('region', { name: 'Phone call' });
  await panel.getByRole('status').filter({ hasText: 'In call' }).waitFor({ timeout: 30_000 });
  await waitForValue(() => toneMs(caller.recordingPath, ATTENDANT_HZ), (ms) => ms >= 1000, { what: 'the attendant\'s tone at the caller', timeoutMs: 30_000 });
  const fits = async () => {
    const box = await panel.boundingBox();
    return box !== null && box.x >= 0 && box.x + box.width <= 320;
  };
  expect(await fits()).toBe(true);

  // Hold, by keyboard: the caller's phone gets a re-INVITE (a=sendonly: what it hears is the hold
  // music, adapters/rtc-sip/call-control.test.ts listens to it), and another on resume.
  const reinvites = () => caller.events.filter((line) => line.includes('got re-INVITE')).length;
  const hold = panel.getByRole('button', { name: 'Hold' });
  await hold.focus();
  await page.keyboard.press('Enter');
  const resume = panel.getByRole('button', { name: 'Resume' });
  await resume.waitFor();
  expect(await resume.getAttribute('aria-pressed')).toBe('true');
  await panel.getByText('On hold: the caller hears the hold music').waitFor();
  await waitForValue(async () => reinvites(), (n) => n === 1, { what: 'the hold re-INVITE at the caller', timeoutMs: 15_000 });
  expect(await fits()).toBe(true);
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'console-call-on-hold-320');
  await resume.focus();
  await page.keyboard.press('Space');
  await panel.getByRole('button', { name: 'Hold' }).waitFor();
  await waitForValue(async () => reinvites(), (n) => n === 2, { what: 'the resume re-INVITE at the caller', timeoutMs: 15_000 });
  expect(await panel.getByRole('button', { name: 'Hold' }).getAttribute('aria-pressed')).toBe('false');
  // A hold from elsewhere (the REST request, as /hold does) shows in the panel too.
  const ana = await bearerFor(service.url, 'ana', PASSWORD);
  const holdBy = (on: boolean) => fetch(`${service.url}/api/attendance/conversations/${sessionId}/call/hold`, {
    method: 'POST', headers: { ...ana, 'content-type': 'application/json' }, body: JSON.stringify({ on }),
  });
  expect((await holdBy(true)).status).toBe(200);
  await panel.getByRole('button', { name: 'Resume' }).waitFor({ timeout: 15_000 });
  expect((await holdBy(false)).status).toBe(200);
  await panel.getByRole('button', { name: 'Hold' }).waitFor({ timeout: 15_000 });
  await waitForValue(async () => reinvites(), (n) => n === 4, { what: 'the re-INVITEs of the REST hold and resume', timeoutMs: 15_000 });

  // The key pad: its keys, by keyboard, reach the caller (RFC 4733).
  const keypad = panel.getByRole('button', { name: 'Keypad' });
  await keypad.focus();
  await page.keyboard.press('Enter');
  expect(await keypad.getAttribute('aria-expanded')).toBe('true');
  const keys = panel.getByRole('group', { name: 'Keypad' });
  await keys.getByRole('button', { name: '1', exact: true }).focus();
  await page.keyboard.press('Enter');
  await panel.getByText('Keys sent: 1').waitFor();
  await keys.getByRole('button', { name: '#', exact: true }).focus();
  await page.keyboard.press('Enter');
  await panel.getByText('Keys sent: 1#').waitFor();
  await caller.waitForDigits('1#', { timeoutMs: 15_000 });
  expect(await fits()).toBe(true);
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'console-call-keypad-320');

  // Transfer to another attendant: the conversation (and its call) goes to Bia; Ana's panel leaves.
  await panel.getByRole('button', { name: 'Transfer' }).click();
  const form = panel.getByRole('form', { name: 'Transfer the call' });
  await form.waitFor();
  const bia = await bearerFor(service.url, 'bia', PASSWORD);
  const attendants = await (await fetch(`${service.url}/api/attendance/attendants`, { headers: bia })).json() as { id: string; username: string }[];
  const biaId = attendants.find((a) => a.username === 'bia')!.id;
  const choice = form.getByLabel('Attendant', { exact: true });
  await choice.locator(`option[value="${biaId}"]`).waitFor({ state: 'attached' });
  await choice.selectOption(biaId);
  expect(await fits()).toBe(true);
  expect(await seriousViolations(page)).toEqual([]);
  await form.getByRole('button', { name: 'Transfer the call' }).focus();
  await page.keyboard.press('Enter');
  await panel.waitFor({ state: 'detached', timeout: 15_000 });
  const queue = await (await fetch(`${service.url}/api/attendance/queue`, { headers: bia })).json() as { session_id: string; assigned_to: string | null }[];
  expect(queue.find((item) => item.session_id === sessionId)?.assigned_to).toBe(biaId);
  expect(errors).toEqual([]);

  await caller.hangUp();
}, 240_000);

test('after a transfer to another attendant, their browser joins the call: each hears the other\'s tone; resolving during the call ends it with a goodbye', async () => {
  const attendantTone = path.join(dir, 'attendant-tone-3.wav');
  await run('sox', ['-n', '-r', '48000', '-c', '1', '-b', '16', attendantTone, 'synth', '90', 'sine', String(ATTENDANT_HZ), 'vol', '0.5']);
  const browser = await launchChromium([
    '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-audio-capture=${attendantTone}`,
    '--autoplay-policy=no-user-gesture-required',
  ]);
  browsers.push(browser);
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' })).newPage();
  const caller = await call('+15550144');
  await signIn(page, 'ana');
  const sessionId = await takeCall(page, '+15550144');
  const panel = page.getByRole('region', { name: 'Phone call' });
  await panel.getByRole('status').filter({ hasText: 'In call' }).waitFor({ timeout: 30_000 });
  await waitForValue(() => toneMs(caller.recordingPath, ATTENDANT_HZ), (ms) => ms >= 1000, { what: 'Ana\'s tone at the caller', timeoutMs: 30_000 });

  // Ana transfers the call to Bia (as /transfer @bia): Ana's panel leaves the call.
  const ana = await bearerFor(service.url, 'ana', PASSWORD);
  const moved = await fetch(`${service.url}/api/attendance/commands`, {
    method: 'POST', headers: { ...ana, 'content-type': 'application/json' }, body: JSON.stringify({ text: '/transfer @bia', session_id: sessionId }),
  });
  expect(await moved.json()).toMatchObject({ ok: true, reply: 'Conversation and call transferred to @bia.' });
  await panel.waitFor({ state: 'detached', timeout: 15_000 });
  const bia = await bearerFor(service.url, 'bia', PASSWORD);
  await waitForValue(async () => (await (await fetch(`${service.url}/api/attendance/conversations/${sessionId}/call`, { headers: bia })).json() as { state: string }).state,
    (state) => state === 'waiting', { what: 'Ana\'s browser off the call', timeoutMs: 15_000 });

  // Bia's browser (another page with the same fake microphone) joins: the tone the caller hears from now on is hers.
  const biaPage = await (await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' })).newPage();
  const errors = captureErrors(biaPage);
  await biaPage.addInitScript({ content: RECORD_PEER_CONNECTIONS });
  await signIn(biaPage, 'bia');
  await biaPage.locator('#queue-list .item', { hasText: '+15550144' }).click();
  const biaPanel = biaPage.getByRole('region', { name: 'Phone call' });
  const heardBefore = await toneMs(caller.recordingPath, ATTENDANT_HZ);
  await biaPanel.getByRole('button', { name: 'Join the call' }).click();
  await biaPanel.getByRole('status').filter({ hasText: 'In call' }).waitFor({ timeout: 30_000 });
  const biaHeard = await waitForValue(() => biaPage.evaluate<{ hz: number; db: number }>(PEAK_OF_RECEIVED_AUDIO), (peak) => Math.abs(peak.hz - CALLER_HZ) < 30 && peak.db > -80,
    { what: 'the caller\'s tone in Bia\'s browser', timeoutMs: 30_000 });
  expect(Math.abs(biaHeard.hz - CALLER_HZ)).toBeLessThan(30);
  await waitForValue(() => toneMs(caller.recordingPath, ATTENDANT_HZ), (ms) => ms >= heardBefore + 1000, { what: 'Bia\'s tone at the caller', timeoutMs: 30_000 });
  expect(await (await fetch(`${service.url}/api/attendance/conversations/${sessionId}/call`, { headers: bia })).json()).toMatchObject({ state: 'connected' });
  expect(await seriousViolations(biaPage)).toEqual([]);

  // Bia resolves the conversation during the call: the caller hears the goodbye and gets BYE (docs/attendance/calls.md, "Resolving during a call").
  const goodbyes = voice.requests.filter((r) => r.input === 'Thank you for calling. Goodbye.').length;
  await biaPage.getByRole('button', { name: 'Resolve' }).click();
  await caller.waitForClosed({ timeoutMs: 20_000 });
  expect(voice.requests.filter((r) => r.input === 'Thank you for calling. Goodbye.').length).toBeGreaterThan(goodbyes);
  await biaPanel.waitFor({ state: 'detached', timeout: 15_000 });
  expect(errors).toEqual([]);
}, 240_000);

test('transfer to a number from the panel: the caller\'s phone is asked to call it (REFER), and our side of the call ends', async () => {
  const browser = await launchChromium(['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', '--autoplay-policy=no-user-gesture-required']);
  browsers.push(browser);
  const page = await (await browser.newContext({ viewport: { width: 320, height: 720 }, locale: 'en-US' })).newPage();
  const errors = captureErrors(page);
  const caller = await call('+15550144');
  await signIn(page, 'ana');
  await takeCall(page, '+15550144');
  const panel = page.getByRole('region', { name: 'Phone call' });
  await panel.getByRole('status').filter({ hasText: 'In call' }).waitFor({ timeout: 30_000 });
  await panel.getByRole('button', { name: 'Transfer' }).click();
  const form = panel.getByRole('form', { name: 'Transfer the call' });
  await form.getByRole('radio', { name: 'A number' }).check();
  await form.getByLabel('Number (international, +…)').fill('+1 (555) 555-0199');
  expect(await seriousViolations(page)).toEqual([]);
  await form.getByRole('button', { name: 'Transfer the call' }).click();
  // The caller's phone got the REFER (baresip accepts it) and then our BYE.
  await caller.waitForClosed({ timeoutMs: 15_000 });
  // The number as typed, spaces and brackets left out, at the trunk's address (here the caller's phone).
  expect(caller.events.join('\n')).toMatch(/event TRANSFER <sip:\+15555550199@127\.0\.0\.1:\d+>/);
  // The panel says the call ended, or has left already with the resolved conversation.
  // A panel that leaves between the two reads has no status to read: that is the ended case too (innerText would wait for it).
  await waitForValue(async () => (await panel.count()) === 0 || (await panel.getByRole('status').innerText({ timeout: 1_000 }).catch(() => 'Call ended')).includes('Call ended'), Boolean,
    { what: 'the panel after the transfer', timeoutMs: 15_000 });
  expect(errors).toEqual([]);
}, 120_000);

