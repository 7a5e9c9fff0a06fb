import type { ProcessSettings } from '../config/index.js';
import type { CliIo } from './run-command.js';

/**
 * `switchboard import users <file.csv>` (docs/migration/identity.md), `switchboard import contacts
 * <file.csv> --bot <name>` (the CRM's, docs/crm.md) and
 * `switchboard import <kind> <source>` for mail, calendars, contacts and files (docs/content.md).
 */
export async function importCommand(argv: string[], settings: ProcessSettings, io: CliIo): Promise<number> {
  if (argv[0] === 'contacts') return (await import('./import-contacts-command.js')).importContactsCommand(argv.slice(1), settings, io);
  if (argv[0] === 'users') return (await import('./import-users-command.js')).importUsersCommand(argv.slice(1), settings, io);
  return (await import('./import-content-command.js')).importContentCommand(argv, settings, io);
}
