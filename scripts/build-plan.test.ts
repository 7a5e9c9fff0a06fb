import { copyFile, mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { decideParts, inspectParts, summaryLine, type BuildStamp, type PartOnDisk } from './build-plan.mjs';

const STARTED = Date.parse('2030-01-01T00:00:00Z');
const stampOf = (names: string[]): BuildStamp => ({ parts: Object.fromEntries(names.map((n) => [n, { started_at: STARTED }])) });
const ALL = ['server', 'console', 'widget', 'cobrowse', 'meet'];

describe('decideParts', () => {
  const onDisk = (name: string, newestSource: number | null, outputsPresent = true): PartOnDisk => ({ name, newestSource, outputsPresent });

  it('builds, per part, what has no build or a source newer than its last build, and nothing else', () => {
    const decisions = decideParts({
      parts: [onDisk('server', STARTED - 1), onDisk('console', STARTED + 1), onDisk('widget', STARTED - 1, false), onDisk('meet', STARTED - 1)],
      stamp: stampOf(['server', 'console', 'widget']),
    });
    expect(decisions).toEqual([
      { name: 'server', build: false, reason: 'up_to_date' },
      { name: 'console', build: true, reason: 'sources_changed' },
      { name: 'widget', build: true, reason: 'no_build' }, // stamped, but its output is gone
      { name: 'meet', build: true, reason: 'no_build' }, // built, but never stamped
    ]);
  });

  it('builds everything when forced (npm run build), fresh or not', () => {
    const decisions = decideParts({ parts: ALL.map((n) => onDisk(n, STARTED - 1)), stamp: stampOf(ALL), force: true });
    expect(decisions.map((d) => [d.build, d.reason])).toEqual(ALL.map(() => [true, 'forced']));
  });

  it('says in one line whether anything builds, and why', () => {
    const fresh = decideParts({ parts: ALL.map((n) => onDisk(n, STARTED - 1)), stamp: stampOf(ALL) });
    expect(summaryLine(fresh)).toBe('build is up to date');
    const none = decideParts({ parts: ALL.map((n) => onDisk(n, STARTED - 1, false)), stamp: null });
    expect(summaryLine(none)).toBe('building: no earlier build (server, console, widget, cobrowse, meet)');
    const changed = decideParts({ parts: [onDisk('server', STARTED + 1), onDisk('meet', STARTED - 1)], stamp: stampOf(['server', 'meet']) });
    expect(summaryLine(changed)).toBe('building: sources changed since the last build (server)');
  });
});

describe('inspectParts on a project folder', () => {
  let root: string;
  const at = async (rel: string, when: number) => { await utimes(path.join(root, rel), when / 1000, when / 1000); };
  const write = async (rel: string, when = STARTED - 60_000) => {
    await mkdir(path.dirname(path.join(root, rel)), { recursive: true });
    await writeFile(path.join(root, rel), '// x\n');
    await at(rel, when);
  };
  const stale = () => decideParts({ parts: inspectParts(root), stamp: stampOf(ALL) }).filter((d) => d.build).map((d) => d.name);

  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'sb-build-plan-'));
    // The real exclude list, so the test follows it.
    await copyFile(path.join(import.meta.dirname, '..', 'tsconfig.build.json'), path.join(root, 'tsconfig.build.json'));
    await at('tsconfig.build.json', STARTED - 60_000);
    for (const rel of ['tsconfig.json', 'package.json', 'vite.config.ts', 'service.ts', 'engine/turn.ts', 'engine/turn.test.ts', 'test/e2e/x.ts',
      'locales/en/widget.json', 'web/tsconfig.json', 'web/console/index.html', 'web/console/src/App.tsx', 'web/widget/widget.ts', 'web/widget/cobrowse-recorder.ts', 'web/meet/meet.ts',
      'dist/bin/switchboard.js', 'dist/web/console/index.html', 'dist/web/widget.js', 'dist/web/cobrowse.js', 'dist/web/meet.js']) await write(rel);
  });
  afterEach(async () => { await rm(root, { recursive: true, force: true }); });

  it('finds nothing to build when every source is older than the last build', () => {
    expect(stale()).toEqual([]);
  });

  it('rebuilds only the server for a changed server source', async () => {
    await at('engine/turn.ts', STARTED + 1000);
    expect(stale()).toEqual(['server']);
  });

  it('rebuilds only the vite build whose folder changed', async () => {
    await at('web/widget/widget.ts', STARTED + 1000);
    expect(stale()).toEqual(['widget']);
    await at('web/console/src/App.tsx', STARTED + 1000);
    expect(stale()).toEqual(['console', 'widget']);
    // The co-browse recorder is one file of the widget's folder, built on its own.
    await at('web/widget/cobrowse-recorder.ts', STARTED + 1000);
    expect(stale()).toEqual(['console', 'widget', 'cobrowse']);
  });

  it('rebuilds the server, the console and the widget for a changed message catalogue (locales/)', async () => {
    await at('locales/en/widget.json', STARTED + 1000);
    expect(stale()).toEqual(['server', 'console', 'widget']);
  });

  it('ignores what tsc -p tsconfig.build.json does not compile: tests, test/, web/, dist/', async () => {
    for (const rel of ['engine/turn.test.ts', 'test/e2e/x.ts', 'dist/bin/switchboard.js']) await at(rel, STARTED + 1000);
    expect(stale()).toEqual([]);
  });

  it('rebuilds the four vite builds for vite.config.ts, and everything for package.json', async () => {
    await at('vite.config.ts', STARTED + 1000);
    expect(stale()).toEqual(['console', 'widget', 'cobrowse', 'meet']);
    await at('package.json', STARTED + 1000);
    expect(stale()).toEqual(ALL);
  });

  it('rebuilds a part whose output is missing', async () => {
    await rm(path.join(root, 'dist/web/meet.js'));
    expect(decideParts({ parts: inspectParts(root), stamp: stampOf(ALL) }).filter((d) => d.build)).toEqual([{ name: 'meet', build: true, reason: 'no_build' }]);
  });
});
