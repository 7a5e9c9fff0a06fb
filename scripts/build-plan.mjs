// What `npm start` must build before it serves (README, "Set-up"). Plain JavaScript on purpose:
// it runs before anything is compiled, and without the dev dependencies (`npm install --omit=dev`).
// The scan reads file times; the decision (`decideParts`) is a pure function over them.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** Where the build records what it built and when each part's build started. */
export const STAMP_FILE = 'dist/.build-stamp.json';

/**
 * The five builds, in the order `npm run build` runs them. `dirs` are walked whole (files whose
 * name starts with a dot skipped; with `suffix`, only files so named), `anyFileDirs` likewise but
 * every file counts, `files` are single files; `outputs` must exist for the part to count as built.
 * `server.dirs` is the project root, filtered by tsconfig.build.json's `exclude`. The message
 * catalogues (`locales/`, JSON) feed the server, the console and the widget.
 */
export const BUILD_PARTS = [
  {
    name: 'server', label: 'server (tsc -p tsconfig.build.json)', tool: 'tsc', args: ['-p', 'tsconfig.build.json'],
    dirs: ['.'], suffix: '.ts', anyFileDirs: ['locales'], files: ['tsconfig.json', 'tsconfig.build.json', 'package.json'], outputs: ['dist/bin/switchboard.js'],
  },
  {
    name: 'console', label: 'attendant console (vite build)', tool: 'vite', args: ['build'],
    dirs: ['web/console', 'locales'], files: ['web/tsconfig.json', 'vite.config.ts', 'package.json'], outputs: ['dist/web/console/index.html'],
  },
  {
    name: 'widget', label: 'chat widget (vite build --mode widget)', tool: 'vite', args: ['build', '--mode', 'widget'],
    dirs: ['web/widget', 'locales'], files: ['vite.config.ts', 'package.json'], outputs: ['dist/web/widget.js'],
  },
  {
    // The co-browse recorder (rrweb), loaded by the widget only when a visitor allows co-browse.
    name: 'cobrowse', label: 'co-browse recorder (vite build --mode cobrowse)', tool: 'vite', args: ['build', '--mode', 'cobrowse'],
    dirs: [], files: ['web/widget/cobrowse-recorder.ts', 'vite.config.ts', 'package.json'], outputs: ['dist/web/cobrowse.js'],
  },
  {
    name: 'meet', label: 'meeting client (vite build --mode meet)', tool: 'vite', args: ['build', '--mode', 'meet'],
    dirs: ['web/meet'], files: ['vite.config.ts', 'package.json'], outputs: ['dist/web/meet.js'],
  },
];

// tsconfig.build.json's `exclude` as a test on a root-relative path: a plain entry is a file or
// folder at the root ("dist", "jest.config.ts"); an entry "**/*<end>" excludes every file ending so.
export function excludeTest(entries) {
  const ends = entries.filter((e) => e.startsWith('**/*')).map((e) => e.slice(4));
  const prefixes = entries.filter((e) => !e.includes('*'));
  return (rel) => prefixes.some((p) => rel === p || rel.startsWith(`${p}/`)) || ends.some((end) => rel.endsWith(end));
}

/** The newest modification time (ms) among the files that feed `part`, or null when there is none. */
export function newestSourceTime(root, part) {
  const isExcluded = part.name === 'server'
    ? excludeTest(JSON.parse(readFileSync(path.join(root, 'tsconfig.build.json'), 'utf8')).exclude ?? [])
    : () => false;
  let newest = null;
  const see = (file) => {
    try {
      const t = statSync(file).mtimeMs;
      if (newest === null || t > newest) newest = t;
    } catch { /* a listed file that does not exist feeds nothing */ }
  };
  const walk = (rel, suffix) => {
    let entries;
    try { entries = readdirSync(path.join(root, rel), { withFileTypes: true }); } catch { return; }
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const child = rel === '.' ? entry.name : `${rel}/${entry.name}`;
      if (isExcluded(child)) continue;
      if (entry.isDirectory()) walk(child, suffix);
      else if (entry.isFile() && (!suffix || child.endsWith(suffix))) see(path.join(root, child));
    }
  };
  for (const dir of part.dirs) walk(dir, part.suffix);
  for (const dir of part.anyFileDirs ?? []) walk(dir, undefined);
  for (const file of part.files) see(path.join(root, file));
  return newest;
}

/** The stamp the last build wrote, or null when there is none (or it cannot be read). */
export function readStamp(root) {
  try { return JSON.parse(readFileSync(path.join(root, STAMP_FILE), 'utf8')); } catch { return null; }
}

/** What the pure decision needs to know of each part on disk. */
export function inspectParts(root, parts = BUILD_PARTS) {
  return parts.map((part) => ({
    name: part.name,
    newestSource: newestSourceTime(root, part),
    outputsPresent: part.outputs.every((out) => { try { statSync(path.join(root, out)); return true; } catch { return false; } }),
  }));
}

/**
 * Per part: build it or not, and why. A part is built when forced, when its output or its stamp is
 * missing (`no_build`), or when a source changed after its last build started (`sources_changed`:
 * the stamp keeps the start, so an edit made during a build still counts).
 */
export function decideParts({ parts, stamp, force = false }) {
  return parts.map(({ name, newestSource, outputsPresent }) => {
    const startedAt = stamp?.parts?.[name]?.started_at;
    if (force) return { name, build: true, reason: 'forced' };
    if (!outputsPresent || typeof startedAt !== 'number') return { name, build: true, reason: 'no_build' };
    if (newestSource !== null && newestSource > startedAt) return { name, build: true, reason: 'sources_changed' };
    return { name, build: false, reason: 'up_to_date' };
  });
}

/** The one line `npm start` prints before it serves. */
export function summaryLine(decisions) {
  const stale = decisions.filter((d) => d.build);
  if (stale.length === 0) return 'build is up to date';
  const names = stale.map((d) => d.name).join(', ');
  if (stale.every((d) => d.reason === 'forced')) return `building: everything (${names})`;
  if (stale.every((d) => d.reason === 'no_build')) return `building: no earlier build (${names})`;
  return `building: sources changed since the last build (${names})`;
}
