import { mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startDialog, type EffectHost } from '../../basic-interpreter/index.js';
import { ScriptFolder } from './script-folder.js';

const noEffects: EffectHost = { perform: () => Promise.reject(new Error('unexpected effect')) };

async function talks(folder: ScriptFolder, entry: string): Promise<string[]> {
  const result = await startDialog({ library: folder, host: noEffects, entry });
  return result.outputs.map((o) => o.text);
}

/** A clock the test moves by hand. */
function manualClock() {
  let t = 0;
  return { now: () => t, advance: (ms: number) => { t += ms; } };
}

describe('ScriptFolder', () => {
  let dir: string;
  let clock: ReturnType<typeof manualClock>;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'sb-dialogs-'));
    clock = manualClock();
  });
  afterEach(async () => { await rm(dir, { recursive: true, force: true }); });

  /** Writes a file and moves its mtime forward, so coarse file-system clocks cannot hide the change. */
  async function write(name: string, source: string, secondsAhead = 0) {
    const file = path.join(dir, name);
    await writeFile(file, source);
    const t = new Date(Date.now() + secondsAhead * 1000);
    await utimes(file, t, t);
  }

  test('an edited .bas file is picked up on the next run, without a restart', async () => {
    await write('start.bas', 'TALK "version 1"');
    const folder = new ScriptFolder(dir, undefined, { now: clock.now });
    expect(await talks(folder, 'start')).toEqual(['version 1']);
    await write('start.bas', 'TALK "version 2"', 5);
    // Within a second the known version serves without touching the disk; then the edit shows.
    expect(await talks(folder, 'start')).toEqual(['version 1']);
    clock.advance(1000);
    expect(await talks(folder, 'start')).toEqual(['version 2']);
  });

  test('file names are case-insensitive and new files appear', async () => {
    await write('Start.BAS', 'TALK helper()');
    const folder = new ScriptFolder(dir);
    expect(folder.get('start')).toBeDefined();
    expect(folder.get('helper')).toBeUndefined();
    await write('helper.bas', 'RETURN "from helper"');
    expect(await talks(folder, 'START')).toEqual(['from helper']);
    expect(folder.names()).toEqual(['helper', 'start']);
  });

  test('a broken edit is reported and the last good version keeps running', async () => {
    await write('start.bas', 'TALK "good"');
    const problems: { file: string; errors: string[] }[] = [];
    const folder = new ScriptFolder(dir, (file, errors) => problems.push({ file, errors }), { now: clock.now });
    expect(folder.loadAll()).toEqual({ loaded: ['start'], failed: [] });
    await write('start.bas', 'IF x THEN\nTALK "never closed"', 5);
    clock.advance(1000);
    expect(await talks(folder, 'start')).toEqual(['good']);
    expect(problems).toHaveLength(1);
    expect(problems[0]!.file).toBe(path.join(dir, 'start.bas'));
    expect(problems[0]!.errors.join('\n')).toMatch(/start\.bas:\d+:\d+:/);
    // Reported once per change, not on every run.
    clock.advance(1000);
    await talks(folder, 'start');
    expect(problems).toHaveLength(1);
  });

  test('loadAll reports every script that does not compile', async () => {
    await write('good.bas', 'TALK 1');
    await write('bad.bas', 'TALK (');
    const result = new ScriptFolder(dir).loadAll();
    expect(result.loaded).toEqual(['good']);
    expect(result.failed.map((f) => path.basename(f.file))).toEqual(['bad.bas']);
  });

  test('a deleted script is gone', async () => {
    await write('gone.bas', 'TALK 1');
    const folder = new ScriptFolder(dir, undefined, { now: clock.now });
    expect(folder.get('gone')).toBeDefined();
    await rm(path.join(dir, 'gone.bas'));
    clock.advance(1000);
    expect(folder.get('gone')).toBeUndefined();
  });
});
