import { mkdir, stat } from 'node:fs/promises';
import type { Logger } from './logger.js';

/**
 * Creates the data folder readable by its owner only (0700): it holds the embedded database and
 * the token-signing secret. A folder that already exists keeps its mode; when others may read it,
 * the start log says so and how to fix it.
 */
export async function ensurePrivateDir(dir: string, logger: Logger): Promise<void> {
  const created = await mkdir(dir, { recursive: true, mode: 0o700 });
  if (created !== undefined) return;
  const { mode } = await stat(dir);
  if ((mode & 0o077) !== 0) {
    logger.warn({ dir, mode: (mode & 0o777).toString(8) }, `The data folder can be read by other users; run: chmod 700 ${dir}`);
  }
}
