/**
 * The widget's voice (docs/channels/web.md, "Voice"), in Chromium with a fake microphone that
 * plays a spoken WAV (espeak-ng): a voice message recorded with the microphone button (a tap that
 * toggles, by keyboard; a hold, by mouse) reaches the fake voice service as WebM/Opus, its
 * transcript reaches the bot, and the bot's reply is spoken inline and can be stopped; an
 * attendant's reply under /voice on is spoken too; the Call button calls the bot live, and an
 * attendant takes the call from the console (each side hears the other); a refused microphone
 * is explained. At 320 px, with axe-core checking the widget while it records.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { PEAK_OF_RECEIVED_AUDIO, RECORD_PEER_CONNECTIONS } from '../support/browser-audio.js';
import { buildWeb, captureErrors, launchChromium, screenshot, seriousViolations } from '../support/browser.js';
import { createTestBots, type TestBots } from '../support/bot-packages.js';
import { concatWavs, silenceWav, speechWav, toneWav } from '../support/call-audio.js';
import { addPhoneBot } from '../support/phone-bot.js';
import { startFakeVoice, type FakeVoice, type UploadedAudio } from '../support/fake-voice.js';
import { bearerFor, startTestService, TEST_ADMIN, type TestService } from '../support/service.js';
import { waitFor, waitForValue } from '../support/wait-for.js';

const BOT = 'talker';
const START = `TALK "Hello! Say something."
DO
  HEAR words
  IF words = "I need a person" THEN
    TRANSFER TO HUMAN "support", "normal", "asked for a person"
    EXIT DO
  END IF
  TALK "You said: \${words}. Is there anything else I can help you with today?"
LOOP
`;

const ATTENDANT_HZ = 1000;

let service: TestService;
let browser: Browser;
/** The attendant's browser of the call test. */
const consoleBrowsers: Browser[] = [];
let voice: FakeVoice;
let bots: TestBots;
let audioDir: string;
/** What the voice service was asked to transcribe: the widget's voice messages, and the call's utterances. */
const uploads: UploadedAudio[] = [];
const heardOnCall: UploadedAudio[] = [];

beforeAll(async () => {
  audioDir = await mkdtemp(path.join(os.tmpdir(), 'sb-widget-voice-'));
  // Speech then silence, looped by Chromium: a call hears one utterance ended by the silence.
  const microphone = await concatWavs([
    await speechWav('I need a refund for my order', path.join(audioDir, 'speech.wav')), await silenceWav(1500, path.join(audioDir, 'silence.wav')),
  ], path.join(audioDir, 'microphone.wav'));
  const [webDir, chromium, fake, testBots] = await Promise.all([
    buildWeb(),
    // No fake UI: a context grants the microphone, or not (the refusal below).
    launchChromium(['--use-fake-device-for-media-stream', `--use-file-for-fake-audio-capture=${microphone}`]),
    startFakeVoice(),
    createTestBots(),
  ]);
  browser = chromium;
  voice = fake;
  bots = testBots;
  voice.transcribeBy = (audio) => {
    // The call's utterances come as WAV (docs/channels/rtc-sip.md), the widget's messages as WebM.
    if (audio.filename !== 'voice.webm') return heardOnCall.push(audio) === 1 ? 'I need a refund' : 'I need a person';
    uploads.push(audio);
    return uploads.length === 1 ? 'I need a refund' : 'thanks';
  };
  // The bot also answers phone calls, so the widget's Call button shows (docs/channels/web.md, "Calls").
  const trunks = await addPhoneBot(bots, audioDir, { name: BOT, number: '+15550400', voiceUrl: voice.url, script: START });
  service = await startTestService({
    WEB_DIR: webDir, BOTS_DIR: bots.dir, SIP_TRUNKS_FILE: trunks, SIP_PORT: '0', SIP_TCP_PORT: 'off', RTP_PORT_MIN: '43000', RTP_PORT_MAX: '43999',
  });
}, 180_000);

afterAll(async () => {
  for (const chromium of consoleBrowsers) await chromium.close();
  await browser?.close();
  await service?.dispose();
  await voice?.close();
  await bots?.remove();
  await rm(audioDir, { recursive: true, force: true });
});

