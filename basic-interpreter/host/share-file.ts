import { createHash } from 'node:crypto';
import type { EffectBody } from './effects.js';
import { valueToBytes } from './file-content.js';
import { normalizeFilePath, type FileStore } from './file-store.js';
import type { Value } from '../values.js';

/** Where SEND FILE keeps a file value it sends: one folder per content, so a link never serves other bytes. */
export const SENT_FOLDER = 'sent';

/**
 * SEND FILE of a drive file (docs/basic.md, "Compatibility"): a file value is first written to
 * the drive under `sent/<hash>/<name>`; a drive path must name a file. Resolves to `{url, name}`,
 * the link the host gives for that path.
 */
export async function shareFile(
  files: FileStore, links: ((path: string) => string | Promise<string>) | undefined, effect: Extract<EffectBody, { type: 'file.share' }>,
): Promise<Value> {
  if (links === undefined) throw new Error('not available: SEND FILE of a drive file (this host gives drive files no link; send a file at an http(s) URL)');
  let path: string;
  if ('content' in effect) {
    const bytes = valueToBytes(effect.content);
    path = sentPath(effect.content.name, bytes);
    await files.write(path, bytes);
  } else {
    path = normalizeFilePath(effect.path);
    if ((await files.read(path)) === undefined) throw new Error(`SEND FILE: no file "${path}" in the bot's drive`);
  }
  return { url: await links(path), name: path.slice(path.lastIndexOf('/') + 1) };
}

/** `sent/<first 16 hex of the bytes' sha256>/<name>`, the name made a single safe path segment. */
function sentPath(fileName: string, bytes: Buffer): string {
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
  const name = fileName.replace(/[/\\\0]/g, '_').trim();
  return `${SENT_FOLDER}/${hash}/${name === '' || name === '.' || name === '..' ? 'file' : name}`;
}
