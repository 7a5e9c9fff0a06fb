/**
 * Server-side HTTP Digest for SIP (RFC 3261 §22.4, RFC 2617 with MD5, `qop=auth` or none). The
 * nonce is stateless: a timestamp and its HMAC under a per-process secret, valid for 5 minutes, so
 * a challenge costs no memory however many INVITEs arrive. Passwords and responses are never logged.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { splitOutside, unquote } from './sip-headers.js';

const NONCE_LIFETIME_MS = 5 * 60 * 1000;

export interface DigestCredentials {
  username: string;
  password: string;
  realm: string;
}

export class DigestAuthenticator {
  private readonly secret = randomBytes(32);

  constructor(private readonly now: () => number = Date.now) {}

  /** The value of a WWW-Authenticate header for `realm`. */
  challenge(realm: string): string {
    return `Digest realm="${realm.replace(/["\\]/g, '')}", nonce="${this.nonce(this.now())}", algorithm=MD5, qop="auth"`;
  }

  /** Whether `authorization` answers a fresh challenge of ours with these credentials for `method` on `requestUri`. */
  verify(authorization: string | undefined, method: string, requestUri: string, credentials: DigestCredentials): boolean {
    const fields = authorization ? parseDigest(authorization) : undefined;
    if (!fields) return false;
    const { username, realm, nonce, uri, response, qop, nc, cnonce } = fields;
    if (username !== credentials.username || realm !== credentials.realm || uri !== requestUri) return false;
    if (!nonce || !this.nonceIsFresh(nonce) || !response) return false;
    if ((fields.algorithm ?? 'MD5').toUpperCase() !== 'MD5') return false;
    let expected: string;
    if (qop === undefined) expected = digestResponse({ username, realm, password: credentials.password, method, uri, nonce });
    else if (qop.toLowerCase() === 'auth' && nc && cnonce) expected = digestResponse({ username, realm, password: credentials.password, method, uri, nonce, auth: { nc, cnonce } });
    else return false;
    const given = Buffer.from(response.toLowerCase());
    return given.length === expected.length && timingSafeEqual(given, Buffer.from(expected));
  }

  private nonce(timestamp: number): string {
    const time = Buffer.alloc(8);
    time.writeBigUInt64BE(BigInt(timestamp));
    return `${time.toString('hex')}${this.sign(time)}`;
  }

  private nonceIsFresh(nonce: string): boolean {
    if (!/^[0-9a-f]{16}[0-9a-f]{32}$/.test(nonce)) return false;
    const time = Buffer.from(nonce.slice(0, 16), 'hex');
    const given = Buffer.from(nonce.slice(16));
    const expected = Buffer.from(this.sign(time));
    if (!timingSafeEqual(given, expected)) return false;
    const age = this.now() - Number(time.readBigUInt64BE());
    return age >= 0 && age <= NONCE_LIFETIME_MS;
  }

  private sign(time: Buffer): string {
    return createHmac('sha256', this.secret).update(time).digest('hex').slice(0, 32);
  }
}

/** The fields of `Digest name="value", name=value…`; undefined for another scheme. */
export function parseDigest(header: string): Record<string, string | undefined> | undefined {
  const match = /^\s*Digest\s+([\s\S]*)$/i.exec(header);
  if (!match) return undefined;
  const fields: Record<string, string | undefined> = {};
  try {
    for (const part of splitOutside(match[1] ?? '', ',')) {
      const eq = part.indexOf('=');
      if (eq < 0) continue;
      const value = part.slice(eq + 1).trim();
      fields[part.slice(0, eq).trim().toLowerCase()] = value.startsWith('"') ? unquote(value) : value;
    }
  } catch {
    return undefined;
  }
  return fields;
}

/**
 * The `response` of a Digest answer (RFC 2617 §3.2.2.1, MD5): with `auth`, the `qop=auth` form
 * over the nonce count and client nonce; without, the RFC 2069 form. Both sides use it: the
 * server checks callers' answers (DigestAuthenticator), the client answers trunks (digest-client.ts).
 */
export function digestResponse(input: {
  username: string; realm: string; password: string; method: string; uri: string; nonce: string; auth?: { nc: string; cnonce: string };
}): string {
  const ha1 = md5(`${input.username}:${input.realm}:${input.password}`);
  const ha2 = md5(`${input.method}:${input.uri}`);
  return input.auth ? md5(`${ha1}:${input.nonce}:${input.auth.nc}:${input.auth.cnonce}:auth:${ha2}`) : md5(`${ha1}:${input.nonce}:${ha2}`);
}

function md5(text: string): string {
  return createHash('md5').update(text).digest('hex');
}
