import { startTestService, type TestService } from '../support/service.js';
import { testDrivers } from '../support/drivers.js';

let service: TestService;
beforeAll(async () => { service = await startTestService(); });
afterAll(async () => { await service.dispose(); });

const post = (path: string, body: string, headers: Record<string, string> = {}) =>
  fetch(`${service.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });

describe('health', () => {
  test('GET /healthz says the process is alive', async () => {
    const res = await fetch(`${service.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  test('GET /readyz is 200 when every dependency answers', async () => {
    const res = await fetch(`${service.url}/readyz`);
    const body = (await res.json()) as { status: string; checks: Record<string, string> };
    expect(res.status).toBe(200);
    expect(body.status).toBe('ok');
    expect(body.checks.database).toBe('ok');
    if (testDrivers.redisUrl) expect(body.checks.redis).toBe('ok');
  });
});

describe('JSON errors', () => {
  test('unknown routes give a JSON 404', async () => {
    for (const path of ['/nowhere', '/api/nowhere']) {
      const res = await fetch(`${service.url}${path}`);
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ error: 'not_found', message: expect.stringContaining(path) });
    }
  });

  test('malformed JSON is a 400, not a 500', async () => {
    const res = await post('/api/auth/login', '{"username": ');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'invalid_json' });
  });

  test('a body over 1 MB is refused with 413', async () => {
    const res = await post('/api/auth/login', JSON.stringify({ username: 'x', password: 'y'.repeat(1_100_000) }));
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ error: 'payload_too_large' });
  });

  test('input that fails its zod schema is a 400 naming the field', async () => {
    const res = await post('/api/auth/login', JSON.stringify({ username: 'admin' }));
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: string; issues: { path: string }[] };
    expect(body.error).toBe('validation_error');
    expect(body.issues.map((i) => i.path)).toContain('body.password');
  });
});

describe('request ids', () => {
  test('every response carries one, also in error bodies', async () => {
    const res = await fetch(`${service.url}/api/nowhere`);
    const id = res.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(((await res.json()) as { request_id: string }).request_id).toBe(id);
  });

  test('a caller-supplied id is kept when it looks like one', async () => {
    const res = await fetch(`${service.url}/healthz`, { headers: { 'x-request-id': 'trace-abc.123' } });
    expect(res.headers.get('x-request-id')).toBe('trace-abc.123');
    const bad = await fetch(`${service.url}/healthz`, { headers: { 'x-request-id': 'bad id with spaces' } });
    expect(bad.headers.get('x-request-id')).not.toBe('bad id with spaces');
  });
});

describe('OpenAPI', () => {
  test('GET /api/openapi.json is an OpenAPI 3.1 document built from the routes', async () => {
    const res = await fetch(`${service.url}/api/openapi.json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, Record<string, { security?: unknown }>>; components: { schemas: Record<string, unknown> } };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/auth/login', '/api/users', '/api/users/me']));
    expect(doc.paths['/api/auth/login']!.post!.security).toBeUndefined();
    expect(doc.paths['/api/users']!.get!.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.components.schemas).toHaveProperty('LoginRequest');
    expect(doc.components.schemas).toHaveProperty('ErrorBody');
  });

  test('each route lists the error statuses it can answer, with the shared error body', async () => {
    type Responses = Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }>;
    const doc = (await (await fetch(`${service.url}/api/openapi.json`)).json()) as { paths: Record<string, Record<string, { responses: Responses }>> };
    const statuses = (path: string, method: string) => Object.keys(doc.paths[path]![method]!.responses);
    expect(statuses('/api/attendance/resolve/{session_id}', 'post')).toEqual(expect.arrayContaining(['404', '409']));
    expect(statuses('/api/attendance/kanban/move', 'put')).toEqual(expect.arrayContaining(['409', '413']));
    expect(statuses('/api/attendance/tickets/{id}', 'get')).toContain('404');
    expect(statuses('/api/attendance/tickets/{id}', 'get')).not.toContain('409');
    expect(statuses('/api/channels/web/{bot}/messages', 'post')).toEqual(expect.arrayContaining(['401', '404', '409', '413', '429']));
    expect(statuses('/api/users', 'get')).not.toContain('404');
    expect(statuses('/api/users', 'get')).not.toContain('409');
    expect(statuses('/api/users', 'get')).not.toContain('413');
    expect(doc.paths['/api/attendance/resolve/{session_id}']!.post!.responses['409']!.content!['application/json']!.schema!.$ref)
      .toBe('#/components/schemas/ErrorBody');
  });

  test('GET /api/docs serves the browsable page and its assets locally', async () => {
    const page = await fetch(`${service.url}/api/docs`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('/api/docs/assets/swagger-ui-bundle.js');
    expect(html).not.toMatch(/https?:\/\//);
    const bundle = await fetch(`${service.url}/api/docs/assets/swagger-ui-bundle.js`);
    expect(bundle.status).toBe(200);
    expect((await bundle.text()).length).toBeGreaterThan(100_000);
    const init = await fetch(`${service.url}/api/docs/init.js`);
    expect(await init.text()).toContain('/api/openapi.json');
  });
});

describe('provider webhooks', () => {
  test('a channel with no adapter answers a JSON 404 to GET and POST; the web channel is not a webhook', async () => {
    const get = await fetch(`${service.url}/webhooks/mobile_msg/default?hub.mode=subscribe`);
    expect(get.status).toBe(404);
    expect(await get.json()).toMatchObject({ error: 'not_found' });
    const signed = await post('/webhooks/sms/default', '{"not":"json"', { 'content-type': 'application/json' });
    expect(signed.status).toBe(404);
    const web = await post('/webhooks/web/default', '{}');
    expect(web.status).toBe(400);
    expect(await web.json()).toMatchObject({ error: 'validation_error' });
  });
});
