import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ObjectValue, Value } from '../basic-interpreter/index.js';
import { ValidationError } from '../infra/errors.js';

/**
 * What a request to a bot's WEBHOOK or form brings, read the way the scripts see it
 * (docs/basic.md, "Webhooks and forms"): the body parsed by its content type, the headers by
 * lower-case name, and whether it carries the bot's `webhook-secret`.
 */

/** Request headers as node gives them (lower-case names). */
export type RequestHeaders = Record<string, string | string[] | undefined>;

/** The header the HMAC signature of a webhook's body travels in. */
export const SIGNATURE_HEADER = 'x-webhook-signature';

/** One header's value (the first, when repeated). */
export function headerOf(headers: RequestHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * How the request proves it knows `secret`: `Authorization: Bearer <secret>`, or
 * `X-Webhook-Signature: sha256=<hex>` (the HMAC-SHA256 of the body's bytes keyed by the secret,
 * `sha256=` optional); undefined when it does not. Compared in constant time.
 */
export function secretProof(secret: string, headers: RequestHeaders, rawBody: Buffer): 'bearer' | 'signature' | undefined {
  const authorization = headerOf(headers, 'authorization') ?? '';
  const bearer = /^Bearer\s+(.+)$/i.exec(authorization.trim());
  if (bearer && sameText(bearer[1]!, secret)) return 'bearer';
  const signature = (headerOf(headers, SIGNATURE_HEADER) ?? '').trim().replace(/^sha256=/i, '').toLowerCase();
  if (signature !== '' && sameText(signature, createHmac('sha256', secret).update(rawBody).digest('hex'))) return 'signature';
  return undefined;
}

function sameText(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The headers as a script reads them: lower-case names, and each name with `-` also written with
 * `_` (`headers.x_github_event`, as the reference's examples read them). `drop` names headers the
 * script does not see (the one that carried the bot's secret).
 */
export function scriptHeaders(headers: RequestHeaders, drop: readonly string[] = []): ObjectValue {
  const out: ObjectValue = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || drop.includes(name)) continue;
    const text = Array.isArray(value) ? value.join(', ') : value;
    out[name] = text;
    if (name.includes('-')) out[name.replace(/-/g, '_')] = text;
  }
  return out;
}

/**
 * The body by its content type: JSON (`application/json`, `+json`), a form
 * (`application/x-www-form-urlencoded`: an object, repeated names give lists), text, or NULL when
 * empty. Bytes of another type are refused: there is nothing a script could do with them.
 */
export function parseBody(rawBody: Buffer, contentType: string | undefined): Value {
  if (rawBody.length === 0) return null;
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  const text = rawBody.toString('utf8');
  if (type === 'application/json' || type.endsWith('+json')) {
    try {
      return JSON.parse(text) as Value;
    } catch {
      throw new ValidationError('The request body is not valid JSON', [], 'invalid_json');
    }
  }
  if (type === 'application/x-www-form-urlencoded') return formFields(new URLSearchParams(text));
  if (type === '' || type.startsWith('text/')) return text;
  throw new ValidationError(`A body of type ${type} cannot be read: send JSON, a urlencoded form or text`, [], 'unsupported_media_type');
}

/** Query or form pairs as an object; a name given more than once holds the list of its values. */
export function formFields(pairs: URLSearchParams | Record<string, string | string[] | undefined>): ObjectValue {
  const entries = pairs instanceof URLSearchParams ? [...pairs] : Object.entries(pairs).flatMap(([k, v]) => (Array.isArray(v) ? v.map((x) => [k, x] as const) : v === undefined ? [] : [[k, v] as const]));
  const out: ObjectValue = {};
  for (const [name, value] of entries) {
    if (name === '__proto__') continue;
    const known = out[name];
    out[name] = known === undefined ? value : Array.isArray(known) ? [...known, value] : [known, value];
  }
  return out;
}
