/**
 * The file store port (docs/content.md, "Files"): where the bytes of every file version live.
 * The index of paths, folders, owners and versions is in the database (db/content-files-repo.ts);
 * a store only keeps objects by key, each with its content type and metadata. Two drivers pass the
 * same contract suite (test/integration/content-files-s3.test.ts): a folder under DATA_DIR
 * (the default) and any S3-compatible storage (STORAGE_URL).
 */

/** One stored object: bytes, their media type and string metadata (S3 user metadata). */
export interface StoredObject {
  bytes: Buffer;
  content_type: string;
  metadata: Record<string, string>;
}

export interface FileStore {
  /** `local` or `s3`, for logs and readiness. */
  readonly kind: 'local' | 's3';
  /** Creates or replaces the object at `key` (`/`-separated, no leading `/`). */
  put(key: string, object: StoredObject): Promise<void>;
  /** The object, or undefined when there is none. */
  get(key: string): Promise<StoredObject | undefined>;
  /** Removes the object; nothing happens when there is none. */
  delete(key: string): Promise<void>;
  /** The keys that start with `prefix`, sorted. */
  list(prefix: string): Promise<string[]>;
  /**
   * The size in bytes of each object whose key starts with `prefix`, by key: what a tenant's
   * `max_storage_bytes` counts of its bots' drives, which have no index rows to sum
   * (docs/operations/tenants.md, "Quotas").
   */
  sizes(prefix: string): Promise<Map<string, number>>;
  /** Readiness: resolves when the store can be reached. */
  ping(): Promise<void>;
}

/**
 * The key of one version of the file at `path`: `<path>@v<n>`. A suffix rather than a folder, so
 * a file `a` and a file `a/b` never need `a` to be both an object and a folder.
 */
export function versionKey(path: string, version: number): string {
  return `${path}@v${version}`;
}
