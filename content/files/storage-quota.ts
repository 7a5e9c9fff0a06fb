import { ConflictError } from '../../infra/errors.js';

/**
 * A tenant's `max_storage_bytes` and what counts against it (docs/operations/tenants.md, "Quotas"):
 * every version of its files and every file of its bots' drives. Given at the composition root;
 * each read is the scope's tenant's.
 */
export interface StorageQuota {
  /** The scope's tenant's `max_storage_bytes`; null is no limit. */
  limit(): Promise<number | null>;
  /** The bytes of every version of the scope's tenant's files (their index rows' sizes). */
  fileBytes(): Promise<number>;
  /** The size of each file of the scope's tenant's bots' drives, by `<bot>.gbdrive/<path>` (read from the drives: they have no index). */
  driveSizes(): Promise<ReadonlyMap<string, number>>;
}

/**
 * What a write would store: `adding` bytes, or as many as the drive file it copies (`copying`, a
 * drive key); a drive file it replaces (`replacing`) frees its own.
 */
export type StorageWrite = { adding: number; replacing?: string } | { copying: string; replacing: string };

/**
 * Refuses a write that would take the tenant past its `max_storage_bytes`: 409 `quota_exceeded`
 * with `quota`, `limit` and `used` (what the tenant stores now), before anything is stored. No
 * quota, or no limit, reads nothing else.
 */
export async function assertStorageRoom(quota: StorageQuota | undefined, write: StorageWrite): Promise<void> {
  const limit = (await quota?.limit()) ?? null;
  if (quota === undefined || limit === null) return;
  const [files, drives] = await Promise.all([quota.fileBytes(), quota.driveSizes()]);
  let used = files;
  for (const size of drives.values()) used += size;
  const adding = 'adding' in write ? write.adding : drives.get(write.copying) ?? 0;
  const freed = write.replacing === undefined ? 0 : drives.get(write.replacing) ?? 0;
  if (used - freed + adding > limit) {
    throw new ConflictError(
      `The tenant's files would take ${used - freed + adding} bytes, over its max_storage_bytes of ${limit}`, 'quota_exceeded', { quota: 'max_storage_bytes', limit, used },
    );
  }
}
