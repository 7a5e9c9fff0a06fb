import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadScript } from '../../basic-interpreter/index.js';

/**
 * The published-template count (docs/basic.md, "Compatibility"): every `.bas` of General Bots'
 * template packs and every BASIC snippet of their book, pinned in corpus/manifest.json, loaded as
 * `switchboard check` loads them. What still fails is printed by its first error, grouped, most
 * common first, so the next round knows where to start.
 */
const corpus = path.join(path.dirname(fileURLToPath(import.meta.url)), 'corpus');
/**
 * The floors this suite holds the parser to, both at their goal (docs/basic.md, "Compatibility"):
 * 80% of the scripts (they stand at 128 of 155, 82.6%) and 60% of the snippets (66.8%). The
 * scripts' count is also held exactly, so a form that stops loading shows here by name.
 */
const SCRIPT_TARGET = 0.8;
const SCRIPTS_LOADING = 128;
const SNIPPET_TARGET = 0.6;

interface Source { name: string; code: string }

function filesUnder(dir: string): string[] {
  return readdirSync(dir).sort().flatMap((entry) => {
    const full = path.join(dir, entry);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

const scripts: Source[] = filesUnder(path.join(corpus, 'templates'))
  .map((file) => ({ name: path.relative(corpus, file), code: readFileSync(file, 'utf8') }));
const snippets: Source[] = (JSON.parse(readFileSync(path.join(corpus, 'snippets.json'), 'utf8')) as { path: string; line: number; code: string }[])
  .map((s) => ({ name: `${s.path}:${s.line}`, code: s.code }));
const manifest = JSON.parse(readFileSync(path.join(corpus, 'manifest.json'), 'utf8')) as { scripts: { count: number }; snippets: { count: number } };

/** Loads every source; the failures grouped by their first error's message (positions and names cut). */
function measure(sources: Source[]): { passed: number; report: string } {
  const reasons = new Map<string, string[]>();
  let passed = 0;
  for (const source of sources) {
    const result = loadScript(source.code, 'corpus.bas');
    if (result.ok) {
      passed += 1;
      continue;
    }
    const first = result.errors[0] ?? '';
    const reason = first.split('\n')[0]!.replace(/^corpus\.bas:\d+(:\d+)?: /, '').slice(0, 100);
    const line = /^corpus\.bas:(\d+)/.exec(first)?.[1] ?? '?';
    reasons.set(reason, [...(reasons.get(reason) ?? []), `${source.name}:${line}`]);
  }
  const report = [...reasons]
    .sort((a, b) => b[1].length - a[1].length)
    .map(([reason, where]) => `${String(where.length).padStart(4)}  ${reason}\n        ${where.slice(0, 3).join(', ')}`)
    .join('\n');
  return { passed, report };
}

test('the corpus holds what the manifest says', () => {
  expect(scripts).toHaveLength(manifest.scripts.count);
  expect(snippets).toHaveLength(manifest.snippets.count);
});

test(`at least ${SCRIPT_TARGET * 100}% of the published template scripts load`, () => {
  const { passed, report } = measure(scripts);
  console.log(`template scripts: ${passed} of ${scripts.length} load (${((100 * passed) / scripts.length).toFixed(1)}%); the rest, by first error:\n${report}`);
  expect(passed / scripts.length).toBeGreaterThanOrEqual(SCRIPT_TARGET);
  expect(passed).toBeGreaterThanOrEqual(SCRIPTS_LOADING);
});

test(`at least ${SNIPPET_TARGET * 100}% of the book's BASIC snippets load`, () => {
  const { passed, report } = measure(snippets);
  console.log(`book snippets: ${passed} of ${snippets.length} load (${((100 * passed) / snippets.length).toFixed(1)}%); the rest, by first error:\n${report}`);
  expect(passed / snippets.length).toBeGreaterThanOrEqual(SNIPPET_TARGET);
});
