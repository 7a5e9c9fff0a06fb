import { and, asc, desc, eq, or, sql } from 'drizzle-orm';
import type { Database } from './connection.js';
import { visibleTo, type ContentReader, type SharingChange } from './content-visibility.js';
import { contentFiles, contentFileVersions } from './schema/index.js';
import { isUuid } from './uuid.js';

export type ContentFileRow = typeof contentFiles.$inferSelect;
export type ContentFileVersionRow = typeof contentFileVersions.$inferSelect;

/** A new version of the file at `path`, its bytes already in the file store under `storage_key`. */
export interface NewFileVersion {
  path: string;
  folder: string;
  owner_id: string;
  storage_key: string;
  content_type: string;
  size: number;
  sha256: string;
  metadata: Record<string, string>;
  source_version?: string;
  /** When the source made this version (imports keep it); now when absent. */
  created_at?: Date;
}

/** Reads and writes of the file index (db/schema/content.ts): files and their versions. */
export function createContentFilesRepo(db: Database) {
  return {
    async findByPath(path: string): Promise<ContentFileRow | undefined> {
      const [row] = await db.select().from(contentFiles).where(eq(contentFiles.path, path));
      return row;
    },

    async get(id: string): Promise<ContentFileRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db.select().from(contentFiles).where(eq(contentFiles.id, id));
      return row;
    },

    /** Files in `folder` and below, visible to `reader`, by path. */
    async listUnder(folder: string, reader: ContentReader): Promise<ContentFileRow[]> {
      const inFolder = folder === '' ? undefined : or(eq(contentFiles.folder, folder), sql`starts_with(${contentFiles.folder}, ${`${folder}/`})`);
      return db.select().from(contentFiles).where(and(inFolder, visibleTo(contentFiles, reader))).orderBy(asc(contentFiles.path));
    },

    async versions(fileId: string): Promise<ContentFileVersionRow[]> {
      return db.select().from(contentFileVersions).where(eq(contentFileVersions.file_id, fileId)).orderBy(asc(contentFileVersions.version));
    },

    async version(fileId: string, version: number): Promise<ContentFileVersionRow | undefined> {
      const [row] = await db.select().from(contentFileVersions)
        .where(and(eq(contentFileVersions.file_id, fileId), eq(contentFileVersions.version, version)));
      return row;
    },

    /** The version of a file that an import took from the source's version `sourceVersion`, if any. */
    async bySourceVersion(fileId: string, sourceVersion: string): Promise<ContentFileVersionRow | undefined> {
      const [row] = await db.select().from(contentFileVersions)
        .where(and(eq(contentFileVersions.file_id, fileId), eq(contentFileVersions.source_version, sourceVersion)));
      return row;
    },

    /** The newest version, for the importers' "already there" check. */
    async latestVersion(fileId: string): Promise<ContentFileVersionRow | undefined> {
      const [row] = await db.select().from(contentFileVersions).where(eq(contentFileVersions.file_id, fileId)).orderBy(desc(contentFileVersions.version)).limit(1);
      return row;
    },

    /** The bytes every version of every file holds, in the scope's tenant (what its `max_storage_bytes` counts). */
    async storedBytes(): Promise<number> {
      const [row] = await db.select({ bytes: sql<string>`coalesce(sum(${contentFileVersions.size}), 0)` }).from(contentFileVersions);
      return Number(row?.bytes ?? 0);
    },

    /** Adds a version (the file's first creates it); one transaction, so the file never points at a missing version. */
    async addVersion(input: NewFileVersion): Promise<{ file: ContentFileRow; version: ContentFileVersionRow }> {
      return db.transaction(async (tx) => {
        const at = input.created_at ?? new Date();
        // A path is unique in its tenant (migration 0036), a key drizzle's schema does not name: a new
        // version of the file, else the file, else (another writer created it meanwhile) its new version.
        const nextVersion = () => tx.update(contentFiles)
          .set({ version: sql`${contentFiles.version} + 1`, content_type: input.content_type, size: input.size, metadata: input.metadata, updated_at: at })
          .where(eq(contentFiles.path, input.path)).returning();
        let [file] = await nextVersion();
        if (!file) {
          [file] = await tx.insert(contentFiles).values({
            path: input.path, folder: input.folder, owner_id: input.owner_id, version: 1, content_type: input.content_type,
            size: input.size, metadata: input.metadata, created_at: at, updated_at: at,
          }).onConflictDoNothing().returning();
        }
        if (!file) [file] = await nextVersion();
        const [version] = await tx.insert(contentFileVersions).values({
          file_id: file!.id, version: file!.version, storage_key: input.storage_key, content_type: input.content_type, size: input.size,
          sha256: input.sha256, metadata: input.metadata, source_version: input.source_version ?? null, created_at: at,
        }).returning();
        return { file: file!, version: version! };
      });
    },

    async share(id: string, change: SharingChange): Promise<ContentFileRow | undefined> {
      const [row] = await db.update(contentFiles).set({ ...change, updated_at: new Date() }).where(eq(contentFiles.id, id)).returning();
      return row;
    },
  };
}

export type ContentFilesRepo = ReturnType<typeof createContentFilesRepo>;
