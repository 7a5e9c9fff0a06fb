import {
  createInMemoryBotData, createInMemoryFileStore, createStandardHost, resumeDialog, startDialog,
  type Effect, type ScriptLibrary, type TableStore, type TurnResult, type Value,
} from '../../basic-interpreter/index.js';
import { createHttpPerformer, ScriptFolder } from '../../script-host/index.js';
import { meetingsNotConfigured } from '../../script-host/index.js';
import { renderTurn, type Transcript } from './transcript.js';

/** How a transcript is played: the bot's script folder, its first script and what it starts with. */
export interface PlayOptions {
  dir: string;
  entry: string;
  /** Variables every run starts with (the transcript's `# variables:` are laid over them). */
  variables?: Record<string, Value>;
  /** Fills the bot's tables before the dialog starts (a package's `.gbdata` seed). */
  seed?: (tables: TableStore) => Promise<unknown>;
  /** A fresh VM after every HEAR and WAIT: the state JSON round-tripped and the scripts compiled anew. */
  fresh: boolean;
}

/**
 * Data, memory and HTTP for real (in memory, local server); conversation effects answered as a
 * queue would. `# meeting: unavailable` in a transcript answers CREATE MEETING as a server
 * without a meeting service does (script-host/ports.ts), `# transfer: unavailable` TRANSFER TO HUMAN
 * as one with no attendant online.
 */
function testHost(transcript: Transcript, record: (effect: Effect) => void) {
  const data = createInMemoryBotData();
  const session = new Map<string, Value>();
  const tables = data.tables('bot');
  const host = createStandardHost({
    tables,
    botMemory: data.botMemory('bot'),
    userMemory: data.userMemory('bot', 'user'),
    http: createHttpPerformer({ timeoutMs: 5000, allowPrivateNetworks: true }),
    files: createInMemoryFileStore(),
    observe: record,
    async conversation(effect) {
      switch (effect.type) {
        case 'session.set': session.set(effect.key, effect.value); return null;
        case 'session.get': return session.get(effect.key) ?? null;
        case 'transfer':
          return transcript.settings.transfer === 'unavailable'
            ? { success: false, status: 'unavailable', queue_position: null, assigned_to: null, assigned_to_name: null, estimated_wait_seconds: null, message: 'No attendant is online' }
            : { success: true, status: 'queued', queue_position: 1, assigned_to: null, assigned_to_name: null, estimated_wait_seconds: 60, message: 'Please wait' };
        case 'meeting.create':
          return transcript.settings.meeting === 'unavailable'
            ? meetingsNotConfigured.create(effect.options, { id: 'session-1', bot_id: 'bot' })
            : { success: true, room_id: 'room-1', join_url: 'https://meet.example/room-1' };
        case 'llm': return `LLM: ${effect.prompt}`;
        default: return null;
      }
    },
  });
  return { host, tables };
}

/** Plays `transcript` against the scripts of `options.dir` and returns the lines the run produced. */
export async function playTranscript(transcript: Transcript, options: PlayOptions): Promise<string[]> {
  const inputs = transcript.lines.filter((l) => l.startsWith('> ')).map((l) => l.slice(2));
  const effectTypes = new Set(transcript.lines.filter((l) => l.startsWith('~ ')).map((l) => (JSON.parse(l.slice(2)) as { type: string }).type));
  const lines: string[] = [];
  const { host, tables } = testHost(transcript, (effect) => {
    if (!effectTypes.has(effect.type)) return;
    const { file: _file, line: _line, ...body } = effect;
    lines.push(`~ ${JSON.stringify(body)}`);
  });
  await options.seed?.(tables);
  const now = () => transcript.now;
  let library: ScriptLibrary = new ScriptFolder(options.dir);
  const run = { host, now, limits: { maxSteps: 200_000 } };
  let result: TurnResult = await startDialog({ ...run, library, entry: options.entry, variables: { ...options.variables, ...transcript.variables } });
  for (;;) {
    lines.push(...renderTurn(result, transcript.now));
    if (result.status === 'done' || result.status === 'error') return lines;
    if (options.fresh) library = new ScriptFolder(options.dir);
    const state = options.fresh ? JSON.parse(JSON.stringify(result.state)) : result.state;
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
