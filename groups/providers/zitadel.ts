import type { Logger } from '../../infra/logger.js';
import type { FetchFunction } from '../../infra/outbound-http.js';
import { groupNotFound, memberExists, memberNotFound } from '../group-error.js';
import type { GroupRecord, GroupRole, IdentityProvider, MemberRecord } from '../identity-provider.js';
import { createProviderHttp } from './provider-http.js';

export interface ZitadelProviderOptions {
  /** The instance's root, `https://example.zitadel.cloud` (IDP_URL). */
  url: string;
  /** A service user's client credentials; it needs IAM_ORG_MANAGER (docs/groups.md, "zitadel"). */
  clientId: string;
  clientSecret: string;
  timeoutMs: number;
  logger: Logger;
  /** The outbound door with the deployment's policy (infra/outbound-http.ts): IDP_URL is a deployment-wide address. */
  fetch: FetchFunction;
}

/** How the group roles map to Zitadel's organization member roles. */
export const ZITADEL_ROLES: Record<GroupRole, string> = { owner: 'ORG_OWNER', admin: 'ORG_USER_MANAGER', member: 'ORG_USER_SELF_MANAGER' };
const roleOfMember = (roles: string[] = []): GroupRole =>
  roles.includes(ZITADEL_ROLES.owner) ? 'owner' : roles.includes(ZITADEL_ROLES.admin) ? 'admin' : 'member';

interface ZitadelOrg { id: string; name: string; details?: { creationDate?: string; changeDate?: string } }
interface ZitadelMember { userId: string; roles?: string[]; preferredLoginName?: string; email?: string; details?: { creationDate?: string } }

/** Zitadel organizations keep no description; the adapter keeps it, and the domain, as organization metadata. */
const DESCRIPTION = 'switchboard.description';
const DOMAIN = 'switchboard.domain';

/**
 * IDP=zitadel: groups are organizations, through the management API (`/management/v1/orgs/me…`
 * with the `x-zitadel-orgid` header) and the admin API's organization search, with a service
 * user's client-credentials token.
 */
