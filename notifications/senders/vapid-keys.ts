import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import webpush from 'web-push';

/** The VAPID key pair that signs this server's web push requests (RFC 8292), base64url. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * Reads `DATA_DIR/vapid-keys.json`, generating it on first start (mode 0600). Browsers subscribe
 * with the public key, so it must stay the same across restarts and instances (share DATA_DIR).
 */
export async function loadVapidKeys(dataDir: string): Promise<VapidKeys> {
  const file = path.join(dataDir, 'vapid-keys.json');
  try {
    const stored = JSON.parse(await readFile(file, 'utf8')) as VapidKeys;
    if (stored.publicKey && stored.privateKey) return stored;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dataDir, { recursive: true });
  const keys = webpush.generateVAPIDKeys();
  await writeFile(file, JSON.stringify(keys), { mode: 0o600, flag: 'wx' }).catch(async (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EEXIST') throw error;
  });
  return JSON.parse(await readFile(file, 'utf8')) as VapidKeys;
}
