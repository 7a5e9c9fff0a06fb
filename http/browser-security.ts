import cors from 'cors';
import type { Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';

/**
 * Security headers on every answer (helmet's defaults). The content security policy allows only
 * this origin's scripts and styles, which is what the API docs page (Swagger UI served from the
 * installed package) loads; inline styles stay allowed because Swagger UI sets some. Requests are
 * not upgraded to https: a self-hosted instance may be served over plain http on a private network.
 * For the same reason `Strict-Transport-Security` (a year, `includeSubDomains`) is sent only with
 * `hsts` (the `HSTS` process setting, README): a browser that saw it would refuse the plain-http
 * host, and its subdomains, for a year.
 */
export function securityHeaders(options: { hsts: boolean }): RequestHandler {
  const headers = headersSetBy(helmetWith(options));
  return (_req, res, next) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
}

/** helmet's middleware with the options above; `securityHeaders` answers with the headers it sets. */
export function helmetWith(options: { hsts: boolean }): RequestHandler {
  return helmet({
    contentSecurityPolicy: { directives: { upgradeInsecureRequests: null } },
    strictTransportSecurity: options.hsts,
  });
}

/**
 * The headers a middleware sets, read once from a stand-in response. helmet's headers depend on
 * nothing in the request, so every answer gets the same list, set in one loop instead of through
 * helmet's twelve chained middlewares on each request (docs/performance.md, "2026-11-29, later").
 */
function headersSetBy(middleware: RequestHandler): readonly (readonly [string, string])[] {
  const headers: [string, string][] = [];
  const standIn = {
    setHeader: (name: string, value: unknown) => headers.push([name, String(value)]),
    removeHeader: () => undefined,
  };
  void middleware({} as Request, standIn as unknown as Response, () => undefined);
  return headers;
}

/** The path under which the web channel's public endpoints live, with the bot's name. */
export const WEB_CHANNEL_PATH = '/api/channels/web/:bot';

/**
 * CORS for the public web channel (README, "Security model"): a page may call a bot's endpoints
 * from a browser only when its origin is in that bot's `web-allowed-origins` (none by default).
 * Credentials are the session token in the body, the query or (uploads) the Authorization header,
 * never cookies, so none are allowed.
 */
export function webChannelCors(allowedOrigins: (bot: string) => readonly string[]): RequestHandler {
  return cors((req, callback) => {
    const origin = req.headers.origin;
    const bot = (req as { params?: Record<string, string> }).params?.bot ?? '';
    const allowed = typeof origin === 'string' && allowedOrigins(bot).some((o) => sameOrigin(o, origin));
    callback(null, { origin: allowed ? origin : false, methods: ['GET', 'POST'], allowedHeaders: ['Content-Type', 'Authorization'], maxAge: 600 });
  });
}

/** Origins compared as the browser sends them: scheme, host and port, lower case, no trailing slash. */
function sameOrigin(configured: string, sent: string): boolean {
  return configured.trim().replace(/\/+$/, '').toLowerCase() === sent.toLowerCase();
}
