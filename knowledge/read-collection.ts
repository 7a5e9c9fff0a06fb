import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { extractDocument, isReadable, type ExtractedDocument } from './extract-text.js';

/** A document of a collection, by its path inside the collection (`faq/hours.md`). */
export interface CollectionDocument extends ExtractedDocument {
  path: string;
}

/** What a collection folder holds now: its readable documents, and a fingerprint of every file. */
export interface CollectionContent {
  documents: CollectionDocument[];
  fingerprint: string;
}

/**
 * The files of one collection (`<bot>.gbkb/<name>/`, subfolders included). The fingerprint covers
 * every file's path, size and modification time, so an edited, added or removed file makes the
 * collection stale and USE KB indexes it again. Undefined when the folder does not exist.
 */
export async function readCollection(folder: string): Promise<CollectionContent | undefined> {
  const files = await listFiles(folder).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return undefined;
    throw error;
  });
  if (!files) return undefined;
  const hash = createHash('sha256');
  const documents: CollectionDocument[] = [];
  for (const relative of files.sort()) {
    const file = path.join(folder, relative);
    const info = await stat(file);
    hash.update(`${relative}\0${info.size}\0${info.mtimeMs}\n`);
    const document = isReadable(relative) ? extractDocument(relative, await readFile(file, 'utf8')) : undefined;
    if (document) documents.push({ ...document, path: relative.split(path.sep).join('/') });
  }
  return { documents, fingerprint: hash.digest('hex') };
}

async function listFiles(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile() && !e.name.startsWith('.'))
    .map((e) => path.relative(folder, path.join(e.parentPath, e.name)));
}
