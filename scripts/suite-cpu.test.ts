import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

test('sums a SUITE_CPU_LOG by tier and lists the costliest suites first, children included', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sb-suite-cpu-'));
  try {
    const log = path.join(dir, 'cpu.jsonl');
    await writeFile(log, [
      { suite: 'auth/login.test.ts', wall_s: 1.7, cpu_s: 0.7, children_cpu_s: 0 },
      { suite: 'test/browser/console.test.ts', wall_s: 90, cpu_s: 20, children_cpu_s: 60 },
      { suite: 'test/e2e/cli.test.ts', wall_s: 40, cpu_s: 30, children_cpu_s: 10.5 },
    ].map((row) => JSON.stringify(row)).join('\n') + '\n');
    const out = execFileSync(process.execPath, ['scripts/suite-cpu.mjs', log, '2'], { encoding: 'utf8' });
    expect(out).toContain('3 suites, 121 s of CPU');
    const suites = out.split('costliest suites:')[1]!.trim().split('\n').slice(1);
    expect(suites.map((line) => line.trim().split(/\s+/).pop())).toEqual(['test/browser/console.test.ts', 'test/e2e/cli.test.ts']);
    expect(out).toMatch(/20\s+60\s+90\s+1\s+test\/browser/);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
