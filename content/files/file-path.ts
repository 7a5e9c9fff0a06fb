import { FilePathError, normalizeFilePath } from '../../basic-interpreter/index.js';
import { ValidationError } from '../../infra/errors.js';

/** A request's file path in the store's form (no leading `/`, no `..`), the same rule as the bots' drives. */
export function filePath(raw: string, allowRoot = false): string {
  try {
    return normalizeFilePath(raw, allowRoot);
  } catch (error) {
    if (error instanceof FilePathError) throw new ValidationError(error.message.replace("the bot's drive", 'the file store'), [{ path: 'path', message: error.message }]);
    throw error;
  }
}

/** The folder holding `path` ('' for the root). */
export function folderOf(path: string): string {
  const cut = path.lastIndexOf('/');
  return cut < 0 ? '' : path.slice(0, cut);
}
