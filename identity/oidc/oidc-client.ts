import * as oidc from 'openid-client';
import { UpstreamError } from '../../infra/errors.js';
import type { FetchFunction } from '../../infra/outbound-http.js';

/** One bot's federation settings from config.csv (docs/configuration.md, oidc-*). */
export interface FederationSettings {
  providerUrl: string;
  clientId: string;
  clientSecret: string;
}

/** What the callback must check, kept by the browser between the two redirects (sealed, see login-state.ts). */
export interface PendingLogin {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** The identity the provider vouched for, from a validated id token (and userinfo when the token omits the email). */
export interface FederatedIdentity {
  subject: string;
  email?: string;
  emailVerified: boolean;
}

/** The provider side of "sign in with your organization": authorization code + PKCE with openid-client. */
export interface FederationClient {
  start(redirectUri: string): Promise<{ url: string; pending: PendingLogin }>;
  finish(callbackUrl: URL, pending: PendingLogin): Promise<FederatedIdentity>;
}

/**
 * openid-client 6 against the provider's discovery document, fetched on first use and kept (a
 * provider down at start-up does not stop the service). Plain-http issuers are accepted only
 * because the operator configured one (tests on 127.0.0.1); https is the norm.
 *
 * Every request (discovery, keys, token, userinfo) goes through `fetch`, the outbound door's guarded
 * fetch (infra/outbound-http.ts): the issuer and whatever its discovery document names are checked
 * at the socket under the deployment's policy (OUTBOUND_ALLOW_PRIVATE_NETWORKS).
 */
export function createFederationClient(settings: FederationSettings, fetch: FetchFunction): FederationClient {
  let configuration: Promise<oidc.Configuration> | undefined;
  const config = () => (configuration ??= discover(settings, fetch).catch((error: unknown) => {
    configuration = undefined;
    throw new UpstreamError(`The identity provider's discovery failed: ${(error as Error).message}`, 'oidc_provider_error');
  }));
  return {
    async start(redirectUri) {
      const pending = { state: oidc.randomState(), nonce: oidc.randomNonce(), codeVerifier: oidc.randomPKCECodeVerifier() };
      const url = oidc.buildAuthorizationUrl(await config(), {
        redirect_uri: redirectUri, scope: 'openid email profile', state: pending.state, nonce: pending.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(pending.codeVerifier), code_challenge_method: 'S256',
      });
      return { url: url.href, pending };
    },
    async finish(callbackUrl, pending) {
      const configuration = await config();
      let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
      try {
        tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
          pkceCodeVerifier: pending.codeVerifier, expectedState: pending.state, expectedNonce: pending.nonce, idTokenExpected: true,
        });
      } catch (error) {
        throw new UpstreamError(`The identity provider refused the sign-in: ${(error as Error).message}`, 'oidc_sign_in_failed');
      }
      const claims = tokens.claims()!;
      let email = claims.email as string | undefined;
      let verified = claims.email_verified;
      if (email === undefined) {
        const info = await oidc.fetchUserInfo(configuration, tokens.access_token, claims.sub);
        email = info.email;
        verified = info.email_verified;
      }
      return { subject: claims.sub, ...(email ? { email } : {}), emailVerified: verified === true };
    },
  };
}

async function discover(settings: FederationSettings, fetch: FetchFunction): Promise<oidc.Configuration> {
  const server = new URL(settings.providerUrl);
  // The configuration keeps this fetch for every later call (openid-client's customFetch).
  return oidc.discovery(server, settings.clientId, settings.clientSecret, undefined, {
    [oidc.customFetch]: fetch,
    ...(server.protocol === 'http:' ? { execute: [oidc.allowInsecureRequests] } : {}),
  });
}
