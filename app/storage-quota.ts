import type { FileStore, StorageQuota } from '../content/index.js';
import { createContentFilesRepo, createTenantsRepo, type Database } from '../db/index.js';
import { createFolderFileStore } from '../script-host/index.js';
import { currentTenant } from '../tenancy/index.js';
import type { RunnableBot } from './bots.js';
import { driveFolder, localDrivePath } from './script-host.js';

/**
 * What a tenant's `max_storage_bytes` counts (docs/operations/tenants.md, "Quotas"), for the tenant
 * the work at hand is for: the versions of its files, summed from their index rows, and the files
 * of its bots' drives, read from where botDrives keeps them (app/script-host.ts) since a drive has
 * no index: each bot's folder under the data directory, or its objects in the bucket.
 */
export function tenantStorageQuota(deps: {
  db: Database; dataDir: string; storage: FileStore;
  /** The bots of the work's tenant (the registry's `ofTenant.all`). */
  bots: () => readonly Pick<RunnableBot, 'name' | 'tenantId'>[];
}): StorageQuota {
  const tenants = createTenantsRepo(deps.db);
  const files = createContentFilesRepo(deps.db);
  return {
    limit: async () => (await tenants.findById(currentTenant()))?.max_storage_bytes ?? null,
    fileBytes: () => files.storedBytes(),
    async driveSizes() {
      const sizes = new Map<string, number>();
      for (const bot of deps.bots()) {
        const folder = driveFolder(bot.name);
        if (deps.storage.kind === 's3') {
          for (const [key, size] of await deps.storage.sizes(`${folder}/`)) sizes.set(key, size);
          continue;
        }
        const described = await createFolderFileStore(localDrivePath(deps.dataDir, bot.tenantId, bot.name)).describe?.('') ?? {};
        for (const [file, { size }] of Object.entries(described)) sizes.set(`${folder}/${file}`, size);
      }
      return sizes;
    },
  };
}
