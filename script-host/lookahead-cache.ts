/**
 * The BASIC parser's lookahead paths kept between starts in `<CACHE_DIR>/basic-lookahead.json`
 * (README, "Configuration"): a start that finds them parses its bots without computing them again
 * (docs/performance.md, "Start-up"). A missing, unreadable or outdated file (another grammar) only
 * means they are computed, as without a cache.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { restoreLookaheadSnapshot, takeLookaheadSnapshot } from '../basic-interpreter/index.js';
import type { Logger } from '../infra/logger.js';

const FILE = 'basic-lookahead.json';

/** Runs `load` (the bots' scripts compiled) with the cached paths restored first, and saves what it added. */
export async function withLookaheadCache<T>(cacheDir: string, logger: Logger, load: () => Promise<T>): Promise<T> {
  const file = path.join(cacheDir, FILE);
  const cached = await readFile(file, 'utf8').then((text) => JSON.parse(text) as unknown).catch(() => undefined);
  if (cached !== undefined && !restoreLookaheadSnapshot(cached)) logger.debug({ file }, 'BASIC lookahead cache is for another grammar: computing the paths again');
  const result = await load();
  const snapshot = takeLookaheadSnapshot();
  if (snapshot) {
    // Written aside and renamed, so a start reading it (another instance, a test worker) never sees half a file.
    const aside = `${file}.${process.pid}.tmp`;
    await mkdir(cacheDir, { recursive: true })
      .then(() => writeFile(aside, JSON.stringify(snapshot)))
      .then(() => rename(aside, file))
      .catch((error: unknown) => logger.warn({ err: error, file }, 'BASIC lookahead cache not saved'));
  }
  return result;
}
