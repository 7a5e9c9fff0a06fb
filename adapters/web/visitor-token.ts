import { createHmac, webcrypto } from 'node:crypto';
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import { UnauthorizedError } from '../../infra/errors.js';

/**
 * The web visitor's session token: the only credential of the public web channel. It is an HS256
 * JWT that clients treat as opaque. It names the bot, the visitor (a random uuid, the customer's
 * external id on the `web` channel) and, once the first message created it, the session.
 *
 * It is signed with a key derived from the service secret, not the secret itself, and carries its
 * own audience, so a visitor token is never accepted as an access token and the other way round.
 * It expires `web-session-ttl-days` after it was issued (30 by default), and the expiry slides:
 * every answer of the web channel brings a token valid for the full period again, and a client
 * that only reads can renew its token (README, "Security model"). Its claims are not secret (a bot
 * name and two random ids); what it protects is that nobody can forge one for another visitor's session.
 */
const ISSUER = 'switchboard';
const AUDIENCE = 'web-visitor';
const ALGORITHM = 'HS256';
const KEY_LABEL = 'switchboard/web-visitor-token/v1';
const DAY_SECONDS = 86_400;
/** The lifetime when the bot's config says nothing (`web-session-ttl-days`). */
export const DEFAULT_VISITOR_TOKEN_TTL_SECONDS = 30 * DAY_SECONDS;

/** What a valid token says. */
export interface VisitorClaims {
  bot: string;
  visitor_id: string;
  /** Absent only until the first message has opened a session. */
  session_id?: string;
}

/** A token and when it stops being accepted. */
export interface IssuedVisitorToken {
  token: string;
  expiresAt: Date;
}

/** Issues and checks visitor tokens; shared by the web channel's HTTP routes, adapter and WebSocket. */
export interface VisitorTokens {
  issue(claims: VisitorClaims): Promise<string>;
  /** Like `issue`, with the expiry (the renew endpoint answers it). */
  issueWithExpiry(claims: VisitorClaims): Promise<IssuedVisitorToken>;
  /**
   * The claims of a token this service signed that has not expired. With `bot`, the token must
   * also belong to that bot. Throws UnauthorizedError (`{error:"unauthorized"}`, 401) for anything else.
   */
  verify(token: string, bot?: string): Promise<VisitorClaims>;
}

/** Options of {@link createVisitorTokens}. */
export interface VisitorTokenOptions {
  /** The bot's token lifetime in seconds (config `web-session-ttl-days`); 30 days when absent. */
  ttlSecondsFor?: (bot: string) => number;
  /** The clock, in milliseconds (tests move it). */
  now?: () => number;
}

/** Tokens remembered as signed or verified; a visitor's every message presents the same one. */
const REMEMBERED_TOKENS = 10_000;

/** `secret`: the service's signing secret (the bytes `resolveJwtSecret` returns). */
export function createVisitorTokens(secret: Uint8Array, options: VisitorTokenOptions = {}): VisitorTokens {
  const raw = new Uint8Array(createHmac('sha256', secret).update(KEY_LABEL).digest());
  // Imported once: given raw bytes, jose imports a WebCrypto key on every sign and verify, which
  // was most of what a new visitor's token cost (docs/performance.md).
  const key = webcrypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  const ttlOf = options.ttlSecondsFor ?? (() => DEFAULT_VISITOR_TOKEN_TTL_SECONDS);
  const nowSeconds = () => Math.floor((options.now ?? Date.now)() / 1000);
  // Signing and checking an HMAC on every message was a tenth of a web turn's CPU
  // (docs/performance.md). So a signed token is reused for the same claims until a thirtieth of
  // its lifetime has passed (a day of 30): the expiry slides by that step, not on every message.
  const signed = new BoundedMap<string, { token: string; exp: number; iat: number }>(REMEMBERED_TOKENS);
  const verified = new BoundedMap<string, { claims: VisitorClaims; exp: number }>(REMEMBERED_TOKENS);

  async function issueWithExpiry(claims: VisitorClaims): Promise<IssuedVisitorToken> {
    const id = `${claims.bot}\n${claims.visitor_id}\n${claims.session_id ?? ''}`;
    const ttl = ttlOf(claims.bot);
    const now = nowSeconds();
    const known = signed.get(id);
    if (known && now - known.iat < Math.max(1, Math.floor(ttl / 30)) && known.exp > now) {
      return { token: known.token, expiresAt: new Date(known.exp * 1000) };
    }
    const exp = now + ttl;
    const token = await new SignJWT({ bot: claims.bot, ...(claims.session_id ? { sid: claims.session_id } : {}) })
      .setProtectedHeader({ alg: ALGORITHM })
      .setSubject(claims.visitor_id)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(now)
      .setExpirationTime(exp)
      .sign(await key);
    signed.set(id, { token, exp, iat: now });
    verified.set(token, { claims: { ...claims }, exp });
    return { token, expiresAt: new Date(exp * 1000) };
  }

  return {
    issueWithExpiry,
    issue: async (claims) => (await issueWithExpiry(claims)).token,
    async verify(token, bot) {
      const known = verified.get(token);
      const entry = known && known.exp > nowSeconds() ? known : await check(token);
      // Remembered once: moving a hit to the back of the map on every message cost more than it kept.
      if (entry !== known) verified.set(token, entry);
      if (bot !== undefined && entry.claims.bot !== bot) throw new UnauthorizedError('The session token belongs to another bot');
      return { ...entry.claims };
    },
  };

  async function check(token: string): Promise<{ claims: VisitorClaims; exp: number }> {
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(token, await key, {
        issuer: ISSUER, audience: AUDIENCE, algorithms: [ALGORITHM], requiredClaims: ['exp'], currentDate: new Date(nowSeconds() * 1000),
      }));
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw new UnauthorizedError('The session token has expired');
      throw new UnauthorizedError('The session token is invalid');
    }
    const { sub, bot: tokenBot, sid, exp } = payload;
    if (typeof sub !== 'string' || !sub || typeof tokenBot !== 'string' || (sid !== undefined && typeof sid !== 'string') || typeof exp !== 'number') {
      throw new UnauthorizedError('The session token is malformed');
    }
    return { claims: { bot: tokenBot, visitor_id: sub, ...(sid ? { session_id: sid } : {}) }, exp };
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
