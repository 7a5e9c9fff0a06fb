import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { redactUrl } from '../infra/log-redaction.js';
import type { Logger } from '../infra/logger.js';

// A caller's own id is kept when it looks like one, so logs can be joined across services.
const ACCEPTABLE_REQUEST_ID = /^[\w.:-]{1,128}$/;
// Health probes every few seconds would drown everything else.
const UNLOGGED = new Set(['/healthz', '/readyz']);

/**
 * Gives every request an id (echoed in `X-Request-Id` and in error bodies) and logs each
 * request once when it ends, at a level that follows the status. Written out rather than with
 * pino-http: that builds a child logger (with its redaction) for every request, a twentieth of a
 * web turn's CPU even when the level drops the line (docs/performance.md). Here a request costs
 * one listener, and a line is built only when its level is on. No header is logged (so no
 * Authorization or Cookie), and the URL's credentials, in its path (sign-in and meeting links) or
 * its query string (tokens, signatures), are redacted by the one rule of infra/log-redaction.ts.
 * The caller's address is express's `req.ip`, which follows the app's `trust proxy`.
 */
export function requestLogging(logger: Logger) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const incoming = req.headers['x-request-id'];
    const id = typeof incoming === 'string' && ACCEPTABLE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    res.setHeader('X-Request-Id', id);
    if (UNLOGGED.has(req.url)) {
      next();
      return;
    }
    const started = performance.now();
    res.once('finish', () => {
      const level = res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info';
      if (!logger.isLevelEnabled(level)) return;
      logger[level]({
        // req.ip: the client's address when TRUST_PROXY names the proxy in front (docs/operations/reverse-proxy.md).
        req: { id, method: req.method, url: redactUrl(req.originalUrl), remoteAddress: req.ip },
        res: { statusCode: res.statusCode },
        responseTime: Math.round(performance.now() - started),
      }, 'request completed');
    });
    next();
  };
}

/** The id `requestLogging` gave the request (error bodies carry it). */
export function requestIdOf(res: Response): string {
  return String(res.getHeader('X-Request-Id') ?? '');
}
