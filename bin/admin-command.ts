import { createPasswordHasher, resetPassword } from '../auth/index.js';
import type { ProcessSettings } from '../config/index.js';
import { createUsersRepo } from '../db/index.js';
import type { CliIo } from './run-command.js';
import { withDatabase } from './with-database.js';

const USAGE = `Usage: switchboard admin reset-password <username> [--password-stdin]

  Sets a new password for the user (any case of the username) and prints it.
  With --password-stdin the password is the first line of stdin and is not printed.`;

/**
 * `switchboard admin …`: operator commands on the configured database (DATABASE_URL or the
 * embedded one in DATA_DIR). Today: `reset-password`, the way back in when the admin password is
 * lost (ADMIN_PASSWORD only seeds the first start).
 */
export async function adminCommand(args: string[], settings: ProcessSettings, io: CliIo): Promise<number> {
  const [action, username, ...options] = args;
  if (action !== 'reset-password' || !username || options.some((o) => o !== '--password-stdin')) {
    io.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const fromStdin = options.includes('--password-stdin');
  const password = fromStdin ? await firstLine(io.stdin) : undefined;
  return withDatabase(settings, io, async (database) => {
    const result = await resetPassword({ users: createUsersRepo(database.db), passwords: createPasswordHasher(settings.PASSWORD_HASH_MEMORY_KIB) }, { username, ...(password !== undefined ? { password } : {}) });
    io.stdout.write(result.generated ? `New password for ${username}: ${result.password}\n` : `Password of ${username} changed\n`);
    return 0;
  });
}

async function firstLine(stdin: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  for await (const chunk of stdin) {
    text += String(chunk);
    if (text.includes('\n')) break;
  }
  return text.split(/\r?\n/)[0] ?? '';
}
