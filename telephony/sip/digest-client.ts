/**
 * The client side of HTTP Digest for SIP (RFC 3261 §22.2, RFC 2617 with MD5): the Authorization
 * (401) or Proxy-Authorization (407) a call we place answers a trunk's challenge with. Only MD5
 * with `qop=auth` or no qop is spoken, as on the server side (digest.ts). The password never
 * leaves this function except hashed.
 */
import { randomBytes } from 'node:crypto';
import { digestResponse, parseDigest } from './digest.js';

/** The header that answers `challenge` (a WWW-Authenticate or Proxy-Authenticate value), or undefined when it cannot be answered. */
export function answerDigestChallenge(
  challenge: string,
  request: { method: string; uri: string },
  credentials: { username: string; password: string },
): string | undefined {
  const fields = parseDigest(challenge);
  if (!fields?.realm || !fields.nonce) return undefined;
  if ((fields.algorithm ?? 'MD5').toUpperCase() !== 'MD5') return undefined;
  const offered = (fields.qop ?? '').split(',').map((q) => q.trim().toLowerCase()).filter(Boolean);
  if (offered.length > 0 && !offered.includes('auth')) return undefined;
  const { realm, nonce } = fields;
  const answer = { ...credentials, realm, nonce, method: request.method, uri: request.uri };
  const parts = [`username="${quoted(credentials.username)}"`, `realm="${quoted(realm)}"`, `nonce="${quoted(nonce)}"`, `uri="${quoted(request.uri)}"`];
  if (offered.length > 0) {
    const nc = '00000001';
    const cnonce = randomBytes(8).toString('hex');
    parts.push(`response="${digestResponse({ ...answer, auth: { nc, cnonce } })}"`, 'qop=auth', `nc=${nc}`, `cnonce="${cnonce}"`);
  } else {
    parts.push(`response="${digestResponse(answer)}"`);
  }
  parts.push('algorithm=MD5');
  if (fields.opaque !== undefined) parts.push(`opaque="${quoted(fields.opaque)}"`);
  return `Digest ${parts.join(', ')}`;
}

function quoted(text: string): string {
  return text.replace(/["\\]/g, '\\$&');
}
