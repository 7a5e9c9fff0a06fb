import type { Logger } from '../../infra/logger.js';
import type { FetchFunction } from '../../infra/outbound-http.js';
import { groupNotFound, idpError, memberExists, memberNotFound } from '../group-error.js';
import type { GroupRecord, GroupRole, IdentityProvider } from '../identity-provider.js';
import { createProviderHttp, idFromLocation } from './provider-http.js';

export interface KeycloakProviderOptions {
  /** The server's root, `https://sso.example.com` (IDP_URL). */
  url: string;
  realm: string;
  /** A confidential client with a service account holding realm-management's manage-users and view-users roles. */
  clientId: string;
  clientSecret: string;
  timeoutMs: number;
  logger: Logger;
  /** The outbound door with the deployment's policy (infra/outbound-http.ts): IDP_URL is a deployment-wide address. */
  fetch: FetchFunction;
}

/** Keycloak's OrganizationRepresentation, the fields the adapter reads and writes. */
interface Organization {
  id: string;
  name: string;
  alias?: string;
  enabled?: boolean;
  description?: string;
  domains?: { name: string; verified?: boolean }[];
  attributes?: Record<string, string[]>;
}
interface KeycloakUser {
  id: string;
  username?: string;
  email?: string;
}

/**
 * Organizations carry no member roles or timestamps in Keycloak, so the adapter keeps them in the
 * organization's attributes (docs/groups.md, "keycloak").
 */
const OWNERS = 'switchboard.owners';
const ADMINS = 'switchboard.admins';
const JOINED = 'switchboard.joined';
const CREATED = 'switchboard.created_at';
const UPDATED = 'switchboard.updated_at';

/**
 * IDP=keycloak: groups are organizations of one realm, through the Organizations admin REST API
 * (`/admin/realms/{realm}/organizations`, `…/{id}/members`), with a service-account token.
 */
