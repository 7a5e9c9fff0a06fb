import { notificationsClient } from '../support/notifications-client.js';
import { startTestService, type TestService } from '../support/service.js';
import { testDriversLabel } from '../support/drivers.js';

const BASE = '/api/v1/notifications';
let service: TestService;
let client: ReturnType<typeof notificationsClient>;

beforeAll(async () => {
  service = await startTestService({ NOTIFICATIONS_SEND_LIMIT_PER_HOUR: '2', NOTIFICATIONS_TEMPLATE_LIMIT_PER_DAY: '1', NOTIFICATIONS_BROADCAST_LIMIT_PER_DAY: '1' });
  client = notificationsClient(service.url);
});
afterAll(async () => {
  await service?.dispose();
});

describe(`limits (docs/notifications.md, configurable; ${testDriversLabel()})`, () => {
  it('answers 429 with limit, window and retry_after once a user has sent their hourly allowance', async () => {
    const user = await client.createUser('limited');
    const body = { recipients: [user.id], title: 't', message: 'm' };
    expect((await client.call('POST', `${BASE}/send`, user.headers, body)).status).toBe(202);
    expect((await client.call('POST', `${BASE}/send`, user.headers, body)).status).toBe(202);
    const refused = await client.call('POST', `${BASE}/send`, user.headers, body);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ error: 'rate_limit_exceeded', limit: 2, window: '1h', retry_after: expect.any(Number) });
    expect(refused.body.retry_after).toBeGreaterThan(0);
    expect(refused.headers.get('retry-after')).toBe(String(refused.body.retry_after));
    // The limit is per user: another sender still has theirs.
    const other = await client.createUser('unlimited');
    expect((await client.call('POST', `${BASE}/send`, other.headers, { ...body, recipients: [other.id] })).status).toBe(202);
  });

  it('limits broadcasts per account and day', async () => {
    const admin = await client.adminAuth();
    const body = { target: 'all', message: { title: 't', body: 'b' } };
    expect((await client.call('POST', `${BASE}/broadcast`, admin, body)).status).toBe(202);
    const refused = await client.call('POST', `${BASE}/broadcast`, admin, body);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ error: 'rate_limit_exceeded', limit: 1, window: '1d', retry_after: expect.any(Number) });
  });

  it('limits template creation per account and day', async () => {
    const user = await client.createUser('author1');
    const template = (name: string) => ({ name, title: 't', body: 'b', channels: ['in_app'] });
    expect((await client.call('POST', `${BASE}/templates`, user.headers, template('first'))).status).toBe(201);
    const refused = await client.call('POST', `${BASE}/templates`, user.headers, template('second'));
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ error: 'rate_limit_exceeded', limit: 1, window: '1d' });
  });
});
