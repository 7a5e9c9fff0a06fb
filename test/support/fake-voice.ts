/**
 * An OpenAI-compatible voice service on 127.0.0.1 (port 0) for tests: `POST /v1/audio/transcriptions`
 * (multipart, answers `{text}`) and `POST /v1/audio/speech` (JSON, answers audio bytes), as the
 * documented wire format has them. Records each request's path, authorization and size.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeVoice {
  /** Base URL for `voice-models-url` (ends in /v1). */
  readonly url: string;
  readonly requests: { path: string; authorization: string | undefined; contentType: string | undefined; bytes: number; language?: string }[];
  /** What the next transcriptions say. */
  transcript: string;
  close(): Promise<void>;
}

export async function startFakeVoice(): Promise<FakeVoice> {
  const fake = { transcript: 'hello from a voice note', requests: [] as FakeVoice['requests'] };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      // The multipart `language` field of a transcription, when sent.
      const language = /name="language"\r\n\r\n([^\r]*)\r\n/.exec(body.toString('latin1'))?.[1];
      fake.requests.push({ path: req.url ?? '', authorization: req.headers.authorization, contentType: req.headers['content-type'], bytes: body.length, ...(language ? { language } : {}) });
      if (req.method === 'POST' && req.url === '/v1/audio/transcriptions' && req.headers['content-type']?.startsWith('multipart/form-data')) {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ text: fake.transcript }));
      } else if (req.method === 'POST' && req.url === '/v1/audio/speech') {
        res.writeHead(200, { 'content-type': 'audio/ogg' }).end(Buffer.from('OggS-fake-speech'));
      } else {
        res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'not found' } }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}/v1`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