/** The widget of the talker bot at 320 px, opened, with the first text message sent (an upload needs the session). */
async function openWidget(context: BrowserContext): Promise<{ page: Page; panel: ReturnType<Page['getByRole']>; errors: string[] }> {
  const page = await context.newPage();
  const errors = captureErrors(page);
  await page.goto(`${service.url}/demo/${BOT}`);
  await page.getByRole('button', { name: 'Open chat' }).click();
  const panel = page.getByRole('dialog', { name: 'Chat with us' });
  await panel.getByLabel('Your message').fill('hi');
  await panel.getByLabel('Your message').press('Enter');
  await panel.getByText('Hello! Say something.').waitFor();
  return { page, panel, errors };
}

test('a voice message is transcribed for the bot, and its reply is spoken inline and can be stopped', async () => {
  const context = await browser.newContext({ viewport: { width: 320, height: 640 }, permissions: ['microphone'] });
  const { page, panel, errors } = await openWidget(context);
  const microphone = panel.getByRole('button', { name: 'Record a voice message' });
  expect(await microphone.getAttribute('aria-pressed')).toBe('false');

  // A tap by keyboard toggles: Space starts recording, the meter moves with the fake microphone's speech.
  await microphone.focus();
  await page.keyboard.press('Space');
  const recording = panel.getByRole('button', { name: 'Stop and send the voice message' });
  expect(await recording.getAttribute('aria-pressed')).toBe('true');
  const meter = panel.getByRole('meter', { name: 'Microphone level' });
  await page.waitForFunction((element) => Number(element!.getAttribute('aria-valuenow')) > 0, await meter.elementHandle());
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'widget-voice-recording');
  await page.keyboard.press('Space');

  // The recording went to the voice service as WebM/Opus, and its transcript to the bot.
  await panel.getByText('You said: I need a refund. Is there anything else I can help you with today?').waitFor();
  expect(uploads[0]!.filename).toBe('voice.webm');
  expect(uploads[0]!.bytes.subarray(0, 4).toString('hex')).toBe('1a45dfa3'); // the EBML header of WebM
  await panel.locator('.from-customer audio').first().waitFor();
  expect(await panel.locator('.from-customer audio').getAttribute('aria-label')).toBe('Voice message');

  // The spoken reply plays from its drive link (the text may come first, over the socket).
  const player = panel.locator('.speaking audio');
  await panel.getByRole('group', { name: 'Spoken reply' }).waitFor();
  expect(voice.requests.filter((r) => r.path === '/v1/audio/speech').map((r) => [r.input, r.responseFormat]))
    .toEqual([['You said: I need a refund. Is there anything else I can help you with today?', 'wav']]);
  const firstReply = await player.getAttribute('src');
  expect(firstReply).toMatch(new RegExp(`/api/drive/files/${BOT}/spoken/web/[0-9a-f-]{36}/[0-9a-f-]{36}-reply\\.wav\\?expires=`));
  await page.waitForFunction((element) => {
    const audio = element as unknown as { currentTime: number; ended: boolean };
    return audio.currentTime > 0 || audio.ended;
  }, await player.elementHandle());

  // Hold to talk with the mouse: recording while held, sent on release.
  await microphone.hover();
  await page.mouse.down();
  await page.waitForFunction((element) => Number(element!.getAttribute('aria-valuenow')) > 0, await meter.elementHandle());
  await page.waitForTimeout(600); // held past the widget's hold time (400 ms), as a visitor holding to talk
  await page.mouse.up();
  await panel.getByText('You said: thanks. Is there anything else I can help you with today?').waitFor();
  expect(uploads).toHaveLength(2);

  // The stop control ends the reply at once.
  const stop = panel.getByRole('group', { name: 'Spoken reply' }).getByRole('button', { name: 'Stop' });
  await page.waitForFunction(([element, first]) => {
    const audio = element as unknown as { currentTime: number; getAttribute(name: string): string | null };
    return audio.getAttribute('src') !== null && audio.getAttribute('src') !== first && audio.currentTime > 0;
  }, [await player.elementHandle(), firstReply] as const);
  await stop.click();
  await panel.getByRole('group', { name: 'Spoken reply' }).waitFor({ state: 'hidden' });
  expect(await player.evaluate((audio) => (audio as unknown as { paused: boolean }).paused)).toBe(true);
  expect(await seriousViolations(page)).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
}, 120_000);

