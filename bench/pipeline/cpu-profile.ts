import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { url: string; functionName: string };
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
}

/**
 * Where the server spent its CPU, from the `--cpu-prof` files in `dir`: self time grouped by npm
 * package, or by the project's own top folder, as shares of all samples (idle excluded).
 */
export async function summarizeProfiles(dir: string, top = 12): Promise<[string, number][]> {
  const shares = new Map<string, number>();
  let total = 0;
  for (const file of (await readdir(dir)).filter((f) => f.endsWith('.cpuprofile'))) {
    const profile = JSON.parse(await readFile(path.join(dir, file), 'utf8')) as CpuProfile;
    const owner = new Map(profile.nodes.map((n) => [n.id, groupOf(n.callFrame)]));
    for (const sample of profile.samples) {
      const group = owner.get(sample) ?? '(unknown)';
      if (group === '(idle)') continue;
      shares.set(group, (shares.get(group) ?? 0) + 1);
      total += 1;
    }
  }
  return [...shares].sort((a, b) => b[1] - a[1]).slice(0, top).map(([group, n]) => [group, n / Math.max(1, total)]);
}

function groupOf(frame: ProfileNode['callFrame']): string {
  if (frame.functionName === '(idle)' || frame.functionName === '(program)' || frame.functionName === '(garbage collector)') {
    return frame.functionName;
  }
  const url = frame.url;
  const inModules = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (inModules) return inModules[1]!;
  if (url.startsWith('node:') || url === '') return 'node (runtime)';
  const own = url.replace(/^file:\/\//, '').replace(`${process.cwd()}/`, '');
  return own.split('/').length > 1 ? `${own.split('/')[0]}/` : own;
}
