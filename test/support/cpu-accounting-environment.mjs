import { appendFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import process from 'node:process';
import NodeEnvironment from 'jest-environment-node';

/**
 * jest's node environment, which with SUITE_CPU_LOG set appends one JSON line per test file to
 * that file: its wall time and the CPU its worker used for it (every thread: PGlite's, argon2's
 * pool) plus what its finished child processes used (browsers, phones, child servers). Wall time
 * on a shared machine says how long a suite waited; CPU says what it cost, which is what bounds a
 * run on two cores (docs/performance.md, "CI time"). `node scripts/suite-cpu.mjs <log>` sums it.
 */
export default class CpuAccountingEnvironment extends NodeEnvironment {
  constructor(config, context) {
    super(config, context);
    this.suite = path.relative(config.globalConfig.rootDir, context.testPath);
  }

  async handleTestEvent(event) {
    if (!process.env.SUITE_CPU_LOG) return;
    if (event.name === 'setup') {
      this.started = { cpu: process.cpuUsage(), children: childrenCpuMs(), wall: performance.now() };
    } else if (event.name === 'teardown' && this.started) {
      const cpu = process.cpuUsage(this.started.cpu);
      const line = {
        suite: this.suite,
        wall_s: round((performance.now() - this.started.wall) / 1000),
        cpu_s: round((cpu.user + cpu.system) / 1e6),
        children_cpu_s: round((childrenCpuMs() - this.started.children) / 1000),
      };
      appendFileSync(process.env.SUITE_CPU_LOG, `${JSON.stringify(line)}\n`);
    }
  }
}

const round = (n) => Math.round(n * 10) / 10;

/** CPU ms of this process's children that have ended (cutime + cstime of /proc/self/stat); 0 where /proc is missing. */
function childrenCpuMs() {
  try {
    // Fields after the command name (which may hold spaces): cutime and cstime are the 14th and 15th of them.
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[13]) + Number(fields[14])) * 1000) / 100; // USER_HZ is 100 on Linux
  } catch {
    return 0;
  }
}
