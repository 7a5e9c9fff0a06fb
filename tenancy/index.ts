export { DEFAULT_TENANT_ID, currentTenant, isTenantId, runAsTenant, scopedTenant } from './tenant-scope.js';
