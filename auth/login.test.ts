import { RateLimitError, UnauthorizedError } from '../infra/errors.js';
import { createMemoryRateLimiter } from '../infra/rate-limit/memory-rate-limiter.js';
import { checkCredentials } from './login.js';
import { createLoginThrottle, LOGIN_FAILURE_RULES } from './login-throttle.js';
import type { UserRecord } from './user-directory.js';
import { testPasswords } from '../test/support/test-passwords.js';

// One user, found by username or email in any case, as the users repository finds them.
const PASSWORD = 'alice-password-1';
const alicePromise = testPasswords.hash(PASSWORD).then((password_hash): UserRecord => ({
  id: '5f0c9a52-3d1e-4c11-9a59-0d1f3b2c4e01', username: 'alice', email: 'alice@example.test', password_hash, roles: [],
  is_active: true, is_admin: false, display_name: '', phone: null, department: null, source: 'local', external_id: null, directory_tenant_id: null,
  must_change_password: false, federated_at: null, created_at: new Date(0), updated_at: new Date(0),
}));

async function setUp() {
  const alice = await alicePromise;
  const users = {
    findByLogin: async (identifier: string) =>
      [alice.username, alice.email].includes(identifier.toLowerCase()) ? alice : undefined,
  };
  return { users, passwords: testPasswords, throttle: createLoginThrottle(createMemoryRateLimiter()) };
}

const attempt = (deps: Awaited<ReturnType<typeof setUp>>, identifier: string, password: string, clientAddress = '198.51.100.7') =>
  checkCredentials(deps, { identifier, password, clientAddress });

async function failTimes(deps: Awaited<ReturnType<typeof setUp>>, identifier: string, times: number, clientAddress?: string) {
  for (let i = 0; i < times; i++) await expect(attempt(deps, identifier, `wrong-${i}`, clientAddress)).rejects.toThrow(UnauthorizedError);
}

describe('one lockout per account', () => {
  test('wrong passwords by username lock the sign-in by email, with the right password', async () => {
    const deps = await setUp();
    await failTimes(deps, 'alice', LOGIN_FAILURE_RULES.perAccount.points);
    await expect(attempt(deps, 'Alice@Example.test', PASSWORD)).rejects.toThrow(RateLimitError);
  });

  test('wrong passwords by email lock the sign-in by username', async () => {
    const deps = await setUp();
    await failTimes(deps, 'ALICE@example.test', LOGIN_FAILURE_RULES.perAccount.points);
    await expect(attempt(deps, ' alice ', PASSWORD)).rejects.toThrow(RateLimitError);
  });

  test('failures short of the limit are forgiven by a success under any name', async () => {
    const deps = await setUp();
    await failTimes(deps, 'alice', LOGIN_FAILURE_RULES.perAccount.points - 1);
    await expect(attempt(deps, 'alice@example.test', PASSWORD)).resolves.toMatchObject({ username: 'alice' });
    await failTimes(deps, 'alice', LOGIN_FAILURE_RULES.perAccount.points - 1);
    await expect(attempt(deps, 'alice', PASSWORD)).resolves.toMatchObject({ username: 'alice' });
  });

  test('an unknown name is locked after as many failures, in any case, and answers like a known one', async () => {
    const deps = await setUp();
    await failTimes(deps, 'nobody', LOGIN_FAILURE_RULES.perAccount.points);
    const known = await setUp();
    await failTimes(known, 'alice', LOGIN_FAILURE_RULES.perAccount.points);
    const [unknownRefusal, knownRefusal] = await Promise.all([
      attempt(deps, 'NOBODY', 'anything').catch((error: unknown) => error),
      attempt(known, 'alice', 'anything').catch((error: unknown) => error),
    ]);
    expect(unknownRefusal).toBeInstanceOf(RateLimitError);
    const { limit, window } = (knownRefusal as RateLimitError).details;
    expect((unknownRefusal as RateLimitError).details).toMatchObject({ limit, window });
    // Another unknown name is counted apart.
    await expect(attempt(deps, 'somebody', 'anything')).rejects.toThrow(UnauthorizedError);
  });

  test('each client address has its own budget of failures over all accounts', async () => {
    const deps = await setUp();
    const names = Array.from({ length: LOGIN_FAILURE_RULES.perAddress.points }, (_, i) => `user-${i}`);
    for (const name of names) await failTimes(deps, name, 1, '203.0.113.1');
    await expect(attempt(deps, 'alice', PASSWORD, '203.0.113.1')).rejects.toThrow(RateLimitError);
    await expect(attempt(deps, 'alice', PASSWORD, '203.0.113.2')).resolves.toMatchObject({ username: 'alice' });
  });
});
