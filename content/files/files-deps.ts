import type { ContentFilesRepo } from '../../db/index.js';
import type { FileStore } from './file-store.js';
import type { StorageQuota } from './storage-quota.js';

/** What the file use cases need: the index (database) and the bytes (file store). */
export interface FilesDeps {
  files: Pick<ContentFilesRepo, 'get' | 'findByPath' | 'listUnder' | 'versions' | 'version' | 'latestVersion' | 'bySourceVersion' | 'addVersion' | 'share'>;
  store: FileStore;
  /** The scope's tenant's `max_storage_bytes` and what counts against it, given at the composition root (docs/operations/tenants.md, "Quotas"). */
  storageQuota?: StorageQuota;
}
