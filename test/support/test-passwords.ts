import { createPasswordHasher } from '../../auth/password-hasher.js';

/**
 * Argon2id's smallest memory cost, for test runs: the default (64 MiB) spends about 0.2 s of CPU
 * a hash, and the suites sign in hundreds of times (docs/performance.md, "CI time"). Servers the
 * tests start get it as PASSWORD_HASH_MEMORY_KIB; use cases called directly get `testPasswords`.
 */
export const TEST_PASSWORD_HASH_MEMORY_KIB = '1024';
export const testPasswords = createPasswordHasher(Number(TEST_PASSWORD_HASH_MEMORY_KIB));
