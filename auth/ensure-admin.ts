import { randomBytes } from 'node:crypto';
import type { UsersRepo } from '../db/index.js';
import { ConflictError } from '../infra/errors.js';
import type { Logger } from '../infra/logger.js';
import { createUser } from './create-user.js';
import type { PasswordHasher } from './password-hasher.js';

export interface AdminBootstrap {
  email?: string;
  password?: string;
  username?: string;
}

/**
 * On the first start (no users at all) creates the admin account from ADMIN_EMAIL/ADMIN_PASSWORD,
 * also the installation's operator, so a fresh install can create tenants (docs/operations/tenants.md, "Operators"),
 * or with a generated password that is shown once — it is stored only as a hash.
 * Returns the admin created, with the generated password when one was made, so the caller can show it.
 */
export async function ensureAdmin(
  deps: { users: UsersRepo; passwords: PasswordHasher; logger: Logger },
  bootstrap: AdminBootstrap,
): Promise<{ created: false } | { created: true; username: string; generatedPassword?: string }> {
  if ((await deps.users.count()) > 0) {
    if (bootstrap.password) {
      deps.logger.warn(
        'ADMIN_PASSWORD is set but users already exist, so it is ignored (it only seeds the first start); to change a password run: switchboard admin reset-password <username>',
      );
    }
    return { created: false };
  }
  const generatedPassword = bootstrap.password ? undefined : randomBytes(12).toString('base64url');
  const email = bootstrap.email ?? 'admin@localhost';
  const username = bootstrap.username ?? 'admin';
  try {
    await createUser(deps, { username, email, password: bootstrap.password ?? generatedPassword!, roles: ['admin', 'operator'] });
  } catch (error) {
    // Another instance starting at the same moment created the admin first.
    if (error instanceof ConflictError) return { created: false };
    throw error;
  }
  if (generatedPassword) {
    // The password goes to the start banner only (app/first-start-banner.ts): logs are kept and shipped.
    deps.logger.warn({ username, email }, `Created the first admin "${username}"; its generated password is in the start banner, shown once (set ADMIN_PASSWORD to choose it)`);
  } else {
    deps.logger.info({ username, email }, 'Created the first admin from ADMIN_EMAIL/ADMIN_PASSWORD');
  }
  return { created: true, username, ...(generatedPassword ? { generatedPassword } : {}) };
}
