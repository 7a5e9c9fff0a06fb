import { createHash } from 'node:crypto';
import { pipeline, Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import type { TenantRow } from '../db/index.js';
import { runAsTenant } from '../tenancy/index.js';
import { findTenant } from './tenant-rules.js';
import type { TenantFileBytes, TenantRowsReader, TenantStore } from './tenants-deps.js';

/** The archive's name and version, on its first line (docs/operations/tenants.md, "Export"). */
export const EXPORT_FORMAT = 'switchboard-tenant-export';
export const EXPORT_VERSION = 1;

/** Rows read per statement: short statements, a few hundred rows in memory at a time. */
const PAGE = 500;
/** Stored files looked up per statement; their bytes are read one at a time. */
const FILE_PAGE = 100;

export interface ExportProgress {
  rows: number;
  files: number;
}

type Deps = { tenants: Pick<TenantStore, 'findById' | 'findBySlug'>; rows: TenantRowsReader; files: TenantFileBytes; now: () => Date };

/**
 * A tenant's archive (docs/operations/tenants.md, "Export"): gzip'd JSON Lines, a header, one line
 * per row of every table with a `tenant_id`, one per stored file with its bytes, and a last line
 * with the count. Read as it is sent, page by page, each page in the tenant's scope so the
 * database's policies give exactly its rows. The tenant is looked up before the stream starts, so
 * an unknown one is an error the caller can still answer (404).
 */
export async function exportTenant(deps: Deps, ref: string, onProgress?: (progress: ExportProgress) => void): Promise<{ tenant: TenantRow; archive: Readable }> {
  const tenant = await findTenant(deps.tenants, ref);
  const lines = Readable.from(archiveLines(deps, tenant, onProgress), { objectMode: false });
  // pipeline: a failed read ends the archive with the error, and a reader that goes away stops the reads.
  const archive = pipeline(lines, createGzip(), () => undefined);
  return { tenant, archive };
}

/** How many rows the archive of `tenant` will hold, for a progress bar. */
export async function countTenantRows(deps: { rows: TenantRowsReader }, tenant: TenantRow): Promise<number> {
  const tables = await deps.rows.tenantTables();
  let total = 0;
  for (const table of tables) total += await runAsTenant(tenant.id, async () => await deps.rows.countRows(table, tenant.id));
  return total;
}

async function* archiveLines(deps: Deps, tenant: TenantRow, onProgress?: (progress: ExportProgress) => void): AsyncGenerator<string> {
  const line = (value: unknown) => `${JSON.stringify(value)}\n`;
  const as = <T>(work: () => Promise<T>) => runAsTenant(tenant.id, work);
  const tables = await deps.rows.tenantTables();
  yield line({ format: EXPORT_FORMAT, version: EXPORT_VERSION, tenant: tenantJson(tenant), tables, exported_at: deps.now().toISOString() });
  const progress: ExportProgress = { rows: 0, files: 0 };
  for (const table of tables) {
    let after: string | undefined;
    do {
      const page = await as(async () => await deps.rows.tablePage(table, tenant.id, after, PAGE));
      for (const row of page.rows) yield line({ table, row });
      progress.rows += page.rows.length;
      onProgress?.({ ...progress });
      after = page.next;
    } while (after !== undefined);
  }
  let afterKey: string | undefined;
  for (;;) {
    const keys = await as(async () => await deps.rows.storedFiles(tenant.id, afterKey, FILE_PAGE));
    for (const key of keys) {
      // In the tenant's scope, where the file store keeps its bytes (app/tenant-files.ts). Bytes whose
      // digest is not the version's are said to have changed, and are not exported as its.
      const stored = await as(() => deps.files.get(key.storage_key));
      const missing = !stored ? 'absent' : createHash('sha256').update(stored.bytes).digest('hex') !== key.sha256 ? 'changed' : undefined;
      yield line(missing || !stored
        ? { file: key.storage_key, missing }
        : { file: key.storage_key, content_type: key.content_type, sha256: key.sha256, base64: stored.bytes.toString('base64') });
      progress.files += 1;
    }
    onProgress?.({ ...progress });
    if (keys.length < FILE_PAGE) break;
    afterKey = keys.at(-1)!.storage_key;
  }
  yield line({ end: true, rows: progress.rows, files: progress.files });
}

/** The tenant as the archive's header and the API show it. */
export function tenantJson(tenant: TenantRow) {
  return {
    id: tenant.id, slug: tenant.slug, name: tenant.name, status: tenant.status,
    max_bots: tenant.max_bots, max_attendants: tenant.max_attendants, max_storage_bytes: tenant.max_storage_bytes,
    created_at: tenant.created_at.toISOString(), suspended_at: tenant.suspended_at?.toISOString() ?? null,
  };
}
