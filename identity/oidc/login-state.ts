import { hkdfSync } from 'node:crypto';
import { EncryptJWT, jwtDecrypt } from 'jose';
import type { PendingLogin } from './oidc-client.js';

/** How long a browser may take at the identity provider before the sign-in must start over. */
export const LOGIN_STATE_TTL_SECONDS = 600;

/** A pending sign-in as the browser carries it: which bot's federation (of which tenant), where to go after, and the checks. */
export interface LoginState extends PendingLogin {
  bot: string;
  tenant: string;
  returnTo?: string;
}

/**
 * Seals the pending sign-in into an encrypted, expiring cookie value (A256GCM), so any instance can finish a sign-in another one started and the
 * PKCE verifier never shows in clear.
 */
export function createLoginStateSealer(key: Uint8Array) {
  // Its own key, derived from the token secret, so the two uses never share one.
  const secret = new Uint8Array(hkdfSync('sha256', key, new Uint8Array(0), 'switchboard oidc login state', 32));
  return {
    seal: (state: LoginState) => new EncryptJWT({ ...state }).setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
      .setIssuedAt().setExpirationTime(`${LOGIN_STATE_TTL_SECONDS}s`).encrypt(secret),
    async open(sealed: string): Promise<LoginState | undefined> {
      try {
        const { payload } = await jwtDecrypt(sealed, secret);
        const { bot, tenant, state, nonce, codeVerifier, returnTo } = payload as Partial<LoginState>;
        if (typeof bot !== 'string' || typeof tenant !== 'string' || typeof state !== 'string' || typeof nonce !== 'string' || typeof codeVerifier !== 'string') return undefined;
        return { bot, tenant, state, nonce, codeVerifier, ...(typeof returnTo === 'string' ? { returnTo } : {}) };
      } catch {
        return undefined;
      }
    },
  };
}

export type LoginStateSealer = ReturnType<typeof createLoginStateSealer>;
