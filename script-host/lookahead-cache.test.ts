import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parse } from '../basic-interpreter/index.js';
import { createLogger } from '../infra/logger.js';
import { withLookaheadCache } from './lookahead-cache.js';

const logger = createLogger({ level: 'silent' });
let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'sb-lookahead-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

test('the paths computed while loading are saved, and a start that finds the file restores them', async () => {
  const cacheDir = path.join(dir, 'cache');
  const result = await withLookaheadCache(cacheDir, logger, async () => parse('TALK "hi"\nHEAR name\n', 'a.bas').errors);
  expect(result).toEqual([]);
  const saved = JSON.parse(await readFile(path.join(cacheDir, 'basic-lookahead.json'), 'utf8')) as { grammar: string; paths: Record<string, unknown> };
  expect(saved.grammar).toMatch(/^[0-9a-f]{64}$/);
  expect(saved.paths).toHaveProperty(['talkStatement/Alternation/0']);
  // Nothing new the second time: the file is left as it is.
  await writeFile(path.join(cacheDir, 'basic-lookahead.json'), JSON.stringify(saved));
  expect(await withLookaheadCache(cacheDir, logger, async () => parse('TALK "again"\n', 'b.bas').errors)).toEqual([]);
  expect(JSON.parse(await readFile(path.join(cacheDir, 'basic-lookahead.json'), 'utf8'))).toEqual(saved);
});

test('an unreadable or foreign file is no reason to fail: the scripts still load', async () => {
  await writeFile(path.join(dir, 'basic-lookahead.json'), '{ not json');
  expect(await withLookaheadCache(dir, logger, async () => parse('x = 1 + 2\n', 'c.bas').errors)).toEqual([]);
  await writeFile(path.join(dir, 'basic-lookahead.json'), JSON.stringify({ grammar: 'another', paths: {} }));
  expect(await withLookaheadCache(dir, logger, async () => parse('IF x THEN\nTALK x\nEND IF\n', 'd.bas').errors)).toEqual([]);
});

test('a cache folder that cannot be written is reported, not thrown', async () => {
  const blocked = path.join(dir, 'a-file');
  await writeFile(blocked, 'not a folder');
  const lines: string[] = [];
  const capture = createLogger({ level: 'warn', destination: { write: (line: string) => void lines.push(line) } });
  expect(await withLookaheadCache(path.join(blocked, 'cache'), capture, async () => parse('FOR i = 1 TO 3\nSELECT CASE i\nCASE 1\nTALK i\nEND SELECT\nNEXT\n', 'e.bas').errors)).toEqual([]);
  expect(lines.join('')).toContain('BASIC lookahead cache not saved');
});
