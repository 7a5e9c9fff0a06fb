import { bearerFor, startTestService, TEST_ADMIN, type TestService } from '../support/service.js';

let service: TestService;
let admin: { authorization: string };
beforeAll(async () => {
  service = await startTestService();
  admin = await bearerFor(service.url, TEST_ADMIN.username, TEST_ADMIN.password);
});
afterAll(async () => { await service.dispose(); });

const call = (method: string, path: string, { body, headers = {} }: { body?: unknown; headers?: Record<string, string> } = {}) =>
  fetch(`${service.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

describe('login', () => {
  test('the first start created the admin from ADMIN_EMAIL/ADMIN_PASSWORD; login by username or email', async () => {
    for (const who of [{ username: TEST_ADMIN.username }, { email: TEST_ADMIN.email }]) {
      const res = await call('POST', '/api/auth/login', { body: { ...who, password: TEST_ADMIN.password } });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { access_token: string; token_type: string; expires_in: number };
      expect(body.token_type).toBe('Bearer');
      expect(body.expires_in).toBe(8 * 3600);
      expect(body.access_token.split('.')).toHaveLength(3);
    }
  });

  test('a wrong password and an unknown user get the same 401', async () => {
    const wrong = await call('POST', '/api/auth/login', { body: { username: TEST_ADMIN.username, password: 'nope-nope' } });
    const unknown = await call('POST', '/api/auth/login', { body: { username: 'ghost', password: 'nope-nope' } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const [a, b] = (await Promise.all([wrong.json(), unknown.json()])) as { error: string; message: string }[];
    expect(a).toMatchObject({ error: 'unauthorized', message: 'Invalid credentials' });
    expect(b).toMatchObject({ error: 'unauthorized', message: 'Invalid credentials' });
  });
});

describe('bearer tokens', () => {
  test('an /api route without a token is 401 {error:"unauthorized"}', async () => {
    const res = await call('GET', '/api/users/me');
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: 'unauthorized' });
  });

  test('a forged or malformed token is 401', async () => {
    const [h, p] = admin.authorization.slice(7).split('.');
    for (const token of [`${h}.${p}.forged-signature`, 'not-a-jwt', '']) {
      const res = await call('GET', '/api/users/me', { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(401);
    }
  });

  test('a token from another secret is 401', async () => {
    const { createTokenIssuer } = await import('../../auth/index.js');
    const other = createTokenIssuer(new TextEncoder().encode('x'.repeat(40)), 60);
    const { access_token } = await other.issue({ user_id: '00000000-0000-4000-8000-000000000000', username: 'admin', roles: ['admin'] });
    const res = await call('GET', '/api/users', { headers: { authorization: `Bearer ${access_token}` } });
    expect(res.status).toBe(401);
  });
});

describe('users and roles', () => {
  const attendant = { username: 'ana', email: 'Ana@Example.test', password: 'attendant-pass', roles: ['attendant'] };

  test('an admin creates users; the password hash never leaves the server', async () => {
    const res = await call('POST', '/api/users', { body: attendant, headers: admin });
    expect(res.status).toBe(201);
    const user = (await res.json()) as Record<string, unknown>;
    expect(user).toMatchObject({ username: 'ana', email: 'ana@example.test', roles: ['attendant'], is_active: true, is_admin: false });
    expect(user).not.toHaveProperty('password_hash');
    expect(JSON.stringify(user)).not.toContain('argon2');
  });

  test('a duplicate username or email is 409', async () => {
    const res = await call('POST', '/api/users', { body: { ...attendant, username: 'ana2' }, headers: admin });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ error: 'user_exists', field: 'email' });
  });

  test('invalid input is 400 with the field named', async () => {
    const res = await call('POST', '/api/users', { body: { username: 'bob', email: 'not-an-email', password: 'short', roles: ['king'] }, headers: admin });
    expect(res.status).toBe(400);
    const paths = ((await res.json()) as { issues: { path: string }[] }).issues.map((i) => i.path);
    expect(paths).toEqual(expect.arrayContaining(['body.email', 'body.password', 'body.roles.0']));
  });

  test('a non-admin is 403 {error:"forbidden"} on admin routes but sees itself', async () => {
    const ana = await bearerFor(service.url, 'ana@example.test', attendant.password);
    const list = await call('GET', '/api/users', { headers: ana });
    expect(list.status).toBe(403);
    expect(await list.json()).toMatchObject({ error: 'forbidden' });
    const create = await call('POST', '/api/users', { body: { ...attendant, username: 'x', email: 'x@example.test' }, headers: ana });
    expect(create.status).toBe(403);
    const me = await call('GET', '/api/users/me', { headers: ana });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ username: 'ana', roles: ['attendant'] });
  });

  test('the admin lists every user', async () => {
    const res = await call('GET', '/api/users', { headers: admin });
    const body = (await res.json()) as { users: { username: string }[]; total: number };
    expect(res.status).toBe(200);
    expect(body.users.map((u) => u.username)).toEqual(['admin', 'ana']);
    expect(body.total).toBe(2);
  });
});