export function createKeycloakProvider(options: KeycloakProviderOptions): IdentityProvider {
  const realm = `/admin/realms/${encodeURIComponent(options.realm)}`;
  const orgPath = (id: string) => `${realm}/organizations/${encodeURIComponent(id)}`;
  const http = createProviderHttp({
    baseUrl: options.url, timeoutMs: options.timeoutMs, logger: options.logger, fetch: options.fetch, idp: 'keycloak',
    token: {
      path: `/realms/${encodeURIComponent(options.realm)}/protocol/openid-connect/token`,
      form: { grant_type: 'client_credentials', client_id: options.clientId, client_secret: options.clientSecret },
    },
  });

  const attr = (org: Organization, name: string) => org.attributes?.[name] ?? [];
  const joinedAt = (org: Organization, userId: string) => {
    const entry = attr(org, JOINED).find((j) => j.startsWith(`${userId} `));
    return new Date(entry ? entry.slice(userId.length + 1) : attr(org, CREATED)[0] ?? 0);
  };
  const withAttributes = (org: Organization, changes: Record<string, string[]>): Organization => ({
    ...org, attributes: { ...org.attributes, ...changes, [UPDATED]: [new Date().toISOString()] },
  });

  async function readOrg(id: string): Promise<Organization> {
    const answer = await http.call('GET', orgPath(id), [200, 404]);
    if (answer.status === 404) throw groupNotFound(id);
    return answer.body as Organization;
  }
  const memberCount = async (id: string) => Number((await http.call('GET', `${orgPath(id)}/members/count`, [200])).body);
  const toGroup = (org: Organization, member_count: number): GroupRecord => ({
    id: org.id, name: org.name, description: org.description ?? '', domain: org.domains?.[0]?.name ?? '', member_count,
    created_at: new Date(attr(org, CREATED)[0] ?? 0), updated_at: new Date(attr(org, UPDATED)[0] ?? attr(org, CREATED)[0] ?? 0),
  });
  const save = (org: Organization) => http.call('PUT', orgPath(org.id), [204], { json: org });
  async function isMember(id: string, userId: string): Promise<boolean> {
    return (await http.call('GET', `${orgPath(id)}/members/${encodeURIComponent(userId)}`, [200, 404])).status === 200;
  }

  return {
    kind: 'keycloak',
    async createGroup(input, ownerId) {
      const now = new Date().toISOString();
      const created = await http.call('POST', `${realm}/organizations`, [201], {
        json: {
          name: input.name, enabled: true, description: input.description,
          domains: input.domain ? [{ name: input.domain, verified: false }] : [],
          attributes: { [OWNERS]: [ownerId], [ADMINS]: [], [JOINED]: [`${ownerId} ${now}`], [CREATED]: [now], [UPDATED]: [now] },
        },
      });
      const id = idFromLocation(created);
      if (!id) {
        options.logger.warn({ idp: 'keycloak' }, 'organization created without a Location header');
        throw idpError();
      }
      await http.call('POST', `${orgPath(id)}/members`, [201], { json: ownerId });
      return toGroup(await readOrg(id), 1);
    },
    async updateGroup(id, changes) {
      const org = await readOrg(id);
      await save(withAttributes({ ...org, ...(changes.name !== undefined ? { name: changes.name } : {}), ...(changes.description !== undefined ? { description: changes.description } : {}) }, {}));
      return toGroup(await readOrg(id), await memberCount(id));
    },
    async deleteGroup(id) {
      if ((await http.call('DELETE', orgPath(id), [204, 404])).status === 404) throw groupNotFound(id);
    },
    async listGroups(query) {
      let orgs: Organization[];
      let total: number;
      if (query.memberOf !== undefined) {
        // A user's organizations come in one answer; paged here.
        const answer = await http.call('GET', `${realm}/organizations/members/${encodeURIComponent(query.memberOf)}/organizations`, [200, 404]);
        const all = answer.status === 404 ? [] : (answer.body as Organization[]);
        total = all.length;
        orgs = all.slice(query.offset, query.offset + query.limit);
      } else {
        total = Number((await http.call('GET', `${realm}/organizations/count`, [200])).body);
        orgs = (await http.call('GET', `${realm}/organizations?first=${query.offset}&max=${query.limit}&briefRepresentation=false`, [200])).body as Organization[];
      }
      const groups = await Promise.all(orgs.map(async (org) => toGroup(org, await memberCount(org.id))));
      return { groups, total };
    },
    async roleOf(groupId, userId): Promise<GroupRole | undefined> {
      const org = await readOrg(groupId);
      if (!(await isMember(groupId, userId))) return undefined;
      if (attr(org, OWNERS).includes(userId)) return 'owner';
      return attr(org, ADMINS).includes(userId) ? 'admin' : 'member';
    },
    async listMembers(groupId) {
      const org = await readOrg(groupId);
      const users = (await http.call('GET', `${orgPath(groupId)}/members?first=0&max=1000`, [200])).body as KeycloakUser[];
      return users.map((u) => ({
        user_id: u.id, username: u.username ?? '', email: u.email ?? '', joined_at: joinedAt(org, u.id),
        role: attr(org, OWNERS).includes(u.id) ? 'owner' as const : attr(org, ADMINS).includes(u.id) ? 'admin' as const : 'member' as const,
      }));
    },
    async addMember(groupId, userId, role) {
      const org = await readOrg(groupId);
      // 409: already a member; 400: no such user in the realm.
      const answer = await http.call('POST', `${orgPath(groupId)}/members`, [201, 409, 400], { json: userId });
      if (answer.status === 409) throw memberExists(userId);
      if (answer.status === 400) throw memberNotFound(userId);
      const now = new Date().toISOString();
      await save(withAttributes(org, {
        [JOINED]: [...attr(org, JOINED).filter((j) => !j.startsWith(`${userId} `)), `${userId} ${now}`],
        ...(role === 'owner' ? { [OWNERS]: [...attr(org, OWNERS), userId] } : {}),
        ...(role === 'admin' ? { [ADMINS]: [...attr(org, ADMINS), userId] } : {}),
      }));
    },
    async removeMember(groupId, userId) {
      const org = await readOrg(groupId);
      if ((await http.call('DELETE', `${orgPath(groupId)}/members/${encodeURIComponent(userId)}`, [204, 404])).status === 404) throw memberNotFound(userId);
      const without = (name: string) => attr(org, name).filter((v) => v !== userId);
      await save(withAttributes(org, {
        [OWNERS]: without(OWNERS), [ADMINS]: without(ADMINS), [JOINED]: attr(org, JOINED).filter((j) => !j.startsWith(`${userId} `)),
      }));
    },
    close: async () => undefined,
  };
}