test('the Call button calls the bot live: it greets the visitor, hears and answers them, hands them to the queue, where an attendant takes the call as any call: each hears the other, until the visitor hangs up', async () => {
  const context = await browser.newContext({ viewport: { width: 320, height: 640 }, permissions: ['microphone'] });
  // The page's peer connections, so the test can listen to what the visitor receives.
  await context.addInitScript({ content: RECORD_PEER_CONNECTIONS });
  const { page, panel, errors } = await openWidget(context);
  const spokenBefore = voice.requests.filter((r) => r.path === '/v1/audio/speech').length;
  await panel.getByRole('button', { name: 'Call us' }).click();
  const bar = panel.getByRole('group', { name: 'Call' });
  await bar.getByText('On the call').waitFor();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'widget-call');

  // The call is the rtc_sip voice loop: the greeting is spoken (as WAV, for G.711), the visitor's speech heard and answered.
  const answer = 'You said: I need a refund. Is there anything else I can help you with today?';
  await waitFor(() => voice.requests.slice(spokenBefore).some((r) => r.path === '/v1/audio/speech' && r.input === answer), {
    what: 'the bot to answer what it heard on the call', timeoutMs: 60_000,
  });
  expect(voice.requests.slice(spokenBefore).filter((r) => r.path === '/v1/audio/speech').map((r) => [r.input, r.responseFormat]))
    .toContainEqual(['Hello! Say something.', 'wav']);
  expect(heardOnCall.length).toBeGreaterThan(0);
  // The bot's voice reaches the browser: the call's audio has sound.
  expect(await page.evaluate(hearsSound)).toBe(true);

  // Asked for a person, the bot hands the call over: it waits in the attendants' queue as a phone call does.
  const admin = await bearerFor(service.url, TEST_ADMIN.username, TEST_ADMIN.password);
  const queued = await waitForValue(async () => {
    const res = await fetch(`${service.url}/api/attendance/queue`, { headers: admin });
    return ((await res.json()) as { session_id: string; channel: string; status: string }[]).find((item) => item.channel === 'rtc_sip');
  }, (item) => item !== undefined, { what: 'the browser call in the attendants\' queue', timeoutMs: 60_000 });
  expect(queued).toMatchObject({ channel: 'rtc_sip', status: 'waiting' });

  // An attendant takes it from the console as any call: each side hears the other (the attendant's microphone plays a tone).
  const console_ = await attendantConsole();
  const item = console_.locator(`#queue-list .item[data-item="${queued!.session_id}"]`);
  await item.waitFor({ timeout: 30_000 });
  await item.click();
  await console_.getByRole('button', { name: 'Take' }).click();
  await console_.getByRole('region', { name: 'Phone call' }).getByRole('status').filter({ hasText: 'In call' }).waitFor({ timeout: 30_000 });
  await waitForValue(() => page.evaluate<{ hz: number; db: number }>(PEAK_OF_RECEIVED_AUDIO), (peak) => Math.abs(peak.hz - ATTENDANT_HZ) < 30 && peak.db > -80,
    // 60 s like the waits above: on a loaded CI host the attendant's browser (a second Chromium) takes long to send its first audio.
    { what: 'the attendant\'s tone in the visitor\'s browser', timeoutMs: 60_000 });
  await waitForValue(() => console_.evaluate<{ hz: number; db: number }>(PEAK_OF_RECEIVED_AUDIO), (peak) => peak.db > -80,
    { what: 'the visitor\'s speech in the attendant\'s browser', timeoutMs: 60_000 });

  await bar.getByRole('button', { name: 'Hang up' }).click();
  await bar.waitFor({ state: 'hidden' });
  await panel.getByRole('button', { name: 'Call us' }).waitFor();
  expect(errors).toEqual([]);
  await context.close();
}, 240_000);

