import { randomUUID } from 'node:crypto';
import {
  Attribute, Change, Client, EqualityFilter, NoSuchAttributeError, NoSuchObjectError, DN, TypeOrValueExistsError, type Entry,
} from 'ldapts';
import type { Logger } from '../../infra/logger.js';
import { GroupError, groupNotFound, idpError, memberExists, memberNotFound } from '../group-error.js';
import type { GroupRecord, GroupRole, IdentityProvider, MemberRecord } from '../identity-provider.js';

export interface LdapProviderOptions {
  /** `ldap://host:port` or `ldaps://…` (IDP_URL). */
  url: string;
  bindDn: string;
  bindPassword: string;
  /** Where the group entries live (LDAP_GROUPS_DN). */
  groupsDn: string;
  /** Where the user entries live (LDAP_USERS_DN); a user id is the value of `userIdAttribute` there. */
  usersDn: string;
  /** `groupOfNames` by default (LDAP_GROUP_CLASS); any class with cn, member, owner, o, description, businessCategory. */
  groupClass: string;
  userIdAttribute: string;
  timeoutMs: number;
  logger: Logger;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const GROUP_ATTRIBUTES = ['cn', 'o', 'description', 'businessCategory', 'member', 'owner', 'createTimestamp', 'modifyTimestamp'];
/** The group's admins are the members of its `cn=admins` child entry (docs/groups.md, "ldap"). */
const ADMINS_RDN = 'cn=admins';

/**
 * IDP=ldap: a group is an entry `cn=<id>` of `groupClass` under `groupsDn`: `o` its name,
 * `description`, `businessCategory` its domain, `member` the DNs of its members, `owner` its
 * owner's DN; group admins are the `member`s of the child entry `cn=admins`. Every operation binds
 * anew and unbinds, so no connection outlives a request.
 */
export function createLdapProvider(options: LdapProviderOptions): IdentityProvider {
  const userDn = (userId: string) => `${new DN({ [options.userIdAttribute]: userId }).toString()},${options.usersDn}`;
  const groupDn = (id: string) => `cn=${id},${options.groupsDn}`;
  const same = (a: string, b: string) => a.replace(/\s/g, '').toLowerCase() === b.replace(/\s/g, '').toLowerCase();

  async function session<T>(work: (client: Client) => Promise<T>): Promise<T> {
    const client = new Client({ url: options.url, timeout: options.timeoutMs, connectTimeout: options.timeoutMs });
    try {
      await client.bind(options.bindDn, options.bindPassword);
      return await work(client);
    } catch (error) {
      if (error instanceof GroupError) throw error;
      options.logger.warn({ err: error, idp: 'ldap' }, 'identity provider call failed');
      throw idpError();
    } finally {
      await client.unbind().catch(() => undefined);
    }
  }

  const values = (entry: Entry, name: string): string[] => {
    const value = entry[name];
    if (value === undefined) return [];
    return (Array.isArray(value) ? value : [value]).map(String);
  };
  const first = (entry: Entry, name: string) => values(entry, name)[0] ?? '';
  /** LDAP generalized time (`20261125081500Z`) as a Date. */
  const timeOf = (entry: Entry, name: string) => {
    const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})/.exec(first(entry, name));
    return m ? new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!)) : new Date(0);
  };
  const toGroup = (entry: Entry): GroupRecord => ({
    id: first(entry, 'cn'), name: first(entry, 'o'), description: first(entry, 'description'), domain: first(entry, 'businessCategory'),
    member_count: values(entry, 'member').length, created_at: timeOf(entry, 'createTimestamp'), updated_at: timeOf(entry, 'modifyTimestamp'),
  });

  /** The group's entry, or GROUP_NOT_FOUND; ids are UUIDs, anything else is unknown. */
  async function readGroup(client: Client, id: string): Promise<Entry> {
    if (!UUID.test(id)) throw groupNotFound(id);
    try {
      const { searchEntries } = await client.search(groupDn(id), { scope: 'base', attributes: GROUP_ATTRIBUTES });
      if (searchEntries[0]) return searchEntries[0];
    } catch (error) {
      if (!(error instanceof NoSuchObjectError)) throw error;
    }
    throw groupNotFound(id);
  }
  async function adminDns(client: Client, id: string): Promise<string[]> {
    try {
      const { searchEntries } = await client.search(`${ADMINS_RDN},${groupDn(id)}`, { scope: 'base', attributes: ['member'] });
      return searchEntries[0] ? values(searchEntries[0], 'member') : [];
    } catch (error) {
      if (error instanceof NoSuchObjectError) return [];
      throw error;
    }
  }
  async function userExists(client: Client, userId: string): Promise<boolean> {
    try {
      const { searchEntries } = await client.search(userDn(userId), { scope: 'base', attributes: ['dn'] });
      return searchEntries.length > 0;
    } catch (error) {
      if (error instanceof NoSuchObjectError) return false;
      throw error;
    }
  }
  const roleIn = (group: Entry, admins: string[], dn: string): GroupRole | undefined => {
    if (values(group, 'owner').some((o) => same(o, dn))) return 'owner';
    if (!values(group, 'member').some((m) => same(m, dn))) return undefined;
    return admins.some((a) => same(a, dn)) ? 'admin' : 'member';
  };
  const userIdOf = (dn: string) => {
    const rdn = dn.split(',')[0] ?? '';
    return rdn.slice(rdn.indexOf('=') + 1).replace(/\\(.)/g, '$1');
  };

  return {
    kind: 'ldap',
    createGroup: (input, ownerId) => session(async (client) => {
      const id = randomUUID();
      const owner = userDn(ownerId);
      await client.add(groupDn(id), {
        objectClass: options.groupClass, cn: id, o: input.name, member: owner, owner,
        ...(input.description ? { description: input.description } : {}), ...(input.domain ? { businessCategory: input.domain } : {}),
      });
      return toGroup(await readGroup(client, id));
    }),
    updateGroup: (id, changes) => session(async (client) => {
      await readGroup(client, id);
      const replace = (type: string, value: string) => new Change({ operation: 'replace', modification: new Attribute({ type, values: value ? [value] : [] }) });
      const mods = [
        ...(changes.name !== undefined ? [replace('o', changes.name)] : []),
        ...(changes.description !== undefined ? [replace('description', changes.description)] : []),
      ];
      if (mods.length) await client.modify(groupDn(id), mods);
      return toGroup(await readGroup(client, id));
    }),
    deleteGroup: (id) => session(async (client) => {
      await readGroup(client, id);
      if ((await adminDns(client, id)).length) await client.del(`${ADMINS_RDN},${groupDn(id)}`);
      await client.del(groupDn(id));
    }),
    listGroups: (query) => session(async (client) => {
      const classFilter = new EqualityFilter({ attribute: 'objectClass', value: options.groupClass }).toString();
      const memberFilter = query.memberOf === undefined ? '' : new EqualityFilter({ attribute: 'member', value: userDn(query.memberOf) }).toString();
      const { searchEntries } = await client.search(options.groupsDn, {
        scope: 'one', filter: memberFilter ? `(&${classFilter}${memberFilter})` : classFilter, attributes: GROUP_ATTRIBUTES,
      });
      // LDAP returns entries in no set order: oldest first, then by id, as the embedded directory does.
      const groups = searchEntries.map(toGroup)
        .sort((a, b) => a.created_at.getTime() - b.created_at.getTime() || a.id.localeCompare(b.id));
      return { groups: groups.slice(query.offset, query.offset + query.limit), total: groups.length };
    }),
    roleOf: (groupId, userId) => session(async (client) => roleIn(await readGroup(client, groupId), await adminDns(client, groupId), userDn(userId))),
    listMembers: (groupId) => session(async (client) => {
      const group = await readGroup(client, groupId);
      const admins = await adminDns(client, groupId);
      const joined = timeOf(group, 'createTimestamp'); // LDAP keeps no time per member value
      const members: MemberRecord[] = [];
      for (const dn of values(group, 'member')) {
        const { searchEntries } = await client.search(dn, { scope: 'base', attributes: [options.userIdAttribute, 'mail'] }).catch(() => ({ searchEntries: [] }));
        const user = searchEntries[0];
        const userId = user ? first(user, options.userIdAttribute) : userIdOf(dn);
        members.push({ user_id: userId, username: userId, email: user ? first(user, 'mail') : '', role: roleIn(group, admins, dn) ?? 'member', joined_at: joined });
      }
      return members;
    }),
    addMember: (groupId, userId, role) => session(async (client) => {
      const group = await readGroup(client, groupId);
      const dn = userDn(userId);
      if (values(group, 'member').some((m) => same(m, dn))) throw memberExists(userId);
      if (!(await userExists(client, userId))) throw memberNotFound(userId);
      const add = (type: string) => new Change({ operation: 'add', modification: new Attribute({ type, values: [dn] }) });
      try {
        await client.modify(groupDn(groupId), [add('member'), ...(role === 'owner' ? [add('owner')] : [])]);
      } catch (error) {
        if (error instanceof TypeOrValueExistsError) throw memberExists(userId);
        throw error;
      }
      if (role !== 'admin') return;
      if ((await adminDns(client, groupId)).length) await client.modify(`${ADMINS_RDN},${groupDn(groupId)}`, [add('member')]);
      else await client.add(`${ADMINS_RDN},${groupDn(groupId)}`, { objectClass: 'groupOfNames', cn: 'admins', member: dn });
    }),
    removeMember: (groupId, userId) => session(async (client) => {
      const group = await readGroup(client, groupId);
      const dn = userDn(userId);
      const stored = values(group, 'member').find((m) => same(m, dn));
      if (stored === undefined) throw memberNotFound(userId);
      const admins = await adminDns(client, groupId);
      const admin = admins.find((a) => same(a, dn));
      if (admin !== undefined) {
        if (admins.length === 1) await client.del(`${ADMINS_RDN},${groupDn(groupId)}`);
        else await client.modify(`${ADMINS_RDN},${groupDn(groupId)}`, [new Change({ operation: 'delete', modification: new Attribute({ type: 'member', values: [admin] }) })]);
      }
      const owner = values(group, 'owner').find((o) => same(o, dn));
      const del = (type: string, value: string) => new Change({ operation: 'delete', modification: new Attribute({ type, values: [value] }) });
      try {
        await client.modify(groupDn(groupId), [del('member', stored), ...(owner !== undefined ? [del('owner', owner)] : [])]);
      } catch (error) {
        if (error instanceof NoSuchAttributeError) throw memberNotFound(userId);
        throw error;
      }
    }),
    close: async () => undefined,
  };
}
