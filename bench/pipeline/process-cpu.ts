import { readdir, readFile } from 'node:fs/promises';

/** Clock ticks per second of /proc's times (`getconf CLK_TCK`; 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** CPU time used so far by a process, in ms: all its threads, and its main thread alone. */
export interface ProcessCpu {
  total: number;
  /** The JavaScript main thread: a Node server cannot go faster than this one thread allows. */
  main: number;
}

/**
 * CPU time (user + system) a process has used so far, from /proc/<pid>/stat and
 * /proc/<pid>/task/<pid>/stat; undefined where there is no /proc. The benchmark divides its
 * growth over a row by the row's requests: CPU per request hardly changes when other processes
 * share the cores, requests per second do (docs/performance.md).
 */
export async function processCpuMs(pid: number | undefined): Promise<ProcessCpu | undefined> {
  if (pid === undefined) return undefined;
  try {
    const [total, main] = await Promise.all([`/proc/${pid}/stat`, `/proc/${pid}/task/${pid}/stat`].map(cpuMsOf));
    return { total: total!, main: main! };
  } catch {
    return undefined;
  }
}

async function cpuMsOf(statFile: string): Promise<number> {
  const stat = await readFile(statFile, 'utf8');
  // The command name (field 2) may hold spaces: count the fields after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

/** Busy CPU time of the whole machine so far, in ms summed over its cores (/proc/stat: all but idle and iowait). */
export async function machineCpuMs(): Promise<number | undefined> {
  try {
    const line = (await readFile('/proc/stat', 'utf8')).split('\n')[0]!;
    const [user, nice, system, , , irq, softirq, steal] = line.split(/\s+/).slice(1).map(Number);
    return ((user! + nice! + system! + irq! + softirq! + steal!) * 1000) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

/**
 * CPU time used so far by every process of the database and the cache servers (`postgres`,
 * `redis-server`: backends, WAL writer and checkpointer included), in ms. On a quiet machine
 * its growth over a row is what a turn costs them; other users of the same servers count too.
 */
export async function serviceCpuMs(names: readonly string[] = ['postgres', 'redis-server']): Promise<number | undefined> {
  let pids: string[];
  try {
    pids = (await readdir('/proc')).filter((entry) => /^\d+$/.test(entry));
  } catch {
    return undefined;
  }
  const used = await Promise.all(pids.map(async (pid) => {
    try {
      const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
      const command = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      return names.includes(command) ? await cpuMsOf(`/proc/${pid}/stat`) : 0;
    } catch {
      return 0; // the process ended meanwhile
    }
  }));
  return used.reduce((sum, ms) => sum + ms, 0);
}
