import type { ContentFileRow } from '../../db/index.js';
import { readerOf, type ContentActor } from '../content-actor.js';
import { filePath } from './file-path.js';
import type { FilesDeps } from './files-deps.js';

/** A folder's listing: its sub-folders (that hold a file the actor may see) and its files, or every file below with `recursive`. */
export interface FolderListing {
  folder: string;
  folders: string[];
  files: ContentFileRow[];
}

/** `GET /api/files/list`: what the actor may see in `folder` (the root by default). */
export async function listFiles(deps: FilesDeps, input: { actor: ContentActor; folder?: string; recursive?: boolean }): Promise<FolderListing> {
  const folder = filePath(input.folder ?? '', true);
  const below = await deps.files.listUnder(folder, readerOf(input.actor));
  if (input.recursive) return { folder, folders: [], files: below };
  const folders = new Set<string>();
  const files: ContentFileRow[] = [];
  for (const file of below) {
    if (file.folder === folder) files.push(file);
    else folders.add(file.folder.slice(folder ? folder.length + 1 : 0).split('/')[0]!);
  }
  return { folder, folders: [...folders].sort().map((name) => (folder ? `${folder}/${name}` : name)), files };
}
