import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * Files the interpreter's unit tests read, so the tests beside the code (basic-interpreter/)
 * import no file-system module: the parser fixtures (realistic bot scripts in
 * test/basic/fixtures/parser/) and the interpreter's own source where a test checks it.
 */

const FIXTURES = fileURLToPath(new URL('../basic/fixtures/parser/', import.meta.url));
const INTERPRETER = fileURLToPath(new URL('../../basic-interpreter/', import.meta.url));

/** The parser fixtures, by file name order: each a valid script of a realistic bot. */
export function parserFixtures(): { file: string; source: string }[] {
  return readdirSync(FIXTURES)
    .filter((f) => f.endsWith('.bas'))
    .sort()
    .map((file) => ({ file, source: readFileSync(FIXTURES + file, 'utf8') }));
}

/** The text of one interpreter source file, e.g. `vm/exec.ts`. */
export function interpreterSource(file: string): string {
  return readFileSync(INTERPRETER + file, 'utf8');
}
