import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { concatWavs, durationOf, energyOf, readWav, segmentsOfSound, silenceWav, soundMs, speechWav, toneMs, toneWav } from './call-audio.js';

const run = promisify(execFile);
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'sb-call-audio-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('call audio', () => {
  test('a tone made by sox is loud throughout and one segment long', async () => {
    const tone = path.join(dir, 'sox-tone.wav');
    await run('sox', ['-n', '-r', '8000', '-c', '1', '-b', '16', tone, 'synth', '1', 'sine', '440']);
    expect(await durationOf(tone)).toBeCloseTo(1000, -1);
    expect(await energyOf(tone)).toBeGreaterThan(0.4);
    expect(await segmentsOfSound(tone)).toEqual([{ fromMs: 0, toMs: 1000 }]);
  });

  test('silence + speech + silence puts the utterance at its offset', async () => {
    const speech = await speechWav('Press one for sales', path.join(dir, 'speech.wav'));
    const speechMs = await durationOf(speech);
    expect(speechMs).toBeGreaterThan(500);
    expect((await readWav(speech)).sampleRate).toBe(8000);
    const joined = await concatWavs([await silenceWav(1000, path.join(dir, 'lead.wav')), speech, await silenceWav(1000, path.join(dir, 'tail.wav'))], path.join(dir, 'utterance.wav'));
    expect(await durationOf(joined)).toBeCloseTo(speechMs + 2000, 0);
    expect(await energyOf(joined, { fromMs: 0, toMs: 1000 })).toBe(0);
    expect(await energyOf(joined, { fromMs: 1000, toMs: 1000 + speechMs })).toBeGreaterThan(0.02);
    const segments = await segmentsOfSound(joined);
    expect(segments).toHaveLength(1);
    // espeak-ng leaves a little silence around its words.
    expect(segments[0]!.fromMs).toBeGreaterThanOrEqual(1000);
    expect(segments[0]!.toMs).toBeLessThanOrEqual(1000 + speechMs);
  });

  test('toneMs counts only the frames of the tone asked for, not another tone nor speech', async () => {
    const file = await concatWavs([
      await toneWav(400, path.join(dir, 't600.wav'), { hz: 600 }),
      await toneWav(300, path.join(dir, 't440.wav'), { hz: 440 }),
      await speechWav('Please hold the line', path.join(dir, 'hold-speech.wav')),
    ], path.join(dir, 'mixed.wav'));
    expect(await toneMs(file, 600)).toBe(400);
    expect(await toneMs(file, 440)).toBe(300);
  });

  test('two tones apart are two segments, and soundMs adds them up', async () => {
    const file = await concatWavs([
      await toneWav(400, path.join(dir, 'a.wav')),
      await silenceWav(600, path.join(dir, 'gap.wav')),
      await toneWav(200, path.join(dir, 'b.wav'), { hz: 880 }),
    ], path.join(dir, 'two.wav'));
    expect(await segmentsOfSound(file)).toEqual([{ fromMs: 0, toMs: 400 }, { fromMs: 1000, toMs: 1200 }]);
    expect(await soundMs(file)).toBe(600);
  });

  test('reads G.711 μ-law files, other rates, and a file whose header is not finished', async () => {
    const mulaw = path.join(dir, 'mulaw.wav');
    await run('sox', ['-n', '-r', '8000', '-c', '1', '-e', 'u-law', mulaw, 'synth', '0.5', 'sine', '440']);
    expect(await energyOf(mulaw)).toBeGreaterThan(0.4);
    const wide = path.join(dir, 'wide.wav');
    await run('sox', ['-n', '-r', '24000', '-c', '2', '-b', '16', wide, 'synth', '0.5', 'sine', '440']);
    expect((await readWav(wide, { sampleRate: 8000 })).samples.length).toBe(4000);
    // As libsndfile leaves a recording until it closes it: data length 0.
    const open = Buffer.from(await readFile(await toneWav(300, path.join(dir, 'open.wav'))));
    open.writeUInt32LE(0, 40);
    await writeFile(path.join(dir, 'open.wav'), open);
    expect(await durationOf(path.join(dir, 'open.wav'))).toBe(300);
  });
});
