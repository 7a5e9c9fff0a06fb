import { createPasswordHasher, DEFAULT_PASSWORD_HASH_MEMORY_KIB } from './password-hasher.js';

test('new hashes are argon2id at 64 MiB by default, or at the memory given', async () => {
  expect(DEFAULT_PASSWORD_HASH_MEMORY_KIB).toBe(65_536);
  expect(await createPasswordHasher().hash('a-password-1')).toMatch(/^\$argon2id\$v=19\$m=65536,p=4,t=3\$/);
  expect(await createPasswordHasher(1024).hash('a-password-1')).toMatch(/^\$argon2id\$v=19\$m=1024,p=4,t=3\$/);
});

test('a stored hash is checked at the cost written in it, whatever the cost of new ones', async () => {
  const stored = await createPasswordHasher(2048).hash('a-password-1');
  const hasher = createPasswordHasher(1024);
  expect(await hasher.verify(stored, 'a-password-1')).toBe(true);
  expect(await hasher.verify(stored, 'another-password')).toBe(false);
});

test('no hash, or a malformed one, says no (the decoy is checked, so it takes as long)', async () => {
  const hasher = createPasswordHasher(1024);
  expect(await hasher.verify(undefined, 'decoy-password-never-matches')).toBe(false);
  expect(await hasher.verify(null, 'anything')).toBe(false);
  expect(await hasher.verify('not-a-hash', 'anything')).toBe(false);
});
