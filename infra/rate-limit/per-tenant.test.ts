import { DEFAULT_TENANT_ID, runAsTenant } from '../../tenancy/index.js';
import { createMemoryRateLimiter } from './memory-rate-limiter.js';
import { perTenantLimits } from './per-tenant.js';

// The seed's per-account limits count per tenant (docs/operations/tenants.md, "Limits").

const ACME = '11111111-1111-4111-8111-111111111111';
const GLOBEX = '22222222-2222-4222-8222-222222222222';
const ONE_A_DAY = { points: 1, durationSeconds: 86_400 };

test('one account spends one budget in each tenant; the default tenant keeps the keys it always had', async () => {
  const shared = createMemoryRateLimiter();
  const limits = perTenantLimits(shared);
  const spend = async (tenant: string) => (await runAsTenant(tenant, () => limits.consume('broadcast:ann', ONE_A_DAY))).allowed;
  expect([await spend(ACME), await spend(ACME), await spend(GLOBEX)]).toEqual([true, false, true]);
  expect((await limits.consume('broadcast:ann', ONE_A_DAY)).allowed).toBe(true);
  // The default tenant, named or not, is the unprefixed key: what a single-tenant deployment counted before.
  expect(await spend(DEFAULT_TENANT_ID)).toBe(false);
  expect((await shared.peek('broadcast:ann', ONE_A_DAY)).allowed).toBe(false);
  await shared.close();
});
