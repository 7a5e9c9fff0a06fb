import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { concatWavs, readWav, segmentsOfSound, silenceWav, speechWav } from './call-audio.js';
import { startFakeVoice, transcribeByLength, type FakeVoice } from './fake-voice.js';
import { isOggOpus } from './ogg-opus.js';

let voice: FakeVoice;
let dir: string;

beforeAll(async () => {
  [voice, dir] = await Promise.all([startFakeVoice(), mkdtemp(path.join(os.tmpdir(), 'sb-fake-voice-test-'))]);
});
afterAll(async () => {
  await voice.close();
  await rm(dir, { recursive: true, force: true });
});

const speak = (body: object) => fetch(`${voice.url}/audio/speech`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const transcribe = async (wav: string, language?: string) => {
  const form = new FormData();
  form.append('model', 'whisper-1');
  if (language) form.append('language', language);
  form.append('file', new Blob([await readFile(wav)], { type: 'audio/wav' }), 'utterance.wav');
  const response = await fetch(`${voice.url}/audio/transcriptions`, { method: 'POST', body: form });
  return ((await response.json()) as { text: string }).text;
};

describe('fake voice service', () => {
  test('speech as wav is audible 24 kHz audio of the text, the same bytes for the same text', async () => {
    const response = await speak({ model: 'tts-1', input: 'Welcome to the shop', voice: 'alloy', response_format: 'wav' });
    expect(response.headers.get('content-type')).toBe('audio/wav');
    const audio = Buffer.from(await response.arrayBuffer());
    const { sampleRate, durationMs } = await readWav(audio);
    expect(sampleRate).toBe(24000);
    expect(durationMs).toBeGreaterThan(500);
    expect((await segmentsOfSound(audio)).length).toBeGreaterThan(0);
    const again = Buffer.from(await (await speak({ model: 'tts-1', input: 'Welcome to the shop', voice: 'alloy', response_format: 'wav' })).arrayBuffer());
    expect(again.equals(audio)).toBe(true);
    expect(voice.requests.at(-1)).toMatchObject({ path: '/v1/audio/speech', input: 'Welcome to the shop', voice: 'alloy', responseFormat: 'wav' });
  });

  test('pcm is raw 16-bit samples; opus is an Ogg/Opus stream', async () => {
    const pcm = Buffer.from(await (await speak({ input: 'Goodbye', response_format: 'pcm' })).arrayBuffer());
    expect(pcm.toString('latin1', 0, 4)).not.toBe('RIFF');
    expect(pcm.length % 2).toBe(0);
    expect(pcm.length).toBeGreaterThan(24000); // over half a second at 24 kHz
    expect(isOggOpus(Buffer.from(await (await speak({ input: 'Goodbye', response_format: 'opus' })).arrayBuffer()))).toBe(true);
  });

  test('transcriptions answer the fixed transcript, or the utterance whose sound lasts closest to the upload', async () => {
    const short = await speechWav('Yes', path.join(dir, 'yes.wav'));
    const long = await speechWav('I would like to speak to a person about my order', path.join(dir, 'long.wav'));
    expect(await transcribe(short, 'en')).toBe(voice.transcript);
    expect(voice.requests.at(-1)).toMatchObject({ path: '/v1/audio/transcriptions', language: 'en' });

    voice.transcribeBy = await transcribeByLength([{ text: 'yes', wav: short }, { text: 'a person please', wav: long }]);
    // As the service would upload it: the utterance with other silence around it.
    const padded = await concatWavs([await silenceWav(700, path.join(dir, 'pad.wav')), long, path.join(dir, 'pad.wav')], path.join(dir, 'padded.wav'));
    expect(await transcribe(padded)).toBe('a person please');
    expect(await transcribe(short)).toBe('yes');
    expect(voice.requests.at(-1)).toMatchObject({ text: 'yes', durationMs: expect.any(Number) });
    voice.transcribeBy = undefined;
  });
});
