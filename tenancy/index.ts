export { DEFAULT_TENANT_ID, currentTenant, isTenantId, nonDefaultTenant, runAsTenant, scopedTenant } from './tenant-scope.js';