/** The attendant console in a browser of its own, whose microphone plays a steady tone, signed in as the admin. */
async function attendantConsole(): Promise<Page> {
  const tone = await toneWav(60_000, path.join(audioDir, 'attendant-tone.wav'), { hz: ATTENDANT_HZ, amplitude: 0.5 });
  const chromium = await launchChromium(['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-audio-capture=${tone}`, '--autoplay-policy=no-user-gesture-required']);
  consoleBrowsers.push(chromium);
  const page = await (await chromium.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' })).newPage();
  await page.addInitScript({ content: RECORD_PEER_CONNECTIONS });
  await page.goto(`${service.url}/console/`);
  await page.getByLabel('Username').fill(TEST_ADMIN.username);
  await page.getByLabel('Password').fill(TEST_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('status').filter({ hasText: 'Live' }).waitFor();
  return page;
}

/** In the page: resolves true once the widget's call audio carries sound (Web Audio's analyser over its stream). */
const hearsSound = `(async () => {
  const stream = document.querySelector('switchboard-chat').shadowRoot.querySelector('.call audio').srcObject;
  const audio = new AudioContext();
  const analyser = audio.createAnalyser();
  audio.createMediaStreamSource(stream).connect(analyser);
  const samples = new Float32Array(analyser.fftSize);
  for (;;) {
    analyser.getFloatTimeDomainData(samples);
    if (samples.some((sample) => Math.abs(sample) > 0.01)) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await audio.close();
  return true;
})()`;

test('an attendant\'s reply under /voice on is spoken in the widget too, from the push socket; /video shows the meeting room\'s join button', async () => {
  const context = await browser.newContext({ viewport: { width: 320, height: 640 }, permissions: ['microphone'] });
  const { page, panel, errors } = await openWidget(context);
  await panel.getByLabel('Your message').fill('I need a person');
  await panel.getByLabel('Your message').press('Enter');
  const admin = await bearerFor(service.url, TEST_ADMIN.username, TEST_ADMIN.password);
  const api = async (method: string, route: string, body?: unknown) => {
    const res = await fetch(`${service.url}${route}`, {
      method, headers: { ...admin, 'content-type': 'application/json' }, ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    expect(res.status).toBeLessThan(300);
    return res.json() as Promise<Record<string, unknown>>;
  };
  const sessionId = await waitForValue(async () => {
    const queue = (await api('GET', '/api/attendance/queue')) as unknown as { session_id: string; channel: string; status: string }[];
    return queue.find((item) => item.channel === 'web' && item.status === 'waiting')?.session_id;
  }, (id) => id !== undefined, 'the visitor waiting in the queue');
  expect(await api('POST', '/api/attendance/commands', { text: `/take ${sessionId}` })).toMatchObject({ ok: true });
  expect(await api('POST', '/api/attendance/commands', { text: '/voice on', session_id: sessionId })).toMatchObject({ ok: true });
  const said = 'Ana here: your refund is on its way.';
  await api('POST', `/api/attendance/sessions/${sessionId}/messages`, { text: said });

  // The text and its speech come over the socket; the widget plays it like the bot's spoken replies.
  await panel.getByText(said).waitFor();
  await panel.getByRole('group', { name: 'Spoken reply' }).waitFor();
  expect(voice.requests.filter((r) => r.path === '/v1/audio/speech' && r.input === said).map((r) => r.responseFormat)).toEqual(['wav']);
  expect(await panel.locator('.speaking audio').getAttribute('src')).toMatch(new RegExp(`/api/drive/files/${BOT}/spoken/web/[0-9a-f-]{36}/[0-9a-f-]{36}-reply\\.wav\\?expires=`));
  await screenshot(page, 'widget-voice-attendant');

  // A video call with the attendant goes through the meeting room: /video's link shows as a join button.
  expect(await api('POST', '/api/attendance/commands', { text: '/video', session_id: sessionId })).toMatchObject({ ok: true });
  const join = panel.getByRole('link', { name: 'Join the video call' });
  await join.waitFor();
  expect(await join.getAttribute('href')).toMatch(/\/meet\/[A-Za-z0-9_-]+$/);
  expect(await join.getAttribute('target')).toBe('_blank');
  expect(errors).toEqual([]);
  await api('POST', `/api/attendance/resolve/${sessionId}`);
  await context.close();
}, 120_000);

test('a refused microphone is explained, with how to allow it', async () => {
  const context = await browser.newContext({ viewport: { width: 320, height: 640 }, permissions: [] });
  const { page, panel, errors } = await openWidget(context);
  await panel.getByRole('button', { name: 'Record a voice message' }).click();
  // Patience, not speed: under CI's load Chromium took over 30 s to refuse the microphone once.
  await panel.getByText('The microphone is blocked. To send a voice message, allow the microphone for this site').waitFor({ timeout: 80_000 });
  expect(await panel.getByRole('button', { name: 'Record a voice message' }).getAttribute('aria-pressed')).toBe('false');
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'widget-voice-denied');
  expect(errors).toEqual([]);
  await context.close();
}, 120_000);
