import argon2 from 'argon2';

/**
 * Argon2id's memory per hash, in KiB (`PASSWORD_HASH_MEMORY_KIB`); passes and lanes stay at the
 * library's defaults (3 and 4). The default, 64 MiB, is the library's and above OWASP's minimum
 * for argon2id; each hash then costs about 0.2 s of CPU. A lower figure is for test runs, where
 * hundreds of sign-ins would otherwise spend minutes hashing (docs/performance.md, "CI time").
 */
export const DEFAULT_PASSWORD_HASH_MEMORY_KIB = 65_536;

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /**
   * Whether `password` is the one hashed in `hash`. Without a hash (no such user, or no local
   * password) a decoy hash of the same cost is checked, so the answer takes as long and says no.
   */
  verify(hash: string | null | undefined, password: string): Promise<boolean>;
}

/** Password hashing with argon2id; a stored hash is checked with the cost written in it, whatever the cost of new ones. */
export function createPasswordHasher(memoryKib = DEFAULT_PASSWORD_HASH_MEMORY_KIB): PasswordHasher {
  const hash = (password: string) => argon2.hash(password, { type: argon2.argon2id, memoryCost: memoryKib });
  let decoy: Promise<string> | undefined;
  const matches = async (stored: string, password: string) => {
    try {
      return await argon2.verify(stored, password);
    } catch {
      return false; // a malformed stored hash is a failed login, not a crash
    }
  };
  return {
    hash,
    async verify(stored, password) {
      if (stored) return matches(stored, password);
      decoy ??= hash('decoy-password-never-matches');
      await matches(await decoy, password);
      return false;
    },
  };
}
