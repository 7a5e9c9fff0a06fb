import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { playTranscript } from './transcript-player.js';
import { firstDifference, parseTranscript } from './transcript.js';

/**
 * The conformance suite: every `conformance/<name>.bas` with a `<name>.transcript` runs twice —
 * in one go, and with a fresh VM after every HEAR and WAIT (the state JSON round-tripped and the
 * scripts compiled anew) — and both runs must produce the transcript.
 */
const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'conformance');
const cases = readdirSync(dir).filter((f) => f.endsWith('.transcript')).map((f) => f.slice(0, -11)).sort();

let server: Server;
let api: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => { body += chunk.toString(); });
    req.on('end', () => {
      if (req.url === '/text') {
        res.setHeader('content-type', 'text/plain');
        res.end('plain text');
        return;
      }
      res.setHeader('content-type', 'application/json');
      if (req.url === '/items') {
        res.end(JSON.stringify({ count: 2, items: [{ name: 'pen' }, { name: 'ink' }] }));
        return;
      }
      res.end(JSON.stringify({ method: req.method, received: body ? JSON.parse(body) : null, auth: req.headers.authorization ?? 'none' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  api = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(async () => { await new Promise((resolve) => server.close(resolve)); });

describe.each(cases)('%s.bas', (name) => {
  const transcript = parseTranscript(readFileSync(path.join(dir, `${name}.transcript`), 'utf8'));
  test('runs as its transcript says', async () => {
    expect(firstDifference(await playTranscript(transcript, { dir, entry: name, variables: { api }, fresh: false }), transcript.lines)).toBeUndefined();
  });
  test('gives the same transcript with a fresh VM after every HEAR and WAIT', async () => {
    expect(firstDifference(await playTranscript(transcript, { dir, entry: name, variables: { api }, fresh: true }), transcript.lines)).toBeUndefined();
  });
});
