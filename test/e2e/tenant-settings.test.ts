import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createTestBots, type TestBots } from '../support/bot-packages.js';
import { testDriversLabel } from '../support/drivers.js';
import { callService, type TestService } from '../support/service.js';
import { startServiceWithTenant } from '../support/tenant-kit.js';

/**
 * A tenant's own settings (docs/operations/tenants.md, "Settings"): `BOTS_DIR/tenants/<slug>/config.csv`
 * is what each of its bots starts from, and a bot's own config.csv overrides it key by key; the
 * default tenant's bots and other tenants' are untouched. Seen from the widget's `GET …/info`.
 */

let bots: TestBots;
let service: TestService;

beforeAll(async () => {
  bots = await createTestBots('sb-tenant-settings-');
  await bots.add('home', {});
  await bots.add('acme-desk', {}, undefined, { tenant: 'acme' });
  await bots.add('acme-sales', { language: 'es' }, undefined, { tenant: 'acme' });
  await writeFile(path.join(bots.dir, 'tenants', 'acme', 'config.csv'), 'name,value\nlanguage,pt-BR\nweb-prechat-form,true\n');
  ({ service } = await startServiceWithTenant({ env: { BOTS_DIR: bots.dir }, slug: 'acme' }));
}, 120_000);

afterAll(async () => {
  await service?.dispose();
  await bots?.remove();
});

describe(`a tenant's config.csv (${testDriversLabel()})`, () => {
  test('its bots start from it, a bot\'s own key wins, and the default tenant\'s bot keeps its own settings', async () => {
    const info = async (bot: string) => (await callService<{ language: string | null; prechat_form: boolean }>(service, 'GET', `/api/channels/web/${bot}/info`)).body;
    expect(await info('acme-desk')).toMatchObject({ language: 'pt-BR', prechat_form: true });
    expect(await info('acme-sales')).toMatchObject({ language: 'es', prechat_form: true });
    expect(await info('home')).toMatchObject({ prechat_form: false });
    expect((await info('home')).language).not.toBe('pt-BR');
  });
});
