import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createInMemoryBotData,
  createInMemoryFileStore,
  createStandardHost,
  resumeDialog,
  startDialog,
  type Effect,
  type ScriptLibrary,
  type TurnResult,
  type Value,
} from '../../basic-interpreter/index.js';
import { createHttpPerformer, ScriptFolder } from '../../engine/host/index.js';
import { firstDifference, parseTranscript, renderTurn, type Transcript } from './transcript.js';

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

/** Data, memory and HTTP for real (in memory, local server); conversation effects answered as a queue would. */
function testHost(record: (effect: Effect) => void) {
  const data = createInMemoryBotData();
  const session = new Map<string, Value>();
  return createStandardHost({
    tables: data.tables('bot'),
    botMemory: data.botMemory('bot'),
    userMemory: data.userMemory('bot', 'user'),
    http: createHttpPerformer({ timeoutMs: 5000, allowPrivateNetworks: true }),
    files: createInMemoryFileStore(),
    observe: record,
    async conversation(effect) {
      switch (effect.type) {
        case 'session.set': session.set(effect.key, effect.value); return null;
        case 'session.get': return session.get(effect.key) ?? null;
        case 'transfer': return { success: true, status: 'queued', queue_position: 1, assigned_to: null, assigned_to_name: null, estimated_wait_seconds: 60, message: 'Please wait' };
        case 'meeting.create': return { success: true, room_id: 'room-1', join_url: 'https://meet.example/room-1' };
        case 'llm': return `LLM: ${effect.prompt}`;
        default: return null;
      }
    },
  });
}

async function play(name: string, transcript: Transcript, fresh: boolean): Promise<string[]> {
  const inputs = transcript.lines.filter((l) => l.startsWith('> ')).map((l) => l.slice(2));
  const effectTypes = new Set(transcript.lines.filter((l) => l.startsWith('~ ')).map((l) => (JSON.parse(l.slice(2)) as { type: string }).type));
  const lines: string[] = [];
  const host = testHost((effect) => {
    if (!effectTypes.has(effect.type)) return;
    const { file: _file, line: _line, ...body } = effect;
    lines.push(`~ ${JSON.stringify(body)}`);
  });
  const now = () => transcript.now;
  let library: ScriptLibrary = new ScriptFolder(dir);
  const run = { host, now, limits: { maxSteps: 200_000 } };
  let result: TurnResult = await startDialog({ ...run, library, entry: name, variables: { ...transcript.variables, api } });
  for (;;) {
    lines.push(...renderTurn(result, transcript.now));
    if (result.status === 'done' || result.status === 'error') return lines;
    if (fresh) library = new ScriptFolder(dir);
    const state = fresh ? JSON.parse(JSON.stringify(result.state)) : result.state;
    if (result.status === 'sleeping') {
      result = await resumeDialog({ ...run, library, state });
      continue;
    }
    const input = inputs.shift();
    if (input === undefined) {
      lines.push('= waiting');
      return lines;
    }
    lines.push(`> ${input}`);
    result = await resumeDialog({ ...run, library, state, input });
  }
}

describe.each(cases)('%s.bas', (name) => {
  const transcript = parseTranscript(readFileSync(path.join(dir, `${name}.transcript`), 'utf8'));
  test('runs as its transcript says', async () => {
    expect(firstDifference(await play(name, transcript, false), transcript.lines)).toBeUndefined();
  });
  test('gives the same transcript with a fresh VM after every HEAR and WAIT', async () => {
    expect(firstDifference(await play(name, transcript, true), transcript.lines)).toBeUndefined();
  });
});
