import { createHash } from 'node:crypto';
import type { ContentFileRow, ContentFileVersionRow } from '../../db/index.js';
import { ValidationError } from '../../infra/errors.js';
import { DEFAULT_MEDIA_TYPE, normalizeMediaType } from '../../infra/media-type.js';
import { assertMayChange, type ContentActor } from '../content-actor.js';
import { versionKey } from './file-store.js';
import { filePath, folderOf } from './file-path.js';
import type { FilesDeps } from './files-deps.js';
import { assertStorageRoom } from './storage-quota.js';

export interface WriteFileInput {
  actor: ContentActor;
  path: string;
  bytes: Buffer;
  /** A media type (infra/media-type.ts), kept in its normal form; application/octet-stream when absent. */
  content_type?: string;
  metadata?: Record<string, string>;
  /** The source's id of this version (imports): a re-run that finds it among the file's versions writes nothing. */
  source_version?: string;
  /** When the source made this version (imports keep it). */
  created_at?: Date;
}

/**
 * Writes a new version of the file at `path` (`POST /api/files/write`, the s3 importer). A new
 * path is the actor's file; an existing one may be replaced by its owner or an admin only.
 * Identical bytes and metadata as the newest version write nothing, so re-runs add no versions.
 * A content type that is not a media type is refused (ValidationError) before anything is stored:
 * it would be every download's Content-Type header (docs/content.md, "Content types").
 */
export async function writeFile(deps: FilesDeps, input: WriteFileInput): Promise<{ file: ContentFileRow; version: ContentFileVersionRow; written: boolean }> {
  const path = filePath(input.path);
  const metadata = input.metadata ?? {};
  const contentType = contentTypeOf(input.content_type);
  const sha256 = createHash('sha256').update(input.bytes).digest('hex');
  const existing = await deps.files.findByPath(path);
  if (existing) {
    assertMayChange(input.actor, existing, `"${path}"`);
    // A source version already taken (an import's re-run, or an older version met again) is not added twice.
    const taken = input.source_version ? await deps.files.bySourceVersion(existing.id, input.source_version) : undefined;
    if (taken) return { file: existing, version: taken, written: false };
    const latest = await deps.files.latestVersion(existing.id);
    const same = latest && latest.sha256 === sha256 && latest.content_type === contentType && sameMetadata(latest.metadata, metadata);
    if (latest && same) return { file: existing, version: latest, written: false };
  }
  await assertStorageRoom(deps.storageQuota, { adding: input.bytes.length });
  const next = (existing?.version ?? 0) + 1;
  const storageKey = versionKey(path, next);
  // Bytes first: a crash before the index row leaves an unreferenced object, never a row without bytes.
  await deps.store.put(storageKey, { bytes: input.bytes, content_type: contentType, metadata });
  const result = await deps.files.addVersion({
    path, folder: folderOf(path), owner_id: existing?.owner_id ?? input.actor.user_id, storage_key: storageKey, content_type: contentType,
    size: input.bytes.length, sha256, metadata, ...(input.source_version ? { source_version: input.source_version } : {}),
    ...(input.created_at ? { created_at: input.created_at } : {}),
  });
  return { ...result, written: true };
}

function contentTypeOf(given: string | undefined): string {
  if (given === undefined) return DEFAULT_MEDIA_TYPE;
  const normal = normalizeMediaType(given);
  if (normal === undefined) throw new ValidationError('Invalid content_type: not a media type (type/subtype)', [{ path: 'content_type', message: 'not a media type' }]);
  return normal;
}

function sameMetadata(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
}
