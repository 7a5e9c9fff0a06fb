import { createPasswordHasher } from '../auth/index.js';
import type { ProcessSettings } from '../config/index.js';
import { createUsersRepo } from '../db/index.js';
import { generateCredentials } from '../identity/index.js';
import { openNewPrivateFile } from './new-private-file.js';
import type { CliIo } from './run-command.js';
import { withDatabase } from './with-database.js';

const USAGE = `Usage: switchboard credentials generate --users <filter> --out <file.csv>

  Gives every active user the filter selects a one-time password, which must be changed at the
  first login (POST /api/auth/change-password). The passwords go to the new file only (mode 600).
  Filters: all, role:<admin|supervisor|attendant|author>, source:<local|scim|ldap|csv>, user1,user2`;

/** `switchboard credentials generate` (docs/migration/identity.md, "Bulk credentials"). */
export async function credentialsCommand(args: string[], settings: ProcessSettings, io: CliIo): Promise<number> {
  const [action, ...options] = args;
  const flags = new Map<string, string>();
  for (let i = 0; i < options.length; i += 2) flags.set(options[i]!, options[i + 1] ?? '');
  const filter = flags.get('--users');
  const out = flags.get('--out');
  if (action !== 'generate' || !filter || !out || flags.size !== 2) {
    io.stderr.write(`${USAGE}\n`);
    return 2;
  }
  // Created before any password changes.
  const file = await openNewPrivateFile(out, io);
  if (!file) return 1;
  try {
    return await withDatabase(settings, io, async (database) => {
      const credentials = await generateCredentials({ users: createUsersRepo(database.db), passwords: createPasswordHasher(settings.PASSWORD_HASH_MEMORY_KIB) }, filter);
      await file.writeFile(['username,email,password', ...credentials.map((c) => [c.username, c.email, c.password].map(csvField).join(','))].join('\n') + '\n');
      io.stdout.write(`${JSON.stringify({ users: credentials.length, file: out })}\n`);
      return 0;
    });
  } finally {
    await file.close();
  }
}

/** RFC 4180 quoting (usernames and emails are restricted, but a field is never trusted to be plain). */
function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}
