import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FileStore, StoredObject } from './file-store.js';

/**
 * The default file store: a folder (`<DATA_DIR>/files`). Bytes are under `objects/<key>`, each
 * object's content type and metadata beside them as JSON under `meta/<key>.json`, so the object
 * tree mirrors the files' folder structure.
 */
export function createLocalFileStore(root: string): FileStore {
  const objectPath = (key: string) => path.join(root, 'objects', ...segments(key));
  const metaPath = (key: string) => `${path.join(root, 'meta', ...segments(key))}.json`;
  const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';
  const keysUnder = async (prefix: string): Promise<string[]> => {
    const base = path.join(root, 'objects');
    try {
      const entries = await readdir(base, { recursive: true, withFileTypes: true });
      return entries.filter((e) => e.isFile())
        .map((e) => path.relative(base, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
        .filter((key) => key.startsWith(prefix));
    } catch (error) {
      if (missing(error)) return [];
      throw error;
    }
  };
  return {
    kind: 'local',
    async put(key, object) {
      await mkdir(path.dirname(objectPath(key)), { recursive: true });
      await mkdir(path.dirname(metaPath(key)), { recursive: true });
      await writeFile(objectPath(key), object.bytes);
      await writeFile(metaPath(key), JSON.stringify({ content_type: object.content_type, metadata: object.metadata }));
    },
    async get(key) {
      try {
        const [bytes, meta] = await Promise.all([readFile(objectPath(key)), readFile(metaPath(key), 'utf8')]);
        return { bytes, ...(JSON.parse(meta) as Omit<StoredObject, 'bytes'>) };
      } catch (error) {
        if (missing(error)) return undefined;
        throw error;
      }
    },
    async delete(key) {
      await rm(objectPath(key), { force: true });
      await rm(metaPath(key), { force: true });
    },
    async list(prefix) {
      return (await keysUnder(prefix)).sort();
    },
    async sizes(prefix) {
      const sizes = new Map<string, number>();
      for (const key of await keysUnder(prefix)) {
        // An object deleted since the listing is no longer there to count.
        const info = await stat(objectPath(key)).catch((error: unknown) => (missing(error) ? undefined : Promise.reject(error)));
        if (info) sizes.set(key, info.size);
      }
      return sizes;
    },
    async ping() {
      await mkdir(root, { recursive: true });
      await stat(root);
    },
  };
}

/** A key's segments; `..` and empty segments never reach the disk (keys come from normalised paths). */
function segments(key: string): string[] {
  const parts = key.split('/');
  if (parts.some((p) => p === '' || p === '.' || p === '..')) throw new Error(`invalid file store key "${key}"`);
  return parts;
}
