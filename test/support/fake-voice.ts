/**
 * An OpenAI-compatible voice service on 127.0.0.1 (port 0) for tests: `POST /v1/audio/transcriptions`
 * (multipart, answers `{text}`) and `POST /v1/audio/speech` (JSON, answers audio bytes), as the
 * documented wire format has them. Records each request's path, authorization and size.
 *
 * For calls: speech asked as `wav` or `pcm` is real audio (espeak-ng speaking the input, or a
 * tone), 16-bit mono at 24 kHz as the real service sends it, so a caller's recording has sound
 * where the bot talked; other formats (`opus`, the default) are an Ogg/Opus stream's header pages
 * (test/support/ogg-opus.ts), which a test checks by its magic. Transcriptions can be scripted
 * by the uploaded audio (`transcribeBy`, e.g. `transcribeByLength`): a test's utterances are
 * known WAVs of distinct lengths.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { multipartParts, type MultipartPart } from './multipart.js';
import { oggOpusSpeech } from './ogg-opus.js';
import { durationOf, readWav, soundSpanMs, speechWav, toneWav, writeWav } from './call-audio.js';

/** The uploaded audio of a transcription, for `transcribeBy`. */
export interface UploadedAudio {
  bytes: Buffer;
  /** The upload's length when it is a WAV file; undefined otherwise. */
  durationMs: number | undefined;
  /** From its first to its last sound (see call-audio's soundSpanMs) when it is a WAV file. */
  soundSpanMs: number | undefined;
  filename: string | undefined;
  contentType: string | undefined;
}

export interface FakeVoiceOptions {
  /** Speech audio for `wav`/`pcm`: espeak-ng saying the input (default) or a 440 Hz tone, 60 ms per character. */
  speechSound?: 'speech' | 'tone';
  /** The sample rate of `wav`/`pcm` speech. Default 24000 (the real service's). */
  speechSampleRate?: number;
}

export interface FakeVoice {
  /** Base URL for `voice-models-url` (ends in /v1). */
  readonly url: string;
  readonly requests: {
    path: string;
    authorization: string | undefined;
    contentType: string | undefined;
    bytes: number;
    language?: string;
    /** Speech requests: the text, voice and format asked for. */
    input?: string;
    voice?: string;
    responseFormat?: string;
    /** Transcriptions of a WAV upload: its length, and what was answered. */
    durationMs?: number;
    text?: string;
  }[];
  /** What the next transcriptions say (unless `transcribeBy` is set). */
  transcript: string;
  /** When set, says what each transcription says, from the uploaded audio. */
  transcribeBy: ((audio: UploadedAudio) => string) | undefined;
  close(): Promise<void>;
}

export async function startFakeVoice(options: FakeVoiceOptions = {}): Promise<FakeVoice> {
  const fake = { transcript: 'hello from a voice note', transcribeBy: undefined as FakeVoice['transcribeBy'], requests: [] as FakeVoice['requests'] };
  const speech = speechMaker(options);
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const contentType = req.headers['content-type'];
      const request: FakeVoice['requests'][number] = { path: req.url ?? '', authorization: req.headers.authorization, contentType, bytes: body.length };
      fake.requests.push(request);
      const fail = (error: unknown) => {
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: (error as Error).message } }));
      };
      if (req.method === 'POST' && req.url === '/v1/audio/transcriptions' && contentType?.startsWith('multipart/form-data')) {
        const parts = multipartParts(body, contentType);
        // The multipart `language` field of a transcription, when sent.
        const language = parts.find((part) => part.name === 'language')?.data.toString();
        if (language) request.language = language;
        transcribe(fake, parts.find((part) => part.name === 'file'), request)
          .then((text) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ text })))
          .catch(fail);
      } else if (req.method === 'POST' && req.url === '/v1/audio/speech') {
        const asked = parseJson(body);
        Object.assign(request, { input: asked.input, voice: asked.voice, responseFormat: asked.response_format });
        if (asked.response_format === 'wav' || asked.response_format === 'pcm') {
          speech(asked.input ?? '', asked.response_format)
            .then((audio) => res.writeHead(200, { 'content-type': asked.response_format === 'wav' ? 'audio/wav' : 'audio/pcm' }).end(audio))
            .catch(fail);
        } else {
          res.writeHead(200, { 'content-type': 'audio/ogg' }).end(oggOpusSpeech());
        }
      } else {
        res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'not found' } }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}/v1`,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await speech.dispose();
    },
  });
}

/**
 * A `transcribeBy` that answers with the text of the utterance whose sound lasts closest to the
 * upload's (the service trims and pads silence, so whole lengths differ): give it the test's
 * utterance WAVs. Answers `fallback` for an upload that is not a WAV or has no sound.
 */
export async function transcribeByLength(utterances: { text: string; wav: string }[], fallback = ''): Promise<(audio: UploadedAudio) => string> {
  const known = await Promise.all(utterances.map(async ({ text, wav }) => ({ text, spanMs: await soundSpanMs(wav) })));
  return (audio) => {
    if (!audio.soundSpanMs) return fallback;
    const span = audio.soundSpanMs;
    return known.reduce((best, next) => (Math.abs(next.spanMs - span) < Math.abs(best.spanMs - span) ? next : best)).text;
  };
}

async function transcribe(fake: Pick<FakeVoice, 'transcript' | 'transcribeBy'>, file: MultipartPart | undefined, request: FakeVoice['requests'][number]): Promise<string> {
  if (!fake.transcribeBy) return fake.transcript;
  const bytes = file?.data ?? Buffer.alloc(0);
  const isWav = bytes.toString('latin1', 0, 4) === 'RIFF';
  const durationMs = isWav ? await durationOf(bytes) : undefined;
  const span = isWav ? await soundSpanMs(bytes) : undefined;
  const text = fake.transcribeBy({ bytes, durationMs, soundSpanMs: span, filename: file?.filename, contentType: file?.contentType });
  Object.assign(request, { ...(durationMs === undefined ? {} : { durationMs }), text });
  return text;
}

/** Makes (and caches per text and format) the audio of a speech request. */
function speechMaker(options: FakeVoiceOptions) {
  const rate = options.speechSampleRate ?? 24000;
  const cache = new Map<string, Promise<Buffer>>();
  let dir: Promise<string> | undefined;
  let made = 0;
  const make = async (text: string, format: 'wav' | 'pcm'): Promise<Buffer> => {
    dir ??= mkdtemp(path.join(os.tmpdir(), 'sb-fake-voice-'));
    const name = `speech-${++made}.wav`;
    const file = path.join(await dir, name);
    if (options.speechSound === 'tone') await toneWav(Math.max(300, text.length * 60), file); // 8 kHz: resampled below
    else await speechWav(text || 'nothing', file, { sampleRate: rate });
    const { samples } = await readWav(file, { sampleRate: rate });
    if (format === 'pcm') return Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength);
    await writeWav(file, samples, rate);
    return readFile(file);
  };
  const speak = (text: string, format: 'wav' | 'pcm') => {
    const key = `${format}:${text}`;
    if (!cache.has(key)) cache.set(key, make(text, format));
    return cache.get(key)!;
  };
  return Object.assign(speak, {
    async dispose() {
      if (dir) await rm(await dir, { recursive: true, force: true });
    },
  });
}

function parseJson(body: Buffer): { input?: string; voice?: string; response_format?: string } {
  try {
    return JSON.parse(body.toString()) as { input?: string; voice?: string; response_format?: string };
  } catch {
    return {};
  }
}
