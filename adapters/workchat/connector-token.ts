import { outboundPool } from '../../infra/outbound-pool.js';
import { expiringCache } from './expiring-cache.js';

/** The scope of the bot's calls to the provider's connector. */
export const CONNECTOR_SCOPE = 'https://api.botframework.com/.default';
/** A token is renewed this long before it expires, so no call goes out with a token about to lapse. */
const RENEW_BEFORE_MS = 5 * 60_000;

/** The credentials a token is asked with. */
export interface TokenCredentials {
  appId: string;
  appPassword: string;
  tokenUrl: string;
  /** The bot's `http-allow-private-networks`: whether `tokenUrl` may be on loopback or a private network. */
  allowPrivateNetworks: boolean;
}

/**
 * The bot's own access tokens for the connector (docs/channels/workchat.md): the OAuth client
 * credentials grant at `workchat-token-url` through openid-client, one cached token per
 * (token URL, app id) until shortly before it expires. Concurrent callers share one request.
 * The request goes through the outbound door (docs/architecture.md, "Outbound requests").
 */
export function createConnectorTokens(options: { now?: () => number } = {}) {
  const now = options.now ?? Date.now;
  const tokens = new Map<string, TokenCredentials>();
  const cache = expiringCache(async (key) => {
    const credentials = tokens.get(key)!;
    const url = new URL(credentials.tokenUrl);
    // openid-client loads with the first token, not at start (docs/performance.md, "Start-up").
    const oidc = await import('openid-client');
    const config = new oidc.Configuration({ issuer: url.origin, token_endpoint: url.href }, credentials.appId, credentials.appPassword);
    // Tests run the token endpoint on 127.0.0.1 over plain HTTP; the provider's is HTTPS.
    if (url.protocol === 'http:') oidc.allowInsecureRequests(config);
    config[oidc.customFetch] = outboundPool({ allowPrivateNetworks: credentials.allowPrivateNetworks }).fetch;
    const answer = await oidc.clientCredentialsGrant(config, { scope: CONNECTOR_SCOPE });
    return { token: answer.access_token, renewAt: now() + Math.max(0, (answer.expires_in ?? 3600) * 1000 - RENEW_BEFORE_MS) };
  }, (t) => t.renewAt, now);

  return async function tokenFor(credentials: TokenCredentials): Promise<string> {
    const key = `${credentials.tokenUrl}\n${credentials.appId}\n${credentials.appPassword}\n${credentials.allowPrivateNetworks}`;
    tokens.set(key, credentials);
    return (await cache(key)).token;
  };
}

/** The bot's current connector token for its credentials. */
export type ConnectorTokens = ReturnType<typeof createConnectorTokens>;
