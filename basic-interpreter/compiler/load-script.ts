import { formatParseError, parse } from '../parser/index.js';
import type { CompiledScript } from '../vm/index.js';
import { compileScript } from './compiler.js';

/** The outcome of turning one .bas source into runnable code: the script, or every parse error. */
export type LoadResult =
  | { ok: true; script: CompiledScript }
  | { ok: false; errors: string[] };

/**
 * Parses and compiles one source. Errors come back as values, formatted for script authors
 * (`file:line:col: message`, the line, a caret), all of them, not only the first. Mistakes the
 * compiler finds (EXIT outside its loop, an unknown HEAR type…) count as errors too, so a script
 * that would fail at those lines is not loaded.
 */
export function loadScript(source: string, file: string): LoadResult {
  const { program, errors } = parse(source, file);
  if (errors.length > 0) return { ok: false, errors: errors.map((e) => formatParseError(e, source)) };
  const script = compileScript(program, source);
  if (script.diagnostics.length > 0) {
    const lines = source.split(/\r?\n/);
    return {
      ok: false,
      errors: script.diagnostics.map((d) => `${file}:${d.line}: ${d.message}\n${lines[d.line - 1] ?? ''}`),
    };
  }
  return { ok: true, script };
}
