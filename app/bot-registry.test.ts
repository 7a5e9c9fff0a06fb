import { DEFAULT_TENANT_ID, runAsTenant } from '../tenancy/index.js';
import { createBotRegistry } from './bot-registry.js';
import type { RunnableBot } from './bots.js';

const ACME = '7a1f3c2e-0000-4000-8000-000000000001';
const bot = (id: string, name: string, tenantId: string) => ({ id, name, tenantId }) as unknown as RunnableBot;
const registry = createBotRegistry([
  bot('11111111-0000-4000-8000-000000000001', 'home', DEFAULT_TENANT_ID),
  bot('11111111-0000-4000-8000-000000000002', 'support', DEFAULT_TENANT_ID),
  bot('22222222-0000-4000-8000-000000000001', 'acme-sales', ACME),
  bot('22222222-0000-4000-8000-000000000002', 'support', ACME),
]);
const found = (idOrName: string) => registry.find(idOrName)?.id;

test('find answers the bots of the work\'s tenant only, by id or by name', () => {
  expect([found('home'), found('11111111-0000-4000-8000-000000000001'), found('support')])
    .toEqual(['11111111-0000-4000-8000-000000000001', '11111111-0000-4000-8000-000000000001', '11111111-0000-4000-8000-000000000002']);
  // Outside any scope is the default tenant's work: another tenant's bot is unknown by its id and by its name.
  expect([found('acme-sales'), found('22222222-0000-4000-8000-000000000001')]).toEqual([undefined, undefined]);
  runAsTenant(ACME, () => {
    expect([found('acme-sales'), found('22222222-0000-4000-8000-000000000001'), found('support')])
      .toEqual(['22222222-0000-4000-8000-000000000001', '22222222-0000-4000-8000-000000000001', '22222222-0000-4000-8000-000000000002']);
    expect([found('home'), found('11111111-0000-4000-8000-000000000002')]).toEqual([undefined, undefined]);
    expect(registry.ofTenant.all.map((b) => b.name)).toEqual(['acme-sales', 'support']);
  });
});

test('a public address finds its tenant through named; tenantOf tells any bot\'s tenant, whatever the scope', () => {
  // Outside any scope, a name one tenant uses is that tenant's bot; a name several use is the default tenant's.
  expect(registry.named('acme-sales')?.tenantId).toBe(ACME);
  expect(registry.named('support')?.tenantId).toBe(DEFAULT_TENANT_ID);
  runAsTenant(ACME, () => expect(registry.named('home')).toBeUndefined());
  expect(registry.tenantOf('22222222-0000-4000-8000-000000000002')).toBe(ACME);
  expect(registry.tenantOf('unknown')).toBeUndefined();
});
