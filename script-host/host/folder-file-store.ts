/**
 * A bot's drive as a folder (`<DATA_DIR>/drive/<bot>.gbdrive` in the server): the file store
 * behind READ, WRITE, COPY, MOVE, DELETE FILE, LIST, UPLOAD and DOWNLOAD … , path. Paths are
 * checked by normalizeFilePath (never outside the folder); content is bytes, so binary files
 * are kept exactly.
 */
import { copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { normalizeFilePath, type FileStore } from '../../basic-interpreter/index.js';

export function createFolderFileStore(root: string): FileStore {
  const full = (relative: string, allowRoot = false): string => path.join(root, ...normalizeFilePath(relative, allowRoot).split('/'));
  const ensureParent = (file: string) => mkdir(path.dirname(file), { recursive: true });
  const missing = (error: unknown): boolean => (error as NodeJS.ErrnoException).code === 'ENOENT';

  const store: FileStore = {
    async read(relative) {
      try {
        return await readFile(full(relative));
      } catch (error) {
        if (missing(error)) return undefined;
        throw error;
      }
    },
    async write(relative, bytes) {
      const file = full(relative);
      await ensureParent(file);
      await writeFile(file, bytes);
    },
    async copy(from, to) {
      const target = full(to);
      await ensureParent(target);
      await copyFile(full(from), target);
    },
    async move(from, to) {
      const target = full(to);
      await ensureParent(target);
      await rename(full(from), target);
    },
    async delete(relative) {
      const file = full(relative);
      const exists = await stat(file).then((s) => s.isFile(), () => false);
      if (exists) await rm(file);
      return exists;
    },
    async list(folder) {
      const base = full(folder, true);
      try {
        const entries = await readdir(base, { recursive: true, withFileTypes: true });
        return entries
          .filter((e) => e.isFile())
          .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
          .sort();
      } catch (error) {
        if (missing(error)) return [];
        throw error;
      }
    },
    async describe(folder) {
      const described: Record<string, { tag: string; size: number }> = {};
      for (const file of await store.list(folder)) {
        const info = await stat(full(file)).catch((error: unknown) => (missing(error) ? undefined : Promise.reject(error)));
        if (info) described[file] = { tag: `${info.size}-${info.mtimeMs}`, size: info.size };
      }
      return described;
    },
  };
  return store;
}
