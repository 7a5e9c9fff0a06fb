import { normalizeFilePath, type FileStore as DriveStore } from '../../basic-interpreter/index.js';
import { assertStorageRoom, type StorageQuota } from './storage-quota.js';

/**
 * A bot's drive whose writes count against its tenant's `max_storage_bytes`
 * (docs/operations/tenants.md, "Quotas"): a WRITE, COPY, UPLOAD, a visitor's upload… that would
 * pass it is refused, 409 `quota_exceeded`, before a byte is written; a file written over frees
 * its old bytes. `folder` is the drive's `<bot>.gbdrive`, as the quota's sizes name its files.
 * MOVE and DELETE FILE store nothing new.
 */
export function quotaDrive(drive: DriveStore, folder: string, quota: StorageQuota): DriveStore {
  const key = (path: string) => `${folder}/${normalizeFilePath(path)}`;
  return {
    read: (path) => drive.read(path),
    async write(path, bytes) {
      await assertStorageRoom(quota, { adding: bytes.length, replacing: key(path) });
      await drive.write(path, bytes);
    },
    async copy(from, to) {
      await assertStorageRoom(quota, { copying: key(from), replacing: key(to) });
      await drive.copy(from, to);
    },
    move: (from, to) => drive.move(from, to),
    delete: (path) => drive.delete(path),
    list: (path) => drive.list(path),
    ...(drive.describe ? { describe: drive.describe.bind(drive) } : {}),
  };
}
