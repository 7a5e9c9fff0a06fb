import { createRequire } from 'node:module';
import { pino, type DestinationStream, type Logger } from 'pino';
import { REDACTED_PATHS, serializeError } from './log-redaction.js';

export type { Logger };

/**
 * The process logger. Pretty, human-readable lines when stdout is a terminal; one JSON object per
 * line otherwise (containers, log shippers). `LOG_LEVEL` overrides the level; tests default to
 * `silent` so their output stays readable. Secrets and SQL parameters are redacted
 * (infra/log-redaction.ts). `destination` replaces stdout (tests read what was logged).
 * pino-pretty is an optional dependency (docs/dependencies.md): without it a terminal gets JSON too.
 */
export function createLogger(options: { level?: string; pretty?: boolean; destination?: DestinationStream } = {}): Logger {
  const level = options.level ?? process.env.LOG_LEVEL ?? (process.env.JEST_WORKER_ID ? 'silent' : 'info');
  const base = { level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' }, serializers: { err: serializeError } };
  if (options.destination) return pino(base, options.destination);
  const pretty = (options.pretty ?? process.stdout.isTTY) && installed('pino-pretty');
  if (pretty) return pino({ ...base, transport: { target: 'pino-pretty', options: { colorize: true, translateTime: 'SYS:HH:MM:ss.l' } } });
  // Off the hot path: a line is handed to an asynchronous writer that batches what arrives while
  // a write is in flight, instead of one blocking write per request (docs/performance.md).
  // `logger.flush()` before exiting writes what is left.
  return pino(base, pino.destination({ dest: 1, sync: false }));
}

function installed(name: string): boolean {
  try {
    createRequire(import.meta.url).resolve(name);
    return true;
  } catch {
    return false;
  }
}
