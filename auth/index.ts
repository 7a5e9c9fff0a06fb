/** Local users and access tokens: who may call the API and with which roles. */
export {
  ROLES, PLATFORM_ROLES, TENANT_ROLES, RoleSchema, TenantRoleSchema, hasAnyRole, type Role, type TenantRole, type Principal,
} from './roles.js';
export { createTokenIssuer, type TokenIssuer, type AccessToken } from './token-issuer.js';
export { resolveJwtSecret } from './jwt-secret.js';
export { login, type LoginInput, type TenantMemberships } from './login.js';
/** One-time passwords (docs/migration/identity.md): the login refuses them with this error until changed. */
export { PasswordChangeRequiredError } from './password-change-required.js';
export { changePassword, type ChangePasswordInput } from './change-password.js';
/** Refuses tokens of users deactivated after the token was issued. */
export { activeUsersOnly } from './active-users-only.js';
export { createPasswordHasher, DEFAULT_PASSWORD_HASH_MEMORY_KIB, type PasswordHasher } from './password-hasher.js';
export { createUser, type CreateUserInput } from './create-user.js';
export { ensureAdmin, type AdminBootstrap } from './ensure-admin.js';
export type { UserDirectory, UserRecord } from './user-directory.js';
export { createLoginThrottle, LOGIN_FAILURE_RULES, type LoginThrottle } from './login-throttle.js';
export { resetPassword, MIN_PASSWORD_LENGTH } from './reset-password.js';
/** HEAR x AS LOGIN (docs/basic.md): the signed links to the sign-in page, and the sign-in itself. */
export {
  createBotSignInLinks, signInLinkKey, SignInRequestSchema, SIGN_IN_LINK_TTL_SECONDS, SIGN_IN_PATH,
  type BotSignInLinks, type SignInRequest,
} from './bot-sign-in-links.js';
export { signInToBot, signInToBotWithToken, type BotSignInOutcome, type SignedInUser, type SignInToBotDeps } from './sign-in-to-bot.js';
