/**
 * The embedded provider (docs/meetings.md, "Embedded"): nothing to install. Rooms live only in
 * the database; a join token is a JWT signed here (HS256, audience `switchboard-meet`) that the
 * signalling socket `WS /api/meet/ws` checks; media flows peer to peer between the browsers.
 */
import { jwtVerify, SignJWT } from 'jose';
import type { MeetingGrant, MeetingProvider } from '../ports.js';

const AUDIENCE = 'switchboard-meet';

/** What a verified embedded token says. */
export interface EmbeddedClaims {
  room: string;
  identity: string;
  name: string;
  roomAdmin: boolean;
  canPublish: boolean;
  /** Seconds since the epoch. */
  exp: number;
}

/** Signs and checks the embedded provider's join tokens with the service's secret. */
export interface EmbeddedTokens {
  sign(grant: MeetingGrant): Promise<string>;
  /** The claims, or undefined for a token that is forged, expired or not a meeting token. */
  verify(token: string): Promise<EmbeddedClaims | undefined>;
}

export function createEmbeddedTokens(secret: Uint8Array): EmbeddedTokens {
  return {
    sign: (grant) => new SignJWT({ room: grant.room, name: grant.name, admin: grant.roomAdmin, pub: grant.canPublish })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(grant.identity)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${Math.max(1, Math.floor(grant.ttlSeconds))}s`)
      .sign(secret),
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, secret, { audience: AUDIENCE, algorithms: ['HS256'] });
        if (typeof payload.room !== 'string' || typeof payload.sub !== 'string' || payload.exp === undefined) return undefined;
        return {
          room: payload.room, identity: payload.sub, name: typeof payload.name === 'string' ? payload.name : payload.sub,
          roomAdmin: payload.admin === true, canPublish: payload.pub !== false, exp: payload.exp,
        };
      } catch {
        return undefined;
      }
    },
  };
}

export function createEmbeddedProvider(tokens: EmbeddedTokens): MeetingProvider {
  return {
    kind: 'embedded',
    url: undefined,
    async createRoom() {
      // The row in meeting_rooms is the room; the signalling socket admits by it.
    },
    async deleteRoom() {
      // Ending is the row's ended_at: the socket closes its peers (meetings/signalling/meet-hub.ts).
    },
    token: (grant) => tokens.sign(grant),
  };
}
