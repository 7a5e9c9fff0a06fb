import { pino } from 'pino';

/**
 * What never reaches a log line (README, "Security model"): credentials in headers, passwords,
 * tokens, secrets and provider signatures wherever a log call puts them, and the parameters of
 * a failed SQL statement (customer text, addresses), which stay in the database's own error only.
 */
export const REDACTED_PATHS = [
  'req.headers.authorization', 'req.headers.cookie', 'req.headers["x-hub-signature-256"]', 'req.headers["x-twilio-signature"]',
  'res.headers["set-cookie"]',
  'password', '*.password', 'token', '*.token', 'session_token', '*.session_token', 'access_token', '*.access_token',
  'secret', '*.secret', 'signature', '*.signature', 'authorization', '*.authorization', 'cookie', '*.cookie',
];

// Drizzle's message is `Failed query: <sql>\nparams: <values>`; the values end where the stack's frames begin.
const PARAMS_IN_TEXT = /\nparams: [\s\S]*?(?=\n {4}at |$)/g;

// Fields on driver errors that repeat row values (`detail`: "Key (email)=(…) already exists").
const VALUE_FIELDS = ['params', 'parameters', 'detail'];

/** pino's error serializer, minus the values of failed statements. */
export function serializeError(err: unknown): unknown {
  const serialized = pino.stdSerializers.err(err as Error) as unknown;
  if (serialized === null || typeof serialized !== 'object') return serialized;
  const out = serialized as Record<string, unknown>;
  if (typeof out.message === 'string') out.message = out.message.replace(PARAMS_IN_TEXT, '\nparams: [redacted]');
  if (typeof out.stack === 'string') out.stack = out.stack.replace(PARAMS_IN_TEXT, '\nparams: [redacted]');
  for (const field of VALUE_FIELDS) if (field in out) out[field] = '[redacted]';
  return out;
}

/**
 * The one rule for URLs that carry credentials (README, "What is logged"); every URL a log line
 * holds goes through `redactUrl`. Three kinds of place:
 *
 * - a path segment that is itself the credential: the sign-in link of HEAR AS LOGIN
 *   (`/bot-login/<token>`, and `/bot-login/<token>/federated`), a meeting's join link
 *   (`/meet/<room>`) and the room named in the meeting API (`/api/meet/rooms/<room>/join`, which
 *   admits whoever holds the name or id). Express matches paths in any case, so this does too.
 * - a query parameter that is a credential on any path: visitor and console tokens
 *   (`session_token`, `token`), OAuth's `access_token` and `code`, API keys, and the `signature`
 *   of a drive link.
 * - a query parameter that is a credential on one path only: `s`, the signature of a
 *   notification's click link (`/api/v1/notifications/<id>/click?u=…&s=…`).
 *
 * A query value that holds a URL with a credential (`/auth/oidc/login?return_to=/bot-login/<token>/federated`)
 * is redacted whole.
 */
const SECRET_SEGMENT = /^(\/(?:bot-login|meet|api\/meet\/rooms)\/)[^/?#]+/i;
const SECRET_PARAMS = new Set(['token', 'session_token', 'access_token', 'code', 'key', 'api_key', 'signature']);
const SECRET_PARAMS_ON: { path: RegExp; params: ReadonlySet<string> }[] = [
  { path: /^\/api\/v1\/notifications\/[^/]+\/click\/?$/i, params: new Set(['s']) },
];
const REDACTED = '[redacted]';

/** The URL as logged: credentials in its path and query string replaced by `[redacted]`, the rest kept. */
export function redactUrl(url: string | undefined): string | undefined {
  if (!url) return url;
  const queryAt = url.indexOf('?');
  const path = queryAt < 0 ? url : url.slice(0, queryAt);
  const redactedPath = path.replace(SECRET_SEGMENT, `$1${REDACTED}`);
  if (queryAt < 0) return redactedPath;
  const onPath = SECRET_PARAMS_ON.filter((rule) => rule.path.test(path)).flatMap((rule) => [...rule.params]);
  const query = url.slice(queryAt + 1).split('&').map((pair) => {
    const equals = pair.indexOf('=');
    if (equals < 0) return pair;
    const name = decoded(pair.slice(0, equals)).toLowerCase();
    const value = decoded(pair.slice(equals + 1));
    const secret = SECRET_PARAMS.has(name) || onPath.includes(name) || holdsSecretPath(value);
    return secret ? `${pair.slice(0, equals)}=${REDACTED}` : pair;
  });
  return `${redactedPath}?${query.join('&')}`;
}

/** Whether a query value is itself a URL or path whose path segment is a credential. */
function holdsSecretPath(value: string): boolean {
  const path = value.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '');
  return SECRET_SEGMENT.test(path);
}

/** A query string's name or value as the server reads it (`+` is a space); as given when it is not valid percent-encoding. */
function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}
