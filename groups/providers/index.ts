import type { Logger } from '../../infra/logger.js';
import type { FetchFunction } from '../../infra/outbound-http.js';
import type { IdentityProvider } from '../identity-provider.js';
import { createEmbeddedProvider, type EmbeddedDirectoryStore } from './embedded.js';
import { createKeycloakProvider } from './keycloak.js';
import { createZitadelProvider } from './zitadel.js';

/** The process settings the adapters read (config/process-settings.ts; README lists each). */
export interface IdentityProviderSettings {
  IDP: 'embedded' | 'keycloak' | 'zitadel' | 'ldap';
  IDP_URL?: string | undefined;
  IDP_TIMEOUT_MS: number;
  KEYCLOAK_REALM?: string | undefined;
  KEYCLOAK_CLIENT_ID?: string | undefined;
  KEYCLOAK_CLIENT_SECRET?: string | undefined;
  ZITADEL_CLIENT_ID?: string | undefined;
  ZITADEL_CLIENT_SECRET?: string | undefined;
  LDAP_BIND_DN?: string | undefined;
  LDAP_BIND_PASSWORD?: string | undefined;
  LDAP_GROUPS_DN?: string | undefined;
  LDAP_USERS_DN?: string | undefined;
  LDAP_GROUP_CLASS: string;
  LDAP_USER_ID_ATTRIBUTE: string;
}

/**
 * The one place that picks the adapter for `IDP`; the settings were checked at start-up. `deps.fetch`
 * is the outbound door with the deployment's policy (Keycloak and Zitadel are reached over HTTP through it).
 * The LDAP client library loads only for `IDP=ldap` (docs/performance.md, "Start-up").
 */
export async function createIdentityProvider(
  settings: IdentityProviderSettings, deps: { embedded: EmbeddedDirectoryStore; logger: Logger; fetch: FetchFunction },
): Promise<IdentityProvider> {
  switch (settings.IDP) {
    case 'embedded':
      return createEmbeddedProvider(deps.embedded);
    case 'ldap': {
      const { createLdapProvider } = await import('./ldap.js');
      return createLdapProvider({
        url: settings.IDP_URL!, bindDn: settings.LDAP_BIND_DN!, bindPassword: settings.LDAP_BIND_PASSWORD!,
        groupsDn: settings.LDAP_GROUPS_DN!, usersDn: settings.LDAP_USERS_DN!, groupClass: settings.LDAP_GROUP_CLASS,
        userIdAttribute: settings.LDAP_USER_ID_ATTRIBUTE, timeoutMs: settings.IDP_TIMEOUT_MS, logger: deps.logger,
      });
    }
    case 'keycloak':
      return createKeycloakProvider({
        url: settings.IDP_URL!, realm: settings.KEYCLOAK_REALM!, clientId: settings.KEYCLOAK_CLIENT_ID!,
        clientSecret: settings.KEYCLOAK_CLIENT_SECRET!, timeoutMs: settings.IDP_TIMEOUT_MS, logger: deps.logger, fetch: deps.fetch,
      });
    case 'zitadel':
      return createZitadelProvider({
        url: settings.IDP_URL!, clientId: settings.ZITADEL_CLIENT_ID!, clientSecret: settings.ZITADEL_CLIENT_SECRET!,
        timeoutMs: settings.IDP_TIMEOUT_MS, logger: deps.logger, fetch: deps.fetch,
      });
  }
}
