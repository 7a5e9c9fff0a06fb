import { createVisitorTokens } from '../adapters/index.js';
import {
  activeUsersOnly, createBotSignInLinks, createLoginThrottle, createPasswordHasher, createTokenIssuer, ensureAdmin, resolveJwtSecret, signInLinkKey,
} from '../auth/index.js';
import type { ProcessSettings } from '../config/index.js';
import { createUsersRepo } from '../db/index.js';
import type { Logger } from '../infra/logger.js';
import type { BotRegistry } from './bot-registry.js';
import type { FirstStart } from './first-start-banner.js';
import type { Infrastructure } from './infrastructure.js';
import type { PublicUrl } from './public-url.js';

/** How long a token minted to pass a call command to another instance is valid: that one request. */
const CALL_COMMAND_TOKEN_SECONDS = 60;

/** Users, the signing secret and what it signs: API tokens, web visitors' tokens, HEAR x AS LOGIN links; the admin account. */
export async function wireAuth(settings: ProcessSettings, infra: Infrastructure, bots: BotRegistry, publicUrl: PublicUrl, logger: Logger) {
  const users = createUsersRepo(infra.database.db);
  const passwords = createPasswordHasher(settings.PASSWORD_HASH_MEMORY_KIB);
  const secret = await resolveJwtSecret({ jwtSecret: settings.JWT_SECRET, dataDir: settings.DATA_DIR });
  if (settings.DATABASE_URL && !settings.JWT_SECRET) {
    logger.warn('JWT_SECRET is not set: tokens are signed with a secret kept in DATA_DIR, so instances that do not share DATA_DIR reject each other\'s tokens');
  }
  const admin = await ensureAdmin({ users, passwords, logger }, { email: settings.ADMIN_EMAIL, password: settings.ADMIN_PASSWORD, username: settings.ADMIN_USERNAME });
  // What the start banner shows (app/first-start-banner.ts) when this start created the admin.
  const firstStart: FirstStart | undefined = admin.created
    ? { admin: admin.username, ...(admin.generatedPassword ? { password: admin.generatedPassword } : {}) } : undefined;
  return {
    firstStart,
    users,
    passwords,
    secret,
    // Tokens of users deactivated since (SCIM, directory sync, import) are refused (docs/migration/identity.md).
    tokens: activeUsersOnly(createTokenIssuer(secret, settings.JWT_TTL_SECONDS), (id) => users.isActive(id)),
    // An attendant's token for one call command passed to the instance holding the call (app/call-ports.ts): a minute.
    callCommandTokens: createTokenIssuer(secret, CALL_COMMAND_TOKEN_SECONDS),
    visitorTokens: createVisitorTokens(secret, {
      ttlSecondsFor: (bot) => (bots.named(bot)?.config['web-session-ttl-days'] ?? 30) * 86_400,
    }),
    loginThrottle: createLoginThrottle(infra.rateLimiter),
    // HEAR x AS LOGIN: signed links to the sign-in page, valid 15 minutes (docs/basic.md, "HEAR AS LOGIN").
    signInLinks: createBotSignInLinks({ key: signInLinkKey(secret), publicUrl }),
  };
}

export type AuthWiring = Awaited<ReturnType<typeof wireAuth>>;
