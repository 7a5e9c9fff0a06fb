import { compileScript } from './compiler.js';
import type { CompiledScript } from './dialog.js';
import { parse } from './parse.js';
import { formatParseError } from './parse-errors.js';

/** The outcome of turning one .bas source into runnable code: the script, or every parse error. */
export type LoadResult =
  | { ok: true; script: CompiledScript }
  | { ok: false; errors: string[] };

/**
 * Parses and compiles one source. Errors come back as values, formatted for script authors
 * (`file:line:col: message`, the line, a caret), all of them, not only the first.
 */
export function loadScript(source: string, file: string): LoadResult {
  const { program, errors } = parse(source, file);
  if (errors.length > 0) return { ok: false, errors: errors.map((e) => formatParseError(e, source)) };
  return { ok: true, script: compileScript(program, source) };
}
