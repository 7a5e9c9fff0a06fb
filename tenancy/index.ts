export { DEFAULT_TENANT_ID, currentTenant, runAsTenant, scopedTenant } from './tenant-scope.js';