export function createZitadelProvider(options: ZitadelProviderOptions): IdentityProvider {
  const http = createProviderHttp({
    baseUrl: options.url, timeoutMs: options.timeoutMs, logger: options.logger, fetch: options.fetch, idp: 'zitadel',
    token: {
      path: '/oauth/v2/token',
      form: { grant_type: 'client_credentials', client_id: options.clientId, client_secret: options.clientSecret, scope: 'openid urn:zitadel:iam:org:project:id:zitadel:aud' },
    },
  });
  const inOrg = (id: string) => ({ 'x-zitadel-orgid': id });
  const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

  async function readOrg(id: string): Promise<ZitadelOrg> {
    const answer = await http.call('GET', '/management/v1/orgs/me', [200, 404], { headers: inOrg(id) });
    if (answer.status === 404) throw groupNotFound(id);
    return (answer.body as { org: ZitadelOrg }).org;
  }
  async function metadata(id: string, key: string): Promise<string> {
    const answer = await http.call('GET', `/management/v1/metadata/${encodeURIComponent(key)}`, [200, 404], { headers: inOrg(id) });
    const value = (answer.body as { metadata?: { value?: string } } | undefined)?.metadata?.value;
    return answer.status === 200 && value ? Buffer.from(value, 'base64').toString('utf8') : '';
  }
  const setMetadata = (id: string, key: string, value: string) =>
    http.call('POST', `/management/v1/metadata/${encodeURIComponent(key)}`, [200], { headers: inOrg(id), json: { value: base64(value) } });
  async function members(id: string, limit: number): Promise<{ result: ZitadelMember[]; total: number }> {
    const answer = await http.call('POST', '/management/v1/orgs/me/members/_search', [200], { headers: inOrg(id), json: { query: { offset: '0', limit, asc: true } } });
    const body = answer.body as { details?: { totalResult?: string | number }; result?: ZitadelMember[] };
    return { result: body.result ?? [], total: Number(body.details?.totalResult ?? 0) };
  }
  async function toGroup(org: ZitadelOrg): Promise<GroupRecord> {
    const [description, domain, { total }] = await Promise.all([metadata(org.id, DESCRIPTION), metadata(org.id, DOMAIN), members(org.id, 1)]);
    const created = new Date(org.details?.creationDate ?? 0);
    return { id: org.id, name: org.name, description, domain, member_count: total, created_at: created, updated_at: new Date(org.details?.changeDate ?? created) };
  }
  async function memberOf(groupId: string, userId: string): Promise<ZitadelMember | undefined> {
    const answer = await http.call('POST', '/management/v1/orgs/me/members/_search', [200], {
      headers: inOrg(groupId), json: { query: { limit: 1 }, queries: [{ userIdQuery: { userId } }] },
    });
    return (answer.body as { result?: ZitadelMember[] }).result?.[0];
  }

  return {
    kind: 'zitadel',
    async createGroup(input, ownerId) {
      const created = await http.call('POST', '/management/v1/orgs', [200, 201], { json: { name: input.name } });
      const id = (created.body as { id: string }).id;
      if (input.description) await setMetadata(id, DESCRIPTION, input.description);
      if (input.domain) {
        await http.call('POST', '/management/v1/orgs/me/domains', [200], { headers: inOrg(id), json: { domain: input.domain } });
        await setMetadata(id, DOMAIN, input.domain);
      }
      await http.call('POST', '/management/v1/orgs/me/members', [200], { headers: inOrg(id), json: { userId: ownerId, roles: [ZITADEL_ROLES.owner] } });
      return toGroup(await readOrg(id));
    },
    async updateGroup(id, changes) {
      await readOrg(id);
      if (changes.name !== undefined) await http.call('PUT', '/management/v1/orgs/me', [200], { headers: inOrg(id), json: { name: changes.name } });
      if (changes.description !== undefined) await setMetadata(id, DESCRIPTION, changes.description);
      return toGroup(await readOrg(id));
    },
    async deleteGroup(id) {
      await readOrg(id);
      await http.call('DELETE', '/management/v1/orgs/me', [200], { headers: inOrg(id) });
    },
    async listGroups(query) {
      if (query.memberOf !== undefined) {
        const answer = await http.call('POST', `/management/v1/users/${encodeURIComponent(query.memberOf)}/memberships/_search`, [200, 404], { json: { query: { limit: 1000 } } });
        const orgIds = [...new Set(((answer.body as { result?: { orgId?: string }[] } | undefined)?.result ?? []).flatMap((m) => (m.orgId ? [m.orgId] : [])))];
        const page = orgIds.slice(query.offset, query.offset + query.limit);
        return { groups: await Promise.all(page.map(async (id) => toGroup(await readOrg(id)))), total: orgIds.length };
      }
      const answer = await http.call('POST', '/admin/v1/orgs/_search', [200], { json: { query: { offset: String(query.offset), limit: query.limit, asc: true } } });
      const body = answer.body as { details?: { totalResult?: string | number }; result?: ZitadelOrg[] };
      return { groups: await Promise.all((body.result ?? []).map(toGroup)), total: Number(body.details?.totalResult ?? 0) };
    },
    async roleOf(groupId, userId) {
      await readOrg(groupId);
      const member = await memberOf(groupId, userId);
      return member && roleOfMember(member.roles);
    },
    async listMembers(groupId) {
      await readOrg(groupId);
      const { result } = await members(groupId, 1000);
      return result.map((m): MemberRecord => ({
        user_id: m.userId, username: m.preferredLoginName ?? '', email: m.email ?? '', role: roleOfMember(m.roles),
        joined_at: new Date(m.details?.creationDate ?? 0),
      }));
    },
    async addMember(groupId, userId, role) {
      await readOrg(groupId);
      // 409: already a member; 404: no such user (the organization was found just before).
      const answer = await http.call('POST', '/management/v1/orgs/me/members', [200, 404, 409], { headers: inOrg(groupId), json: { userId, roles: [ZITADEL_ROLES[role]] } });
      if (answer.status === 409) throw memberExists(userId);
      if (answer.status === 404) throw memberNotFound(userId);
    },
    async removeMember(groupId, userId) {
      await readOrg(groupId);
      const answer = await http.call('DELETE', `/management/v1/orgs/me/members/${encodeURIComponent(userId)}`, [200, 404], { headers: inOrg(groupId) });
      if (answer.status === 404) throw memberNotFound(userId);
    },
    close: async () => undefined,
  };
}
