import type { FileStore } from '../content/index.js';
import { DEFAULT_TENANT_ID, scopedTenant } from '../tenancy/index.js';

/** A key in another tenant's folder of the store. */
const TENANT_KEY = /^tenants\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\//;

/**
 * The file store as the tenant of the work at hand sees it (docs/operations/tenants.md, "Files"):
 * a tenant other than the default one reads and writes its keys under `tenants/<id>/`, so two
 * tenants' files at the same path, or two tenants' bots of the same name with their drives,
 * never share bytes. The keys the rest of the code holds (a version's `storage_key`, a drive
 * path) stay as they are; the default tenant's keys are where they always were, and its listings
 * leave the other tenants' folders out.
 */
export function filesByTenant(store: FileStore): FileStore {
  const prefix = () => tenantFolder(scopedTenant()).map((segment) => `${segment}/`).join('');
  return {
    kind: store.kind,
    put: (key, object) => store.put(prefix() + key, object),
    get: (key) => store.get(prefix() + key),
    delete: (key) => store.delete(prefix() + key),
    async list(keyPrefix) {
      const own = prefix();
      const keys = await store.list(own + keyPrefix);
      return own ? keys.map((key) => key.slice(own.length)) : keys.filter((key) => !TENANT_KEY.test(key));
    },
    async sizes(keyPrefix) {
      const own = prefix();
      const sizes = await store.sizes(own + keyPrefix);
      return new Map([...sizes].flatMap(([key, size]) => (own ? [[key.slice(own.length), size]] : TENANT_KEY.test(key) ? [] : [[key, size]])));
    },
    ping: () => store.ping(),
  };
}

/** The folder of a tenant's own objects, as path segments: none for the default tenant (or no tenant). */
export function tenantFolder(tenantId: string | undefined): string[] {
  return tenantId === undefined || tenantId === DEFAULT_TENANT_ID ? [] : ['tenants', tenantId];
}
