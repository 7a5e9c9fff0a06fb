import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The signing secret: `JWT_SECRET` when set (required when several instances share one database,
 * so they accept each other's tokens); otherwise a random secret generated once and kept in
 * DATA_DIR, so tokens survive a restart of the embedded default.
 */
export async function resolveJwtSecret(options: { jwtSecret?: string; dataDir: string }): Promise<Uint8Array> {
  if (options.jwtSecret) return new TextEncoder().encode(options.jwtSecret);
  const file = path.join(options.dataDir, 'jwt-secret');
  const existing = await readSecret(file);
  if (existing) return existing;
  await mkdir(options.dataDir, { recursive: true, mode: 0o700 });
  // The secret is written whole to a private temporary file, then linked to its name: link fails
  // if another process got there first, and the name never shows a half-written file (opening
  // the name itself with 'wx' let a concurrent reader see it empty).
  const secret = randomBytes(48).toString('base64url');
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}`;
  await writeFile(temporary, secret, { mode: 0o600, flag: 'wx' });
  try {
    await link(temporary, file);
    return new TextEncoder().encode(secret);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const theirs = await readSecret(file);
    if (!theirs) throw new Error(`${file} is empty: delete it to generate a new secret`, { cause: error });
    return theirs;
  } finally {
    await unlink(temporary);
  }
}

async function readSecret(file: string): Promise<Uint8Array | undefined> {
  try {
    const text = (await readFile(file, 'utf8')).trim();
    return text ? new TextEncoder().encode(text) : undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
