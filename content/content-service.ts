import type { ContentFilesRepo, ContentRecordsRepo } from '../db/index.js';
import type { Mailer } from '../infra/mail/index.js';
import { createActorResolver, type GroupsOfUser } from './content-actor.js';
import type { FileStore, StorageQuota } from './files/index.js';
import { shareRecord, type ShareableKind, type ShareableStore } from './sharing/share-record.js';

/** What the content area is built from at the composition root (app/main.ts). */
export interface ContentWiring {
  files: ContentFilesRepo;
  records: ContentRecordsRepo;
  store: FileStore;
  mailer: Mailer;
  /** The groups a user belongs to at the identity provider (group shares). */
  groupsOf: GroupsOfUser;
  now: () => Date;
  /** The scope's tenant's storage quota, its files' and its bots' drives' bytes (docs/operations/tenants.md, "Quotas"). */
  storageQuota: StorageQuota;
}

/**
 * The content area's dependencies, built once: each use case takes the narrow part it needs
 * (`deps.files`, `deps.mail`…), and `actor` turns a signed-in principal into a ContentActor.
 */
export function createContentService(w: ContentWiring) {
  const shareable: Record<ShareableKind, ShareableStore> = {
    files: w.files, mail: w.records.mail, events: w.records.calendar, contacts: w.records.contacts, tasks: w.records.tasks,
  };
  return {
    actor: createActorResolver(w.groupsOf),
    files: { files: w.files, store: w.store, storageQuota: w.storageQuota },
    mail: { mail: w.records.mail, mailer: w.mailer, now: w.now },
    calendar: { calendar: w.records.calendar },
    contacts: { contacts: w.records.contacts },
    tasks: { tasks: w.records.tasks },
    share: (input: Parameters<typeof shareRecord>[1]) => shareRecord(shareable, input),
  };
}

export type ContentService = ReturnType<typeof createContentService>;
