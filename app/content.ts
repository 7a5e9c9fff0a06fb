import { createContentService, type FileStore, type StorageQuota } from '../content/index.js';
import { createContentFilesRepo, createContentRecordsRepo, type DatabaseHandle } from '../db/index.js';
import type { IdentityProvider } from '../groups/index.js';
import type { Logger } from '../infra/logger.js';
import type { Mailer } from '../infra/mail/index.js';

/** Most groups of one user a share check considers (the identity provider's page). */
const GROUPS_PER_USER = 500;

/**
 * Builds the content area (docs/content.md) once, at the composition root: on the file store picked
 * by STORAGE_URL (made by the caller, since the bots' drives share it), the repositories, and group
 * memberships read from the identity provider.
 */
export function wireContent(w: { store: FileStore; storageQuota: StorageQuota; database: DatabaseHandle; mailer: Mailer; idp: IdentityProvider; logger: Logger }) {
  const { store } = w;
  w.logger.info({ store: store.kind }, 'file store ready');
  const service = createContentService({
    files: createContentFilesRepo(w.database.db),
    records: createContentRecordsRepo(w.database.db),
    store,
    mailer: w.mailer,
    now: () => new Date(),
    // The tenant the write runs for: its max_storage_bytes, its files' and its bots' drives' bytes.
    storageQuota: w.storageQuota,
    // An identity provider that fails grants no group shares for that request: the owner's and user shares still apply.
    groupsOf: async (userId) => {
      try {
        return (await w.idp.listGroups({ memberOf: userId, limit: GROUPS_PER_USER, offset: 0 })).groups.map((g) => g.id);
      } catch (err) {
        w.logger.warn({ err, user: userId }, 'group memberships unavailable: group shares not applied');
        return [];
      }
    },
  });
  return { store, service };
}
