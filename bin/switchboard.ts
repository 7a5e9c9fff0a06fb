#!/usr/bin/env node
import path from 'node:path';
import { readProcessSettings, SettingsError } from '../config/index.js';
import { openDatabase } from '../db/index.js';
import { createLogger } from '../infra/logger.js';
import { startService } from '../service.js';

const USAGE = `Usage: switchboard <command>

Commands:
  start     run the server (default): HTTP on PORT, bots from BOTS_DIR
  migrate   apply database migrations and exit
  help      show this text

Settings come from environment variables; see README.md.`;

async function main(argv: string[]): Promise<number> {
  const command = argv[0] ?? 'start';
  if (command === 'help' || command === '--help' || command === '-h') {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const settings = readProcessSettings();
  const logger = createLogger({ level: settings.LOG_LEVEL });
  switch (command) {
    case 'migrate': {
      const database = await openDatabase({ databaseUrl: settings.DATABASE_URL, pgliteDir: path.join(settings.DATA_DIR, 'pglite') });
      await database.migrate();
      await database.close();
      logger.info({ database: database.kind }, 'migrations applied');
      return 0;
    }
    case 'start': {
      const service = await startService(settings, logger);
      const stopOnSignal = (signal: NodeJS.Signals) => {
        logger.info({ signal }, 'signal received');
        service.stop().then(
          () => process.exit(0),
          (error: unknown) => {
            logger.error({ err: error }, 'shutdown failed');
            process.exit(1);
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

main(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exit(code);
  },
  (error: unknown) => {
    process.stderr.write(`${error instanceof SettingsError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
