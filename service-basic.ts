import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { createUser, type UserDirectory } from './auth/index.js';
import { createFolderFileStore } from './engine/host/index.js';
import type { FilesPort, UsersPort } from './engine/index.js';
import { ConflictError } from './infra/errors.js';

/**
 * The capabilities the BASIC keywords reach through the engine's ports (docs/basic.md,
 * "Compatibility"): CREATE USER through the users service, and the bots' drives under the data
 * directory (`<DATA_DIR>/drive/<bot>.gbdrive`) for the file keywords.
 */
export function basicCapabilities(deps: { users: UserDirectory; dataDir: string }): { users: UsersPort; files: FilesPort } {
  return {
    users: {
      // A migrated user has no role and a random password: an administrator grants roles, the user resets it.
      async create({ email }) {
        try {
          const user = await createUser({ users: deps.users }, { username: email, email, password: randomBytes(24).toString('base64url'), roles: [] });
          return { success: true, user_id: user.id, username: user.username, email: user.email, message: null };
        } catch (error) {
          if (error instanceof ConflictError) return { success: false, user_id: null, username: email, email, message: error.message };
          throw error;
        }
      },
    },
    files: (bot) => createFolderFileStore(path.join(deps.dataDir, 'drive', `${bot.name}.gbdrive`)),
  };
}
