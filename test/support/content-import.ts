import { randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createLocalFileStore, type FileStore } from '../../content/index.js';
import { type ImportTarget } from '../../content/importers/index.js';
import {
  createContentFilesRepo, createContentImportsRepo, createContentRecordsRepo, createUsersRepo, type DatabaseHandle,
} from '../../db/index.js';

/** An import target on a test database: a fresh owner, the content repositories and a file store (a temp folder by default). */
export async function importTarget(database: DatabaseHandle, store?: FileStore) {
  const name = `owner-${randomUUID().slice(0, 8)}`;
  const owner = await createUsersRepo(database.db).insert({ username: name, email: `${name}@example.test`, password_hash: 'x' });
  const records = createContentRecordsRepo(database.db);
  const files = createContentFilesRepo(database.db);
  const target: ImportTarget = {
    owner: { user_id: owner.id, admin: false, groups: [] },
    mail: records.mail, calendar: records.calendar, contacts: records.contacts,
    files: { files, store: store ?? createLocalFileStore(await mkdtemp(path.join(os.tmpdir(), 'sb-files-'))) },
  };
  const reader = { user_id: owner.id, groups: [], all: false };
  return { target, records, files, reader, checkpoints: createContentImportsRepo(database.db), owner };
}
