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

/** The URL as logged: the values of `token`, `session_token` and similar query parameters are redacted. */
export function redactUrl(url: string | undefined): string | undefined {
  if (!url || !url.includes('?')) return url;
  return url.replace(/([?&](?:token|session_token|access_token|key|api_key|signature)=)[^&#]*/gi, '$1[redacted]');
}
