import { createRemoteJWKSet, customFetch, jwtVerify, type JWTPayload } from 'jose';
import { outboundPool } from '../../infra/outbound-pool.js';
import { expiringCache } from './expiring-cache.js';

/** How far the provider's clock may be off when a token's expiry and not-before are checked, in seconds. */
export const TOKEN_CLOCK_SKEW_SECONDS = 300;
/** How long the OpenID metadata (issuer, key URL) is trusted before it is read again. */
const METADATA_TTL_MS = 24 * 3600_000;

interface Issuer {
  issuer: string;
  keys: ReturnType<typeof createRemoteJWKSet>;
  readAt: number;
}

/** What a token is checked against. */
export interface TokenExpectation {
  /** The bot's app id: the token's audience. */
  appId: string;
  openidMetadataUrl: string;
  /** The activity's `serviceUrl`: the token must name the same one, so replies go only where the provider said. */
  serviceUrl: string | undefined;
  /** The bot's `http-allow-private-networks`: whether the metadata and key URLs may be on loopback or a private network. */
  allowPrivateNetworks: boolean;
}

/**
 * The provider's signed requests (docs/channels/workchat.md, "Security"): a bearer JWT signed with
 * a key from the JWKS its OpenID metadata names, issued by that metadata's `issuer`, for the bot's
 * app id, carrying an `exp` (a token that never expires is refused) and not expired (with {@link TOKEN_CLOCK_SKEW_SECONDS} of skew), whose `serviceurl` claim is
 * the activity's `serviceUrl`. The library's own middleware fixes its key URLs to the public
 * cloud; this reads them from `workchat-openid-metadata-url` so tests run a local issuer.
 * Keys are cached per metadata URL by jose (refetched when an unknown `kid` appears). Metadata
 * and keys are fetched through the outbound door (docs/architecture.md, "Outbound requests").
 */
export function createTokenVerifier() {
  const issuerOf = expiringCache(readMetadata, (issuer) => issuer.readAt + METADATA_TTL_MS);

  return async function verify(authorization: string | undefined, expect: TokenExpectation): Promise<JWTPayload | undefined> {
    const token = /^Bearer\s+(\S+)$/i.exec(authorization?.trim() ?? '')?.[1];
    if (!token || !expect.serviceUrl) return undefined;
    try {
      const { issuer, keys } = await issuerOf(`${expect.allowPrivateNetworks}\n${expect.openidMetadataUrl}`);
      const { payload } = await jwtVerify(token, keys, {
        issuer, audience: expect.appId, clockTolerance: TOKEN_CLOCK_SKEW_SECONDS, algorithms: ['RS256'], requiredClaims: ['exp'],
      });
      const claimed = payload.serviceurl ?? payload.serviceUrl;
      return typeof claimed === 'string' && sameUrl(claimed, expect.serviceUrl) ? payload : undefined;
    } catch {
      return undefined;
    }
  };
}

/** Checks a bearer token; the verified claims, or undefined for a missing, forged, expired, never-expiring or misdirected one. */
export type TokenVerifier = ReturnType<typeof createTokenVerifier>;

/** `key`: the bot's `http-allow-private-networks`, a line break, the metadata URL. */
async function readMetadata(key: string): Promise<Issuer> {
  const [allow, url] = key.split('\n') as [string, string];
  const guarded = outboundPool({ allowPrivateNetworks: allow === 'true' }).fetch;
  const res = await guarded(url, { signal: AbortSignal.timeout(10_000) });
  if (!res.ok) throw new Error(`workchat OpenID metadata ${url}: ${res.status}`);
  const metadata = (await res.json()) as { issuer?: unknown; jwks_uri?: unknown };
  if (typeof metadata.issuer !== 'string' || typeof metadata.jwks_uri !== 'string') throw new Error(`workchat OpenID metadata ${url}: no issuer or jwks_uri`);
  return { issuer: metadata.issuer, keys: createRemoteJWKSet(new URL(metadata.jwks_uri), { [customFetch]: guarded }), readAt: Date.now() };
}

function sameUrl(a: string, b: string): boolean {
  return a.replace(/\/+$/, '').toLowerCase() === b.replace(/\/+$/, '').toLowerCase();
}
