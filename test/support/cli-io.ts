import { PassThrough, Writable } from 'node:stream';
import type { CliIo } from '../../bin/run-command.js';

/**
 * The streams of a CLI command run in the test's own process (the commands are functions of
 * their streams, bin/): lines typed with `type`, stdin closed with `end`, what it printed so far
 * in `stdout` and `stderr`.
 */
export function cliIo(stdin = ''): { io: CliIo; type(line: string): void; end(): void; readonly stdout: string; readonly stderr: string } {
  let stdout = '';
  let stderr = '';
  const sink = (append: (text: string) => void) => new Writable({ write(chunk, _enc, done) { append(String(chunk)); done(); } });
  const input = new PassThrough();
  if (stdin) input.write(stdin);
  return {
    io: { stdin: input, stdout: sink((t) => (stdout += t)), stderr: sink((t) => (stderr += t)) },
    type: (line) => void input.write(`${line}\n`),
    end: () => void input.end(),
    get stdout() { return stdout; },
    get stderr() { return stderr; },
  };
}
