import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checkCommand } from '../../bin/check-command.js';
import { runCommand } from '../../bin/run-command.js';
import { cliIo } from '../support/cli-io.js';

type Outcome = { code: number | null; stdout: string; stderr: string };

/** Runs the real `switchboard <args>` binary with `stdin`: the entry point itself, through tsx. */
function switchboardProcess(args: string[], stdin = ''): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bin/switchboard.ts', ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => { stdout += d.toString(); });
    child.stderr.on('data', (d: Buffer) => { stderr += d.toString(); });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin);
  });
}

/**
 * `switchboard run|check <args>` as the binary dispatches them, in this process: the commands
 * are functions of their streams, so the rest of the suite needs no child process (seconds each
 * on a loaded machine); the first test runs the real binary.
 */
async function switchboard(args: string[], stdin = ''): Promise<Outcome> {
  const streams = cliIo(stdin);
  streams.end();
  const [command, ...rest] = args;
  const code = command === 'run' ? await runCommand(rest, streams.io) : await checkCommand(rest, streams.io);
  return { code, stdout: streams.stdout, stderr: streams.stderr };
}

/** The binary's test starts the CLI through tsx: seconds on a loaded two-core machine. */
const CLI_PATIENCE_MS = 90_000;

const DEFAULT_BOT = 'bots/default.gbai/default.gbdialog/start.bas';

describe('switchboard run', () => {
  let dir: string;
  beforeAll(async () => { dir = await mkdtemp(path.join(os.tmpdir(), 'sb-cli-')); });
  afterAll(async () => { await rm(dir, { recursive: true, force: true }); });

  test('the default bot: greeting, menu, order lookup from .gbdata, handoff; only TALK on stdout', async () => {
    const { code, stdout, stderr } = await switchboardProcess(['run', DEFAULT_BOT], 'Opening hours\n2\n1002\nTalk to a person\n');
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout.split('\n')).toEqual([
      'Hello! I am the Switchboard demo bot.',
      'How can I help you?',
      'We are open Monday to Friday, 9:00 to 18:00 (UTC).',
      'How can I help you?',
      'What is your order number?',
      'Order 1002 is being packed: ships tomorrow.',
      'How can I help you?',
      '',
    ]);
  }, CLI_PATIENCE_MS);

  test('--var presets variables; --trace prints effects as JSON lines on stderr', async () => {
    const { code, stdout, stderr } = await switchboard(['run', DEFAULT_BOT, '--trace', '--var', 'user_name=Ana'], '3\n');
    expect(code).toBe(0);
    expect(stdout.split('\n')[0]).toBe('Hello, Ana! I am the Switchboard demo bot.');
    const effects = stderr.trim().split('\n').map((l) => JSON.parse(l) as { effect?: { type: string; reason?: string } }).filter((l) => l.effect);
    expect(effects.map((e) => e.effect)).toEqual([expect.objectContaining({ type: 'transfer', target: 'support', reason: 'asked for a person from the menu' })]);
  }, CLI_PATIENCE_MS);

  test('HEAR AS LOGIN stops with "not available": only a sign-in answers it, and the CLI has none', async () => {
    const script = path.join(dir, 'login.bas');
    await writeFile(script, 'TALK "Sign in, please"\nHEAR user AS LOGIN\nTALK "never"\n');
    const { code, stdout, stderr } = await switchboard(['run', script], 'admin\n');
    expect([code, stdout, stderr]).toEqual([1, 'Sign in, please\n', 'not available: HEAR AS LOGIN (the CLI has no sign-in page)\n']);
  }, CLI_PATIENCE_MS);

  test('--state: input split over several calls gives the same stdout as one call', async () => {
    const script = path.join(dir, 'survey.bas');
    await writeFile(script, 'TALK "Name?"\nHEAR name AS NAME\nTALK "Age?"\nHEAR age AS INTEGER\nTALK name & " is " & age\n');
    const once = await switchboard(['run', script], 'ana silva\n41\n');
    const state = path.join(dir, 'survey.state.json');
    const first = await switchboard(['run', script, '--state', state], 'ana silva\n');
    expect(existsSync(state)).toBe(true);
    expect(JSON.parse(await readFile(state, 'utf8'))).toMatchObject({ version: 1 });
    const second = await switchboard(['run', script, '--state', state], '41\n');
    expect(first.code).toBe(0);
    expect(second.code).toBe(0);
    expect(first.stdout + second.stdout).toBe(once.stdout);
    expect(once.stdout).toBe('Name?\nAge?\nAna Silva is 41\n');
    expect(existsSync(state)).toBe(false); // the dialog ended, nothing left to resume
  }, CLI_PATIENCE_MS);

  test('a runtime error names file and line and exits 1', async () => {
    const script = path.join(dir, 'broken.bas');
    await writeFile(script, 'TALK "a"\nx = NULL\nx.y = 1\n');
    const { code, stdout, stderr } = await switchboard(['run', script]);
    expect(code).toBe(1);
    expect(stdout).toBe('a\n');
    expect(stderr).toContain('broken.bas:3');
  }, CLI_PATIENCE_MS);

  test('--data keeps tables between runs in an embedded database', async () => {
    const script = path.join(dir, 'counter.bas');
    const data = path.join(dir, 'data');
    await writeFile(script, 'SAVE "visits", {at: NOW()}\nTALK COUNT(FIND("visits", ""))\n');
    expect((await switchboard(['run', script, '--data', data])).stdout).toBe('1\n');
    expect((await switchboard(['run', script, '--data', data])).stdout).toBe('2\n');
    expect((await switchboard(['run', script])).stdout).toBe('1\n'); // without --data: in memory
  }, CLI_PATIENCE_MS);
});

