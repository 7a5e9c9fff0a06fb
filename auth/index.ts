/** Local users and access tokens: who may call the API and with which roles. */
export { ROLES, RoleSchema, hasAnyRole, type Role, type Principal } from './roles.js';
export { createTokenIssuer, type TokenIssuer, type AccessToken } from './token-issuer.js';
export { resolveJwtSecret } from './jwt-secret.js';
export { login, type LoginInput } from './login.js';
export { createUser, type CreateUserInput } from './create-user.js';
export { ensureAdmin, type AdminBootstrap } from './ensure-admin.js';
export type { UserDirectory, UserRecord } from './user-directory.js';
export { createLoginThrottle, LOGIN_FAILURE_RULES, type LoginThrottle } from './login-throttle.js';
export { resetPassword } from './reset-password.js';
