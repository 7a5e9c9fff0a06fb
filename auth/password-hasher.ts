import argon2 from 'argon2';

/** Password hashing with argon2id (the library's defaults follow the OWASP recommendation). */
export const passwordHasher = {
  hash: (password: string): Promise<string> => argon2.hash(password, { type: argon2.argon2id }),
  verify: async (hash: string, password: string): Promise<boolean> => {
    try {
      return await argon2.verify(hash, password);
    } catch {
      return false; // a malformed stored hash is a failed login, not a crash
    }
  },
};

/**
 * A hash to verify against when the user does not exist, so an unknown username costs as much
 * time as a wrong password and logins do not reveal which accounts exist.
 */
export const decoyHash = passwordHasher.hash('decoy-password-never-matches');
