import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { CATALOGUES, LANGUAGES, type Catalogue } from './index.js';

// The catalogues a translator edits (locales/README.md) stay complete: every language has exactly
// the messages of English, in the plural forms of its own rules and with the same placeholders, and
// every message the code asks for is in English. A key missing anywhere fails here, not on a screen.

const ROOT = path.resolve(import.meta.dirname, '..');
const HERE = import.meta.dirname;
const PLURAL = /_(zero|one|two|few|many|other)$/;

/** `{ "queue": { "full": "…" } }` → `{ "queue.full": "…" }`. */
function flatten(catalogue: Catalogue, prefix = ''): Map<string, string> {
  const flat = new Map<string, string>();
  for (const [key, value] of Object.entries(catalogue)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') flat.set(name, value);
    else for (const [k, v] of flatten(value, name)) flat.set(k, v);
  }
  return flat;
}

/** A catalogue's messages by key as the code asks for it (`queue.position`), with their plural forms. */
function messages(catalogue: Catalogue): Map<string, Map<string, string>> {
  const byKey = new Map<string, Map<string, string>>();
  for (const [key, text] of flatten(catalogue)) {
    const form = PLURAL.exec(key)?.[1] ?? '';
    const base = form ? key.slice(0, -form.length - 1) : key;
    byKey.set(base, (byKey.get(base) ?? new Map()).set(form, text));
  }
  return byKey;
}

const placeholders = (forms: Map<string, string>) =>
  [...new Set([...forms.values()].flatMap((text) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]!)))].filter((p) => p !== 'count').sort();
const read = (language: string, namespace: string) => JSON.parse(readFileSync(path.join(HERE, language, `${namespace}.json`), 'utf8')) as Catalogue;
const NAMESPACES = readdirSync(path.join(HERE, 'en')).filter((f) => f.endsWith('.json')).map((f) => f.replace(/\.json$/, ''));

test('every language has a folder with every namespace of English, and index.ts hands them all out', () => {
  expect(readdirSync(HERE, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort()).toEqual([...LANGUAGES].sort());
  for (const language of LANGUAGES) {
    expect(readdirSync(path.join(HERE, language)).sort()).toEqual(NAMESPACES.map((n) => `${n}.json`).sort());
    for (const namespace of NAMESPACES) expect(CATALOGUES[language][namespace as keyof (typeof CATALOGUES)['en']]).toEqual(read(language, namespace));
  }
});

describe.each(NAMESPACES)('the %s catalogues', (namespace) => {
  const english = messages(read('en', namespace));

  test.each(LANGUAGES.filter((l) => l !== 'en'))('%s has exactly the keys of English, no more, no fewer', (language) => {
    const translated = messages(read(language, namespace));
    const missing = [...english.keys()].filter((k) => !translated.has(k));
    const extra = [...translated.keys()].filter((k) => !english.has(k));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });

  test.each([...LANGUAGES])('%s: each plural message has the forms of the language\'s rules, and the placeholders of English', (language) => {
    const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories.slice().sort();
    const problems: string[] = [];
    for (const [key, forms] of messages(read(language, namespace))) {
      const plural = english.get(key)?.has('other') ?? forms.has('other');
      const wanted = plural ? categories : [''];
      const have = [...forms.keys()].sort();
      if (JSON.stringify(have) !== JSON.stringify(wanted)) problems.push(`${key}: forms ${JSON.stringify(have)}, wanted ${JSON.stringify(wanted)}`);
      const theirs = english.get(key);
      if (theirs && JSON.stringify(placeholders(forms)) !== JSON.stringify(placeholders(theirs))) {
        problems.push(`${key}: placeholders ${placeholders(forms).join(', ')} where English has ${placeholders(theirs).join(', ')}`);
      }
      if ([...forms.values()].some((text) => !text.trim())) problems.push(`${key}: empty`);
    }
    expect(problems).toEqual([]);
  });
});

/** The source files under `dir` (relative to the project), test files left out. */
function sources(dir: string, suffixes: readonly string[]): string[] {
  return readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => suffixes.some((s) => f.endsWith(s)) && !f.endsWith('.test.ts') && !f.includes('node_modules'))
    .map((f) => path.join(dir, f));
}

/**
 * The keys the code asks for: the server's `translate(…, 'key'` in its areas, `t('key'` in the
 * widget and the console. A key built at run time (`t(\`sender.${from}\`)`) is checked as a prefix.
 */
function usedKeys(files: readonly string[], call: RegExp): { file: string; key: string; prefix: boolean }[] {
  return files.flatMap((file) => [...readFileSync(path.join(ROOT, file), 'utf8').matchAll(call)].map((m) => {
    const quoted = m[1]!;
    const dynamic = quoted.indexOf('${');
    return { file, key: dynamic === -1 ? quoted : quoted.slice(0, dynamic), prefix: dynamic !== -1 };
  }));
}

const SERVER_AREAS = ['engine', 'attendance', 'adapters', 'script-host', 'infra', 'app', 'http', 'notifications', 'meetings'];
const USES: Record<string, () => ReturnType<typeof usedKeys>> = {
  server: () => usedKeys(SERVER_AREAS.flatMap((dir) => sources(dir, ['.ts'])), /\btranslate\([^,()]*(?:\([^()]*\))?[^,()]*,\s*['`]([^'`]+)['`]/g),
  widget: () => usedKeys(sources('web/widget', ['.ts']), /\bt\(\s*['`]([^'`]+)['`]/g),
  console: () => usedKeys(sources('web/console/src', ['.ts', '.tsx']), /\bt\(\s*['`]([^'`]+)['`]/g),
};

test.each(NAMESPACES)('every key the code asks of the %s catalogue is in English', (namespace) => {
  const uses = USES[namespace]?.() ?? [];
  expect(uses.length).toBeGreaterThan(0);
  const english = messages(read('en', namespace));
  const missing = uses.filter((u) => (u.prefix ? ![...english.keys()].some((k) => k.startsWith(u.key)) : !english.has(u.key)));
  expect(missing.map((u) => `${u.file}: ${u.key}`)).toEqual([]);
});
