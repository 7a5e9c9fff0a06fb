/**
 * The tenant lifecycle (docs/operations/tenants.md, "Lifecycle"): create, list, change quotas,
 * suspend and resume, export, delete, and users' memberships. Which tenant a request runs for is
 * `tenancy/`'s; the rows' isolation is the database's (migration 0036).
 */
export { createTenantsApi, type TenantsApi, type TenantsWiring } from './tenants-api.js';
export type { CreateTenantInput } from './create-tenant.js';
export type { UpdateTenantInput } from './update-tenant.js';
export type { PutMemberInput } from './tenant-members.js';
export { EXPORT_FORMAT, EXPORT_VERSION, tenantJson, type ExportProgress } from './export-tenant.js';
export { TENANT_SLUG } from './tenant-rules.js';
export type { TenantFileBytes, UserLookup } from './tenants-deps.js';
export type { TenantRow, TenantMembershipRow } from '../db/index.js';
