import { bearerFor, TEST_ADMIN } from './service.js';
import { waitForValue } from './wait-for.js';

/**
 * A parsed JSON answer, read field by field by the tests: a deliberate `any`, as the assertions
 * (toEqual/toMatchObject) check the shapes.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = Record<string, any>;

/** Bearer headers of a signed-in user. */
export type Auth = { authorization: string };
/** A user created for a notifications test. */
export interface TestUser { id: string; username: string; email: string; headers: Auth }

/** A small client of the notifications API v1 over real HTTP. */
export function notificationsClient(baseUrl: string) {
  const call = async (method: string, path: string, auth: Partial<Auth>, body?: unknown, extra: Record<string, string> = {}) => {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...auth, ...extra },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : undefined) as Json, headers: res.headers };
  };
  let admin: Auth | undefined;
  const adminAuth = async () => (admin ??= await bearerFor(baseUrl, TEST_ADMIN.username, TEST_ADMIN.password));
  return {
    call,
    adminAuth,
    async createUser(username: string, roles: string[] = []): Promise<TestUser> {
      const password = 'password-for-tests';
      const email = `${username}@example.test`;
      const res = await call('POST', '/api/users', await adminAuth(), { username, email, password, roles });
      if (res.status !== 201) throw new Error(`create ${username}: ${res.status} ${JSON.stringify(res.body)}`);
      return { id: res.body.id as string, username, email, headers: await bearerFor(baseUrl, username, password) };
    },
    /** Reads the notification until `done` accepts it (deliveries run in jobs); fails after 15 s. */
    async until(id: string, auth: Auth, done: (n: Json) => boolean): Promise<Json> {
      const res = await waitForValue(() => call('GET', `/api/v1/notifications/${id}`, auth), (r) => r.status === 200 && done(r.body), {
        what: `notification ${id} to reach the state`, timeoutMs: 15_000, intervalMs: 25,
      });
      return res.body;
    },
  };
}