describe('switchboard check', () => {
  test('reports every parse error with file:line:col, the line and a caret; exit 1', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'sb-check-'));
    try {
      const bad = path.join(dir, 'bad.bas');
      await writeFile(bad, 'TALK "ok"\nIF x THEN\n  TALK (1 *\nEND IF\nNEXT\n');
      const { code, stderr } = await switchboard(['check', DEFAULT_BOT, bad]);
      expect(code).toBe(1);
      const located = stderr.match(/bad\.bas:\d+:\d+:/g) ?? [];
      expect(located.length).toBeGreaterThanOrEqual(2);
      expect(stderr).toContain('  TALK (1 *');
      expect(stderr).toMatch(/\n\s*\^/);
      expect(stderr).not.toContain('start.bas:');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, CLI_PATIENCE_MS);

  test('clean files exit 0', async () => {
    const { code, stdout } = await switchboard(['check', DEFAULT_BOT, 'bots/default.gbai/default.gbdialog/hours.bas']);
    expect(code).toBe(0);
    expect(stdout).toContain('2 file(s) OK');
  }, CLI_PATIENCE_MS);
});

describe('switchboard check, compile mistakes', () => {
  test('EXIT outside its loop and an unknown HEAR type are reported with file and line', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'sb-check2-'));
    try {
      const file = path.join(dir, 'mistakes.bas');
      await writeFile(file, 'EXIT FOR\nHEAR x AS COLOUR\nTALK 1\n');
      const { code, stderr } = await switchboard(['check', file]);
      expect(code).toBe(1);
      expect(stderr).toContain('mistakes.bas:1: EXIT FOR outside a FOR loop');
      expect(stderr).toContain('mistakes.bas:2: unknown HEAR type COLOUR');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, CLI_PATIENCE_MS);
});

describe('switchboard run inside a bot package', () => {
  test('applies the package config: param- variables and the dialog-max-* limits', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'sb-pkg-'));
    try {
      const dialogs = path.join(root, 'shop.gbai', 'shop.gbdialog');
      const gbot = path.join(root, 'shop.gbai', 'shop.gbot');
      await mkdir(dialogs, { recursive: true });
      await mkdir(gbot, { recursive: true });
      await writeFile(path.join(gbot, 'config.csv'), 'name,value\nparam-store,Lisbon shop\ndialog-max-steps,1000\n');
      await writeFile(path.join(dialogs, 'start.bas'), 'TALK store & " on " & channel & " for bot " & bot\nDO\n  x = x + 1\nLOOP\n');
      const { code, stdout, stderr } = await switchboard(['run', path.join(dialogs, 'start.bas')]);
      expect(stdout).toBe('Lisbon shop on cli for bot shop\n');
      expect(code).toBe(1);
      expect(stderr).toMatch(/1000 steps/);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  }, CLI_PATIENCE_MS);
});
