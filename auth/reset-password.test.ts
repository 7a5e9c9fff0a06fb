import { NotFoundError, ValidationError } from '../infra/errors.js';
import { resetPassword } from './reset-password.js';
import { testPasswords } from '../test/support/test-passwords.js';

// The users' store as reset-password sees it: one user, "alice", in any case.
function store() {
  const hashes = new Map<string, string>();
  return {
    hashes,
    passwords: testPasswords,
    users: {
      setPasswordHash: async (username: string, hash: string) => {
        if (username.toLowerCase() !== 'alice') return false;
        hashes.set('alice', hash);
        return true;
      },
    },
  };
}

test('a generated password is returned; a given one is used; only an argon2id hash is stored', async () => {
  const s = store();
  const generated = await resetPassword(s, { username: 'Alice' });
  expect(generated.generated).toBe(true);
  expect(generated.password.length).toBeGreaterThanOrEqual(16);
  expect(s.hashes.get('alice')).toMatch(/^\$argon2id\$/);
  expect(await resetPassword(s, { username: 'alice', password: 'chosen-password-9' })).toEqual({ password: 'chosen-password-9', generated: false });
  expect(s.hashes.get('alice')).not.toContain('chosen-password-9');
});

test('a short password and an unknown user are refused', async () => {
  await expect(resetPassword(store(), { username: 'alice', password: 'short' })).rejects.toThrow(ValidationError);
  await expect(resetPassword(store(), { username: 'bob', password: 'long-enough-1' })).rejects.toThrow(NotFoundError);
});
