/**
 * Identity migration (docs/migration/identity.md): bringing an organization's users in from
 * where they live today — SCIM provisioning, LDAP directory sync, CSV import, bulk one-time
 * passwords — and signing them in through their own identity provider (OIDC federation).
 * Accounts stay in the users table of auth/; groups go through the groups area's provider port.
 */
export type { IdentityUserStore, UserSource } from './identity-store.js';
export { UserProfileSchema, type UserProfile } from './user-profile.js';
export { upsertUser, type UpsertAction } from './upsert-user.js';
/** The SCIM 2.0 service provider behind `/scim/v2`. */
export {
  createScimService, SCIM_BASE_PATH, type ScimAnswer, type ScimCollection, type ScimQuery, type ScimService,
} from './scim/scim-server.js';
export type { ScimContext } from './scim/scim-context.js';
/** OIDC federation: the provider's client, the sealed pending sign-in and the account decision. */
export { createFederations, type Federation, type Federations } from './oidc/federations.js';
export type { FederationSettings, FederatedIdentity } from './oidc/oidc-client.js';
export { createLoginStateSealer, LOGIN_STATE_TTL_SECONDS, type LoginState, type LoginStateSealer } from './oidc/login-state.js';
export { federatedSignIn, type FederatedAccounts } from './oidc/federated-sign-in.js';
/** CSV import and bulk one-time passwords (the `import users` and `credentials generate` commands). */
export { importUsers, parseUsersCsv, USER_CSV_COLUMNS, type ImportReport, type UserCsvRow } from './import-users.js';
export { generateCredentials, parseUserFilter, type OneTimeCredential } from './generate-credentials.js';
/** `switchboard sync ldap`: settings, the ldapts reader and the sync. */
export { readLdapSyncSettings, type LdapSyncSettings } from './ldap/ldap-sync-settings.js';
export { createLdapDirectory, type DirectoryReader, type DirectoryEntry } from './ldap/ldap-directory.js';
export { syncLdap, type LdapSyncReport } from './ldap/sync-ldap.js';
