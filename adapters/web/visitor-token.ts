import { createHmac, webcrypto } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { UnauthorizedError } from '../../infra/errors.js';

/**
 * The web visitor's session token: the only credential of the public web channel. It is an HS256
 * JWT that clients treat as opaque. It names the bot, the visitor (a random uuid, the customer's
 * external id on the `web` channel) and, once the first message created it, the session.
 *
 * It is signed with a key derived from the service secret, not the secret itself, and carries its
 * own audience, so a visitor token is never accepted as an access token and the other way round.
 * It has no expiry: a visitor keeps their conversation as long as the browser keeps the token
 * (the same lifetime a cookie-based widget would have). Its claims are not secret (a bot name and
 * two random ids); what it protects is that nobody can forge one for another visitor's session.
 */

const ISSUER = 'switchboard';
const AUDIENCE = 'web-visitor';
const ALGORITHM = 'HS256';
const KEY_LABEL = 'switchboard/web-visitor-token/v1';

/** What a valid token says. */
export interface VisitorClaims {
  bot: string;
  visitor_id: string;
  /** Absent only until the first message has opened a session. */
  session_id?: string;
}

/** Issues and checks visitor tokens; shared by the web channel's HTTP routes, adapter and WebSocket. */
export interface VisitorTokens {
  issue(claims: VisitorClaims): Promise<string>;
  /**
   * The claims of a token this service signed. With `bot`, the token must also belong to that bot.
   * Throws UnauthorizedError (`{error:"unauthorized"}`, 401) for anything else.
   */
  verify(token: string, bot?: string): Promise<VisitorClaims>;
}

/** Tokens remembered as signed or verified; a visitor's every message presents the same one. */
const REMEMBERED_TOKENS = 10_000;

/** `secret`: the service's signing secret (the bytes `resolveJwtSecret` returns). */
export function createVisitorTokens(secret: Uint8Array): VisitorTokens {
  const raw = new Uint8Array(createHmac('sha256', secret).update(KEY_LABEL).digest());
  // Imported once: given raw bytes, jose imports a WebCrypto key on every sign and verify, which
  // was most of what a new visitor's token cost (docs/performance.md).
  const key = webcrypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  // Signing and checking an HMAC on every message was a tenth of a web turn's CPU
  // (docs/performance.md). A token never changes for the same claims, so both are remembered.
  const signed = new BoundedMap<string, string>(REMEMBERED_TOKENS);
  const verified = new BoundedMap<string, VisitorClaims>(REMEMBERED_TOKENS);
  return {
    async issue(claims) {
      const id = `${claims.bot}\n${claims.visitor_id}\n${claims.session_id ?? ''}`;
      const known = signed.get(id);
      if (known) return known;
      // No `iat`: the same claims give the same token, so a client sees it change only when the session does.
      const token = await new SignJWT({ bot: claims.bot, ...(claims.session_id ? { sid: claims.session_id } : {}) })
        .setProtectedHeader({ alg: ALGORITHM })
        .setSubject(claims.visitor_id)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .sign(await key);
      signed.set(id, token);
      verified.set(token, { ...claims });
      return token;
    },
    async verify(token, bot) {
      const claims = verified.get(token) ?? (await check(token));
      verified.set(token, claims);
      if (bot !== undefined && claims.bot !== bot) throw new UnauthorizedError('The session token belongs to another bot');
      return { ...claims };
    },
  };

  async function check(token: string): Promise<VisitorClaims> {
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(token, await key, { issuer: ISSUER, audience: AUDIENCE, algorithms: [ALGORITHM] }));
    } catch {
      throw new UnauthorizedError('The session token is invalid');
    }
    const { sub, bot: tokenBot, sid } = payload;
    if (typeof sub !== 'string' || !sub || typeof tokenBot !== 'string' || (sid !== undefined && typeof sid !== 'string')) {
      throw new UnauthorizedError('The session token is malformed');
    }
    return { bot: tokenBot, visitor_id: sub, ...(sid ? { session_id: sid } : {}) };
  }
}

/** A Map that forgets its oldest entries beyond `limit` (insertion order; a hit is not refreshed). */
class BoundedMap<K, V> extends Map<K, V> {
  constructor(private readonly limit: number) {
    super();
  }

  override set(key: K, value: V): this {
    super.delete(key);
    super.set(key, value);
    if (this.size > this.limit) this.delete(this.keys().next().value as K);
    return this;
  }
}
