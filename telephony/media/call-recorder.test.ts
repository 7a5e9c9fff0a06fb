import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CallRecorder } from './call-recorder.js';
import { FRAME_SAMPLES } from './g711.js';
import { wavToPcm8k } from './wav.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'sb-call-recorder-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const frame = (value: number) => new Int16Array(FRAME_SAMPLES).fill(value);

test('each tick mixes what went to the caller with what came from them; the file is a 16-bit mono 8 kHz WAV as long as the ticks', async () => {
  const recorder = new CallRecorder(path.join(dir, 'mixed.wav'), { maxSeconds: 60 });
  recorder.heard(frame(1000));
  recorder.tick(frame(200));
  // The caller sent nothing for this tick (silence suppression): only what we sent.
  recorder.tick(frame(300));
  // We sent nothing (before the SDP applied, say): only the caller.
  recorder.heard(frame(-500));
  recorder.tick(undefined);
  // Loud on both sides: clipped, not wrapped around.
  recorder.heard(frame(30000));
  recorder.tick(frame(30000));
  const recorded = await recorder.finish();
  expect(recorded).toEqual({ path: path.join(dir, 'mixed.wav'), seconds: 0.08 });
  const bytes = await readFile(recorded.path);
  expect(bytes.length).toBe(44 + 4 * FRAME_SAMPLES * 2);
  expect(bytes.readUInt32LE(4)).toBe(36 + 4 * FRAME_SAMPLES * 2);
  expect(bytes.readUInt32LE(40)).toBe(4 * FRAME_SAMPLES * 2);
  const pcm = wavToPcm8k(bytes);
  expect([pcm[0], pcm[FRAME_SAMPLES], pcm[2 * FRAME_SAMPLES], pcm[3 * FRAME_SAMPLES]]).toEqual([1200, 300, -500, 32767]);
  // Finishing again answers the same file.
  await expect(recorder.finish()).resolves.toEqual(recorded);
});

test('the caller\'s frames waiting for the clock are bounded: a burst keeps its latest five', async () => {
  const recorder = new CallRecorder(path.join(dir, 'burst.wav'), { maxSeconds: 60 });
  for (let i = 1; i <= 8; i++) recorder.heard(frame(i));
  for (let i = 0; i < 6; i++) recorder.tick(undefined);
  const pcm = wavToPcm8k(await readFile((await recorder.finish()).path));
  expect(Array.from({ length: 6 }, (_, i) => pcm[i * FRAME_SAMPLES])).toEqual([4, 5, 6, 7, 8, 0]);
});

test('a call longer than maxSeconds is recorded up to it; ticks after finish are not written', async () => {
  const recorder = new CallRecorder(path.join(dir, 'long.wav'), { maxSeconds: 0.1 });
  for (let i = 0; i < 20; i++) recorder.tick(frame(7));
  const recorded = await recorder.finish();
  recorder.tick(frame(7));
  expect(recorded.seconds).toBe(0.1);
  expect((await readFile(recorded.path)).length).toBe(44 + 5 * FRAME_SAMPLES * 2);
});
