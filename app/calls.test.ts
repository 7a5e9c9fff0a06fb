import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { defaultBotConfig } from '../config/index.js';
import { pcm8kToWav } from '../telephony/index.js';
import { holdMusicOf, PhoneSettingsError } from './calls.js';

// A bot's sip-hold-music (docs/configuration.md, "Phone calls: rtc_sip"): a WAV in its package, converted once at start.

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'sb-hold-music-'));
  await writeFile(path.join(dir, 'hold.wav'), pcm8kToWav(new Int16Array(800).fill(1000)));
  await writeFile(path.join(dir, 'notes.txt'), 'not audio');
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const bot = (file: string | undefined) => ({ name: 'desk', dir, config: { ...defaultBotConfig(), ...(file ? { 'sip-hold-music': file } : {}) } });

test('the file is read from the bot package as 8 kHz samples; unset, there is none', async () => {
  expect((await holdMusicOf(bot('hold.wav')))?.length).toBe(800);
  expect(await holdMusicOf(bot(undefined))).toBeUndefined();
});

test('a file outside the package, missing or not a WAV stops the start, naming the key', async () => {
  await expect(holdMusicOf(bot('../elsewhere.wav'))).rejects.toThrow(/sip-hold-music "..\/elsewhere.wav" is outside the bot package/);
  await expect(holdMusicOf(bot('missing.wav'))).rejects.toThrow(/cannot be read/);
  await expect(holdMusicOf(bot('notes.txt'))).rejects.toBeInstanceOf(PhoneSettingsError);
});
