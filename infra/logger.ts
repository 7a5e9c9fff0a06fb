import { pino, type Logger } from 'pino';

export type { Logger };

/**
 * The process logger. Pretty, human-readable lines when stdout is a terminal; one JSON object per
 * line otherwise (containers, log shippers). `LOG_LEVEL` overrides the level; tests default to
 * `silent` so their output stays readable.
 */
export function createLogger(options: { level?: string; pretty?: boolean } = {}): Logger {
  const level = options.level ?? process.env.LOG_LEVEL ?? (process.env.JEST_WORKER_ID ? 'silent' : 'info');
  const pretty = options.pretty ?? process.stdout.isTTY;
  if (pretty) return pino({ level, transport: { target: 'pino-pretty', options: { colorize: true, translateTime: 'SYS:HH:MM:ss.l' } } });
  // Off the hot path: a line is handed to an asynchronous writer that batches what arrives while
  // a write is in flight, instead of one blocking write per request (docs/performance.md).
  // `logger.flush()` before exiting writes what is left.
  return pino({ level }, pino.destination({ dest: 1, sync: false }));
}
