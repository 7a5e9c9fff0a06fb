import { readFile } from 'node:fs/promises';
import { loadScript } from '../basic-interpreter/index.js';
import type { CliIo } from './run-command.js';

/** `switchboard check <files…>`: reports every parse error of every file; exit 1 if there is any. */
export async function checkCommand(files: string[], io: Pick<CliIo, 'stdout' | 'stderr'>): Promise<number> {
  if (files.length === 0) {
    io.stderr.write('Usage: switchboard check <file.bas>…\n');
    return 2;
  }
  let failed = 0;
  for (const file of files) {
    let source: string;
    try {
      source = await readFile(file, 'utf8');
    } catch (error) {
      io.stderr.write(`${file}: cannot read (${(error as Error).message})\n`);
      failed++;
      continue;
    }
    const result = loadScript(source, file);
    if (result.ok) continue;
    failed++;
    io.stderr.write(`${result.errors.join('\n\n')}\n\n`);
  }
  io.stdout.write(failed ? `${failed} of ${files.length} file(s) have errors\n` : `${files.length} file(s) OK\n`);
  return failed ? 1 : 0;
}
