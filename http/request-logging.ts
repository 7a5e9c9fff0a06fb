import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pinoHttp } from 'pino-http';
import { redactUrl } from '../infra/log-redaction.js';
import type { Logger } from '../infra/logger.js';

// A caller's own id is kept when it looks like one, so logs can be joined across services.
const ACCEPTABLE_REQUEST_ID = /^[\w.:-]{1,128}$/;

/**
 * Gives every request an id (echoed in `X-Request-Id` and in error bodies) and logs each
 * request once when it ends, at a level that follows the status.
 */
export function requestLogging(logger: Logger) {
  return pinoHttp({
    logger,
    genReqId(req: IncomingMessage, res: ServerResponse) {
      const incoming = req.headers['x-request-id'];
      const id = typeof incoming === 'string' && ACCEPTABLE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
      res.setHeader('X-Request-Id', id);
      return id;
    },
    customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info'),
    // Health probes every few seconds would drown everything else.
    autoLogging: { ignore: (req) => req.url === '/healthz' || req.url === '/readyz' },
    // What a request line needs, and no more: serialising every header costs more than the turn's SQL.
    // No header is logged (so no Authorization or Cookie), and credentials in the query string are redacted.
    serializers: {
      req: (req: IncomingMessage & { id?: unknown }) => ({ id: req.id, method: req.method, url: redactUrl(req.url) }),
      res: (res: ServerResponse) => ({ statusCode: res.statusCode }),
    },
  });
}
