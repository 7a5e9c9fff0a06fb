import { readFile } from 'node:fs/promises';

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
