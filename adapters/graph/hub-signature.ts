import { createHmac, timingSafeEqual } from 'node:crypto';

/** The header every webhook POST of the Graph-style providers is signed in (docs/channels/README.md). */
export const HUB_SIGNATURE_HEADER = 'x-hub-signature-256';

/**
 * True when `header` is `sha256=` + the hex HMAC-SHA256 of `rawBody` under `appSecret`. The HMAC
 * is computed over the bytes as received, never over re-serialised JSON (the provider escapes
 * non-ASCII as `\uXXXX`, which a parse and stringify would change), and compared in constant
 * time. A missing, malformed or forged header is false.
 */
export function verifyHubSignature(rawBody: Buffer, header: string | string[] | undefined, appSecret: string): boolean {
  const value = Array.isArray(header) ? header[0] : header;
  const match = value === undefined ? null : /^sha256=([0-9a-f]{64})$/i.exec(value.trim());
  if (!match) return false;
  const expected = createHmac('sha256', appSecret).update(rawBody).digest();
  const given = Buffer.from(match[1]!, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The header value a provider would send for `rawBody`: for the fake provider of the tests. */
export function signHubPayload(rawBody: Buffer | string, appSecret: string): string {
  return `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;
}
