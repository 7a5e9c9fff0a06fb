import type { ContentFileRow, ContentFileVersionRow } from '../../db/index.js';
import { NotFoundError } from '../../infra/errors.js';
import { mayRead, type ContentActor } from '../content-actor.js';
import { filePath } from './file-path.js';
import type { FilesDeps } from './files-deps.js';

/** A file the actor may read: its index row, the version asked for (the newest by default) and its bytes. */
export interface ReadFile {
  file: ContentFileRow;
  version: ContentFileVersionRow;
  bytes: Buffer;
}

/** `GET /api/files/{path}`: a file the actor may not read is answered like a missing one. */
export async function readFile(deps: FilesDeps, input: { actor: ContentActor; path: string; version?: number }): Promise<ReadFile> {
  const file = await visibleFile(deps, input.actor, input.path);
  const version = await deps.files.version(file.id, input.version ?? file.version);
  if (!version) throw new NotFoundError(`"${file.path}" has no version ${input.version}`);
  const object = await deps.store.get(version.storage_key);
  if (!object) throw new NotFoundError(`The bytes of "${file.path}" version ${version.version} are missing from the file store`);
  return { file, version, bytes: object.bytes };
}

/** The file's versions, oldest first. */
export async function listFileVersions(deps: FilesDeps, input: { actor: ContentActor; path: string }): Promise<{ file: ContentFileRow; versions: ContentFileVersionRow[] }> {
  const file = await visibleFile(deps, input.actor, input.path);
  return { file, versions: await deps.files.versions(file.id) };
}

export async function visibleFile(deps: FilesDeps, actor: ContentActor, rawPath: string): Promise<ContentFileRow> {
  const path = filePath(rawPath);
  const file = await deps.files.findByPath(path);
  if (!file || !mayRead(actor, file)) throw new NotFoundError(`No file at "${path}"`);
  return file;
}
