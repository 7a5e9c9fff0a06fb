import { FilePathError, normalizeFilePath, type FileStore as DriveStore } from '../../basic-interpreter/index.js';
import type { FileStore } from './file-store.js';

const VERSION_SUFFIX = /@v\d+$/;

/**
 * A bot's drive (the BASIC file keywords, docs/basic.md) kept in the file store under
 * `<prefix>/<path>`: with STORAGE_URL set, the objects `<bot>.gbdrive/<path>` of the bucket
 * (docs/content.md, "The bot drive"). The drive has no index or versions: each path is one object,
 * its bytes as written. READ decides how to read a file by its extension, so the objects carry no
 * media type of their own. A name ending in `@v<n>` is refused: it is how the bucket names the
 * versions of the REST files (file-store.ts, versionKey), which a drive write must never replace.
 */
export function createStoreDrive(store: FileStore, prefix: string): DriveStore {
  const key = (path: string) => {
    const relative = normalizeFilePath(path);
    if (VERSION_SUFFIX.test(relative)) throw new FilePathError(`"${path}": a name ending in @v and a number is reserved for file versions`);
    return `${prefix}/${relative}`;
  };
  const existing = async (path: string) => {
    const object = await store.get(key(path));
    if (!object) throw new Error(`no file "${path}" in the bot's drive`);
    return object;
  };
  return {
    read: async (path) => (await store.get(key(path)))?.bytes,
    write: async (path, bytes) => store.put(key(path), { bytes, content_type: 'application/octet-stream', metadata: {} }),
    copy: async (from, to) => store.put(key(to), await existing(from)),
    async move(from, to) {
      await store.put(key(to), await existing(from));
      if (key(from) !== key(to)) await store.delete(key(from));
    },
    async delete(path) {
      const found = (await store.get(key(path))) !== undefined;
      if (found) await store.delete(key(path));
      return found;
    },
    async list(folder) {
      const under = normalizeFilePath(folder, true);
      const keys = await store.list(under === '' ? `${prefix}/` : `${prefix}/${under}/`);
      return keys.map((k) => k.slice(prefix.length + 1));
    },
  };
}
