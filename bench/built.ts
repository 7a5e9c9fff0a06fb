import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as Interpreter from '../basic-interpreter/index.js';

/**
 * A module of the build (`dist/`, brought up to date by ensure-build.ts), typed as its source by
 * the caller: the benchmarks time the code `npm start` runs. Imported from the sources they would
 * run through tsx, whose kept function names wrap closures in an extra call
 * (docs/performance.md, "2026-11-28, second session").
 */
export function importBuilt<Module>(fromRoot: string): Promise<Module> {
  return import(pathToFileURL(path.resolve('dist', fromRoot)).href) as Promise<Module>;
}

/** The built BASIC interpreter. */
export const builtInterpreter = () => importBuilt<typeof Interpreter>('basic-interpreter/index.js');
