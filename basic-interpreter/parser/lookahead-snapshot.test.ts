import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from './parse.js';
import { restoreLookaheadSnapshot, takeLookaheadSnapshot, type LookaheadSnapshot } from './lookahead-snapshot.js';

/** Every script of the repository (bots, templates, the conformance and parser fixtures). */
function scripts(): string[] {
  const found: string[] = [];
  for (const dir of ['bots', 'templates', 'test/basic', 'test/fixtures/bots']) {
    for (const name of readdirSync(dir, { recursive: true }) as string[]) if (name.endsWith('.bas')) found.push(path.join(dir, name));
  }
  return found.sort();
}

/** The parse of each file as JSON: the program and the errors, positions included. */
const parsedHere = (files: readonly string[]) => files.map((file) => JSON.stringify(parse(readFileSync(file, 'utf8'), file)));

describe('the lookahead paths handed from one process to the next (docs/performance.md, "Start-up")', () => {
  const files = scripts();
  const expected = parsedHere(files);
  const snapshot = takeLookaheadSnapshot()!;

  test('a snapshot names its grammar and holds the paths as token names', () => {
    expect(files.length).toBeGreaterThan(40);
    expect(snapshot.grammar).toMatch(/^[0-9a-f]{64}$/);
    expect(Object.keys(snapshot.paths).length).toBeGreaterThan(20);
    expect(snapshot.paths['talkStatement/Alternation/0']?.length).toBe(2);
    // Nothing new was computed since: no second snapshot to save.
    expect(takeLookaheadSnapshot()).toBeUndefined();
  });

  test('a process that restores it parses every script exactly as one that computed its paths', () => {
    const child = `
      const { readFileSync } = await import('node:fs');
      const { parse } = await import('./basic-interpreter/parser/parse.ts');
      const { restoreLookaheadSnapshot, takeLookaheadSnapshot } = await import('./basic-interpreter/parser/lookahead-snapshot.ts');
      const input = JSON.parse(readFileSync(0, 'utf8'));
      const restored = restoreLookaheadSnapshot(input.snapshot);
      const parsed = input.files.map((file) => JSON.stringify(parse(readFileSync(file, 'utf8'), file)));
      process.stdout.write(JSON.stringify({ restored, computedAfter: takeLookaheadSnapshot() === undefined ? 0 : 1, parsed }));`;
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', child], { input: JSON.stringify({ snapshot, files }), maxBuffer: 256 * 1024 * 1024 });
    const answer = JSON.parse(out.toString()) as { restored: boolean; computedAfter: number; parsed: string[] };
    expect(answer.restored).toBe(true);
    // Every path the scripts needed came from the snapshot.
    expect(answer.computedAfter).toBe(0);
    expect(answer.parsed).toEqual(expected);
  });

  test('a snapshot of another grammar, or naming tokens this one lacks, is refused and changes nothing', () => {
    const other: LookaheadSnapshot = { ...snapshot, grammar: '0'.repeat(64) };
    expect(restoreLookaheadSnapshot(other)).toBe(false);
    expect(restoreLookaheadSnapshot({ grammar: snapshot.grammar, paths: { 'x/Alternation/0': [[['NoSuchToken']]] } })).toBe(false);
    expect(restoreLookaheadSnapshot('not a snapshot')).toBe(false);
    expect(restoreLookaheadSnapshot(snapshot)).toBe(true);
    expect(parsedHere(files)).toEqual(expected);
  });
});
