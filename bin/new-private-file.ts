import { open, type FileHandle } from 'node:fs/promises';
import type { CliIo } from './run-command.js';

/**
 * Opens `path` for a command's output that holds secrets or every row (credentials, a tenant's
 * export): created before anything is read or changed, never over an existing file, readable by
 * the operator only. Undefined, with the reason on stderr, when the file exists.
 */
export async function openNewPrivateFile(path: string, io: CliIo): Promise<FileHandle | undefined> {
  const file = await open(path, 'wx', 0o600).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'EEXIST') return undefined;
    throw error;
  });
  if (!file) io.stderr.write(`${path} already exists: choose a new file\n`);
  return file;
}
