import { existsSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import {
  loadScript,
  resumeDialog,
  startDialog,
  turnLimitsFrom,
  type DialogState,
  type TurnLimits,
  type TurnResult,
  type Value,
} from '../basic-interpreter/index.js';
import { pino } from 'pino';
import { loadBotConfig } from '../config/index.js';
import { ScriptFolder } from '../script-host/index.js';
import { createCliHost } from './cli-host.js';

export interface CliIo {
  stdin: Readable;
  stdout: Writable;
  stderr: Writable;
}

export const RUN_USAGE = `switchboard run <file.bas> [--state FILE] [--trace] [--var name=value]… [--data DIR]`;

/**
 * `switchboard run`: each stdin line is the customer's next message; every TALK line goes to
 * stdout and nothing else does. `--state FILE` keeps a dialog waiting on HEAR between runs.
 * Exit 0 when the script ends or waits for input, 1 on a parse or runtime error.
 */
export async function runCommand(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      state: { type: 'string' },
      trace: { type: 'boolean', default: false },
      var: { type: 'string', multiple: true, default: [] },
      data: { type: 'string' },
    },
  });
  const file = positionals[0];
  if (!file || positionals.length > 1) {
    io.stderr.write(`Usage: ${RUN_USAGE}\n`);
    return 2;
  }
  const entry = loadScript(await readFile(file, 'utf8'), file);
  if (!entry.ok) {
    io.stderr.write(`${entry.errors.join('\n\n')}\n`);
    return 1;
  }
  const library = new ScriptFolder(path.dirname(path.resolve(file)), (f, errors) => io.stderr.write(`${f}: not loaded\n${errors.join('\n\n')}\n`));
  const trace = values.trace ? (line: string) => io.stderr.write(`${line}\n`) : undefined;
  const dialogDir = path.dirname(path.resolve(file));
  // A script inside <bot>.gbai/<bot>.gbdialog/ gets its package's .gbdata tables, as on the server.
  const packageDir = dialogDir.endsWith('.gbdialog') ? path.dirname(dialogDir) : undefined;
  const { host, close } = await createCliHost({ dataDir: values.data, packageDir, trace, log: (line) => io.stderr.write(`${line}\n`) });
  const settings = await packageSettings(packageDir, io);
  const options = { library, host, limits: settings.limits };
  try {
    const saved = values.state && existsSync(values.state) ? (JSON.parse(await readFile(values.state, 'utf8')) as DialogState) : undefined;
    let result: TurnResult = saved
      ? { status: 'waiting', state: saved, outputs: [], waiting_for: { variable: '' } }
      : await startDialog({
          ...options,
          entry: entry.script.name,
          variables: { ...settings.variables, ...parseVariables(values.var) },
        });
    const lines = createInterface({ input: io.stdin, crlfDelay: Infinity })[Symbol.asyncIterator]();
    for (;;) {
      for (const output of result.outputs) io.stdout.write(`${output.text}\n`);
      if (result.notice) io.stderr.write(`notice: ${result.notice}\n`);
      if (result.status === 'done') {
        if (values.state) await rm(values.state, { force: true });
        return 0;
      }
      if (result.status === 'error') {
        io.stderr.write(`${result.error.message}\n`);
        if (values.state) await rm(values.state, { force: true });
        return 1;
      }
      if (result.status === 'sleeping') {
        // The CLI does not sleep: a WAIT resumes at once (the server resumes it from a job).
        trace?.(JSON.stringify({ wait: { resume_at: result.resume_at } }));
        result = await resumeDialog({ ...options, state: result.state });
        continue;
      }
      trace?.(JSON.stringify({ waiting_for: result.waiting_for }));
      if (result.waiting_for.type === 'LOGIN') {
        // Only a sign-in answers it, and the CLI has no sign-in page (docs/basic.md, "HEAR AS LOGIN").
        io.stderr.write('not available: HEAR AS LOGIN (the CLI has no sign-in page)\n');
        if (values.state) await rm(values.state, { force: true });
        return 1;
      }
      const next = await lines.next();
      if (next.done) {
        if (values.state) await writeFile(values.state, JSON.stringify(result.state));
        return 0;
      }
      result = await resumeDialog({ ...options, state: result.state, input: next.value });
    }
  } finally {
    await close();
  }
}

/**
 * What the server would preset for a script of a bot package: `bot`, `channel` ("cli"), every
 * `param-<x>` of its config.csv as `x`, and its turn limits (the defaults outside a package).
 * Config warnings go to stderr, never stdout.
 */
async function packageSettings(
  packageDir: string | undefined,
  io: CliIo,
): Promise<{ variables: Record<string, Value>; limits: TurnLimits }> {
  const variables: Record<string, Value> = { channel: 'cli', bot: 'cli' };
  if (!packageDir) return { variables, limits: turnLimitsFrom(undefined) };
  const bot = path.basename(packageDir, '.gbai');
  const logger = pino({ level: 'warn' }, io.stderr);
  const { config, params } = await loadBotConfig(path.join(packageDir, `${bot}.gbot`, 'config.csv'), logger);
  return { variables: { ...variables, bot, ...params }, limits: turnLimitsFrom(config) };
}

/** `--var name=value`: JSON values (numbers, true, [1,2]…) are parsed, anything else stays text. */
function parseVariables(pairs: string[]): Record<string, Value> {
  const variables: Record<string, Value> = {};
  for (const pair of pairs) {
    const at = pair.indexOf('=');
    if (at <= 0) throw new Error(`--var expects name=value, got "${pair}"`);
    const raw = pair.slice(at + 1);
    let value: Value;
    try {
      value = JSON.parse(raw) as Value;
    } catch {
      value = raw;
    }
    variables[pair.slice(0, at).trim().toLowerCase()] = value;
  }
  return variables;
}
