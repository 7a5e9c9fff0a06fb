import { currentTenant, runAsTenant } from '../tenancy/index.js';
import { createGroupCommit } from './group-commit.js';

const ACME = '0f0f0f0f-0000-4000-8000-000000000001';
const GLOBEX = '0f0f0f0f-0000-4000-8000-000000000002';

describe('group commit and tenants', () => {
  test("the commits of one tick are batched per tenant, each batch in its tenant's scope", async () => {
    const batches: { tenant: string; items: string[] }[] = [];
    const commit = createGroupCommit<string, string>({
      single: async (item) => {
        batches.push({ tenant: currentTenant(), items: [item] });
        return item;
      },
      batch: async (items) => {
        batches.push({ tenant: currentTenant(), items: [...items] });
        return [...items];
      },
      keyOf: (item) => item,
    });
    const asked = [
      runAsTenant(ACME, () => commit('a1')), runAsTenant(GLOBEX, () => commit('g1')),
      runAsTenant(ACME, () => commit('a2')), runAsTenant(GLOBEX, () => commit('g2')),
    ];
    expect(await Promise.all(asked)).toEqual(['a1', 'g1', 'a2', 'g2']);
    expect(batches).toEqual([{ tenant: ACME, items: ['a1', 'a2'] }, { tenant: GLOBEX, items: ['g1', 'g2'] }]);
  });
});
