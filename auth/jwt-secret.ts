import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The signing secret: `JWT_SECRET` when set (required when several instances share one database,
 * so they accept each other's tokens); otherwise a random secret generated once and kept in
 * DATA_DIR, so tokens survive a restart of the embedded default.
 */
export async function resolveJwtSecret(options: { jwtSecret?: string; dataDir: string }): Promise<Uint8Array> {
  if (options.jwtSecret) return new TextEncoder().encode(options.jwtSecret);
  const file = path.join(options.dataDir, 'jwt-secret');
  try {
    return new TextEncoder().encode((await readFile(file, 'utf8')).trim());
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = randomBytes(48).toString('base64url');
  await mkdir(options.dataDir, { recursive: true, mode: 0o700 });
  // 'wx' fails if another process created it first; then read theirs so both agree.
  try {
    await writeFile(file, secret, { mode: 0o600, flag: 'wx' });
    return new TextEncoder().encode(secret);
  } catch {
    return new TextEncoder().encode((await readFile(file, 'utf8')).trim());
  }
}
