import type { InboundMessage } from '../../engine/index.js';
import { startFakeGraph, type FakeGraph } from '../../test/support/fake-graph.js';
import { createGraphAdapter, type GraphAdapter } from './graph-adapter.js';
import { profileName } from './customer-profile.js';
import { createProfileScreen } from './screen-messaging-profile.js';

// page_msg and social_dm name their customers from the provider's user-profile call (docs/crm.md,
// "Names from every channel"), against the fake Graph server.

let graph: FakeGraph;
let page: GraphAdapter;
let social: GraphAdapter;
beforeAll(async () => {
  graph = await startFakeGraph();
  const settings = { apiUrl: graph.url, accessToken: 'EAAG-token', appSecret: 'secret', verifyToken: undefined, allowPrivateNetworks: true };
  page = createGraphAdapter('page_msg', { settings: (bot) => (bot === 'shop' ? settings : undefined) });
  social = createGraphAdapter('social_dm', { settings: (bot) => (bot === 'shop' ? settings : undefined) });
  graph.addProfile('PSID-1', { first_name: 'Maria', last_name: 'Silva', name: 'Maria Silva', profile_pic: 'https://example.test/p.jpg' });
  graph.addProfile('PSID-2', { first_name: 'Ana', last_name: 'Lima' });
  graph.addProfile('IGSID-1', { name: 'Carla Dias', username: 'carla.d' });
  graph.addProfile('IGSID-2', { username: 'bea_insta' });
});
afterAll(async () => graph.close());
beforeEach(() => graph.reset());

const message = (channel: 'page_msg' | 'social_dm', customer: string, bot = 'shop'): InboundMessage => ({
  channel, bot, customer: { external_id: customer }, text: 'hi', attachments: [], received_at: new Date(), raw: {},
});

test('page_msg asks first_name,last_name,name,profile_pic of the PSID; social_dm asks name,username of the IGSID', async () => {
  expect(await page.fetchCustomerName('shop', 'PSID-1')).toBe('Maria Silva');
  expect(await page.fetchCustomerName('shop', 'PSID-2')).toBe('Ana Lima');
  expect(await social.fetchCustomerName('shop', 'IGSID-1')).toBe('Carla Dias');
  expect(await social.fetchCustomerName('shop', 'IGSID-2')).toBe('bea_insta');
  expect(graph.profileCalls().map((r) => [r.path, decodeURIComponent(r.query!), r.authorization])).toEqual([
    ['PSID-1', 'fields=first_name,last_name,name,profile_pic', 'Bearer EAAG-token'],
    ['PSID-2', 'fields=first_name,last_name,name,profile_pic', 'Bearer EAAG-token'],
    ['IGSID-1', 'fields=name,username', 'Bearer EAAG-token'],
    ['IGSID-2', 'fields=name,username', 'Bearer EAAG-token'],
  ]);
  expect(await page.fetchCustomerName('nobody', 'PSID-1')).toBeUndefined();
});

test('the screen names the customer once per bot and customer; later messages come from the cache', async () => {
  const screen = createProfileScreen({ adapter: page });
  const first = await screen(message('page_msg', 'PSID-1'));
  const second = await screen(message('page_msg', 'PSID-1'));
  expect([first?.customer, second?.customer]).toEqual([
    { external_id: 'PSID-1', display_name: 'Maria Silva' }, { external_id: 'PSID-1', display_name: 'Maria Silva' },
  ]);
  expect(graph.profileCalls()).toHaveLength(1);
});

test('a failed profile call never holds the message: it goes on without a name, logged once, and is not asked again at once', async () => {
  const warnings: unknown[] = [];
  const logger = { warn: (...args: unknown[]) => void warnings.push(args) } as never;
  const screen = createProfileScreen({ adapter: social, logger });
  graph.fail({ status: 500, code: 2, message: 'Service temporarily unavailable' });
  const first = await screen(message('social_dm', 'IGSID-1'));
  const unknown = await screen(message('social_dm', 'IGSID-404'));
  const again = await screen(message('social_dm', 'IGSID-1'));
  expect([first?.customer, unknown?.customer, again?.customer]).toEqual([
    { external_id: 'IGSID-1' }, { external_id: 'IGSID-404' }, { external_id: 'IGSID-1' },
  ]);
  expect(graph.profileCalls()).toHaveLength(2); // one attempt each, no retries
  expect(warnings).toHaveLength(2);
});

test('a message that already has a name, or is of another channel, passes untouched', async () => {
  const screen = createProfileScreen({ adapter: page });
  const named = { ...message('page_msg', 'PSID-2'), customer: { external_id: 'PSID-2', display_name: 'Given' } };
  expect(await screen(named)).toBe(named);
  const other = message('social_dm', 'PSID-2');
  expect(await screen(other)).toBe(other);
  expect(graph.profileCalls()).toHaveLength(0);
});

test('profileName: name, else first and last, else username', () => {
  expect([profileName({ name: ' Ana ' }), profileName({ first_name: 'Ana' }), profileName({ username: 'ana' }), profileName({}), profileName(null)])
    .toEqual(['Ana', 'Ana', 'ana', undefined, undefined]);
});
