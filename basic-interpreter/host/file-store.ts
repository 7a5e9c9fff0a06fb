/**
 * The file store port behind READ, WRITE, COPY, MOVE, DELETE FILE, LIST, UPLOAD and DOWNLOAD:
 * one bot's drive of files (a `.gbdrive`-style folder; script-host/host/folder-file-store.ts). Paths
 * are relative to the drive's root, `/` separated; a leading `/` means the root too. Content is
 * bytes: the conversions to and from script values are in file-content.ts.
 */
export interface FileStore {
  /** The file's bytes, or undefined when there is none. */
  read(path: string): Promise<Buffer | undefined>;
  /** Creates or replaces the file (and the folders on its path). */
  write(path: string, bytes: Buffer): Promise<void>;
  copy(from: string, to: string): Promise<void>;
  move(from: string, to: string): Promise<void>;
  /** Resolves to true when a file was removed. */
  delete(path: string): Promise<boolean>;
  /** The paths of the files under a folder (recursively), sorted. */
  list(folder: string): Promise<string[]>;
  /**
   * The files under a folder with a tag that changes whenever a file does (size and modification
   * time) and their size, without reading them: what ON CHANGE compares. A store without it is
   * compared by its files' bytes.
   */
  describe?(folder: string): Promise<Record<string, { tag: string; size: number }>>;
}

/** A path a script gave that leaves the drive (`../x`) or names nothing. */
export class FilePathError extends Error {
  override readonly name = 'FilePathError';
}

/** The drive-relative form of a script's path: no leading `/`, no `.` or `..` segments, no backslashes. */
export function normalizeFilePath(path: string, allowRoot = false): string {
  const segments: string[] = [];
  for (const segment of path.replace(/\\/g, '/').split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..' || segment.includes('\0')) throw new FilePathError(`"${path}" leaves the bot's drive`);
    segments.push(segment);
  }
  if (segments.length === 0 && !allowRoot) throw new FilePathError(`"${path}" names no file`);
  return segments.join('/');
}
