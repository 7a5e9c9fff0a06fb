#!/usr/bin/env node
import path from 'node:path';
import { readProcessSettings, SettingsError } from '../config/index.js';
import { createLogger, type Logger } from '../infra/logger.js';

const USAGE = `Usage: switchboard <command>

Commands:
  start                 run the server (default): HTTP on PORT, bots from BOTS_DIR
  migrate               apply database migrations and exit
  run <file.bas> […]    run a BASIC script: stdin lines are the customer's messages, TALK goes to stdout
                        options: --state FILE, --trace, --var name=value, --data DIR
  check <files…>        report parse errors of BASIC scripts; exit 1 if any
  chat <bot> [--url URL] [--name NAME]
                        talk to a bot of the running server in the terminal, as a web visitor
  admin reset-password <username> [--password-stdin]
                        set a user's password: a new one is printed, or the first line of stdin is used
  import contacts <file.csv> --bot <name> [--map col=field …] [--dry-run]
                        add or update a bot's CRM contacts from a CSV (docs/crm.md)
  import users <file.csv>
                        create or update users from a CSV (email, username, name, roles, phone, department…)
  credentials generate --users <filter> --out <file.csv>
                        one-time passwords, to be changed at first login (docs/migration/identity.md)
  sync ldap [--every 15m] [options]
                        import users and group memberships from LDAP; users gone from it are deactivated
  channels connect bot_msg --bot <name> [--check]
                        register the bot's Telegram webhook at PUBLIC_URL (--check: show getWebhookInfo)
  import <kind> <source> --owner <user> […]
                        import mail, calendars, contacts or files: imap, pst, ics, vcf, carddav, s3 (see switchboard import)
  tenant create <slug> [--name N] [--max-bots n] [--max-attendants n] [--max-storage-bytes n]
  tenant list | suspend <slug> | resume <slug> | export <slug> --out <file> | delete <slug> --yes
                        manage the installation's tenants (docs/operations/tenants.md)
  help                  show this text

Server settings come from environment variables; see README.md.`;

/** The log of `start` and `migrate`; its buffered lines are written out before the process exits. */
let serverLogger: Logger | undefined;

async function main(argv: string[]): Promise<number> {
  const command = argv[0] ?? 'start';
  if (command === 'help' || command === '--help' || command === '-h') {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const io = { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr };
  // Each command loads only what it needs: `run` and `check` start fast, without the server's modules.
  if (command === 'run') return (await import('./run-command.js')).runCommand(argv.slice(1), io);
  if (command === 'check') return (await import('./check-command.js')).checkCommand(argv.slice(1), io);
  if (command === 'chat') return (await import('./chat-command.js')).chatCommand(argv.slice(1), io);
  const settings = readProcessSettings();
  if (command === 'import') return (await import('./import-command.js')).importCommand(argv.slice(1), settings, io);
  if (command === 'admin') return (await import('./admin-command.js')).adminCommand(argv.slice(1), settings, io);
  if (command === 'tenant') return (await import('./tenant-command.js')).tenantCommand(argv.slice(1), settings, io);
  if (command === 'credentials') return (await import('./credentials-command.js')).credentialsCommand(argv.slice(1), settings, io);
  const logger = (serverLogger = createLogger({ level: settings.LOG_LEVEL }));
  switch (command) {
    case 'sync':
      return (await import('./sync-command.js')).syncCommand(argv.slice(1), settings, logger, io);
    case 'channels':
      return (await import('./channels-command.js')).channelsCommand(argv.slice(1), settings, logger, io);
    case 'migrate': {
      const { openDatabase } = await import('../db/index.js');
      const database = await openDatabase({ databaseUrl: settings.DATABASE_URL, pgliteDir: path.join(settings.DATA_DIR, 'pglite') });
      await database.migrate();
      await database.close();
      logger.info({ database: database.kind }, 'migrations applied');
      return 0;
    }
    case 'start': {
      const { firstStartBanner, startService } = await import('../app/main.js');
      const service = await startService(settings, logger);
      if (service.firstStart) {
        // Plain text whatever the log's format: the one place a generated password is shown.
        const demoBot = service.bots.find((b) => b.name === 'default')?.name ?? service.bots[0]?.name;
        process.stdout.write(`\n${firstStartBanner(service.firstStart, { url: (settings.PUBLIC_URL ?? service.url).replace(/\/+$/, ''), demoBot })}\n`);
      }
      const stopOnSignal = (signal: NodeJS.Signals) => {
        logger.info({ signal }, 'signal received');
        service.stop().then(
          () => flushAndExit(0),
          (error: unknown) => {
            logger.error({ err: error }, 'shutdown failed');
            flushAndExit(1);
          },
        );
      };
      process.once('SIGTERM', stopOnSignal);
      process.once('SIGINT', stopOnSignal);
      return -1; // keep running until a signal
    }
    default:
      process.stderr.write(`Unknown command "${command}".\n\n${USAGE}\n`);
      return 2;
  }
}

/** Exits once the log's buffer and everything written to stdout and stderr has been flushed (pipes are asynchronous). */
function flushAndExit(code: number): void {
  const exit = () => process.stdout.write('', () => process.stderr.write('', () => process.exit(code)));
  if (serverLogger) serverLogger.flush(exit);
  else exit();
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) flushAndExit(code);
  },
  (error: unknown) => {
    process.stderr.write(`${error instanceof SettingsError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    flushAndExit(1);
  },
);
