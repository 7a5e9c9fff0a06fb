import { randomUUID } from 'node:crypto';
import { createUsersRepo, createGroupsRepo } from '../../db/index.js';
import { createGroupDirectory, GroupError, type IdentityProvider } from '../../groups/index.js';
import { createEmbeddedProvider } from '../../groups/providers/embedded.js';
import { createKeycloakProvider } from '../../groups/providers/keycloak.js';
import { createLdapProvider } from '../../groups/providers/ldap.js';
import { createZitadelProvider } from '../../groups/providers/zitadel.js';
import { pino } from 'pino';
import { createLogger } from '../../infra/logger.js';
import { guardedFetch } from '../../infra/outbound-http.js';
import { openTestDatabase } from '../support/drivers.js';
import { startFakeKeycloak } from '../support/fake-keycloak.js';
import { startFakeZitadel } from '../support/fake-zitadel.js';
import { startSlapd } from '../support/slapd.js';

/**
 * The one contract every identity-provider adapter passes (docs/groups.md): the embedded
 * directory on the run's database, LDAP against a private slapd. Each fixture knows three users
 * the provider already has, and how to reach a provider that fails.
 */
interface Fixture {
  idp: IdentityProvider;
  users: { id: string; username: string; email: string }[];
  /** An adapter whose provider fails (down, 5xx, too slow), for IDP_ERROR; absent where none can fail. */
  failing?: { what: string; idp: () => IdentityProvider; arm?: () => void }[];
  dispose(): Promise<void>;
}

const logger = createLogger({ level: 'silent' });
/** The fakes listen on 127.0.0.1: the deployment allows private networks (OUTBOUND_ALLOW_PRIVATE_NETWORKS), or it does not. */
const privateAllowed = guardedFetch({ allowPrivateNetworks: true });
const privateRefused = guardedFetch({ allowPrivateNetworks: false });
/** What the adapters logged at warn, to see the provider's own words reach the log (not the caller). */
const warnings: string[] = [];
const recordingLogger = pino({ level: 'warn' }, { write: (line: string) => { warnings.push(line); } });
const UNKNOWN_GROUP = '00000000-0000-4000-8000-00000000abcd';

/** [name, set-up, whether the provider can be made to fail (the embedded directory is the service's own database)]. */
const fixtures: [string, () => Promise<Fixture>, boolean][] = [
  ['embedded', async () => {
    const handle = await openTestDatabase();
    const usersRepo = createUsersRepo(handle.db);
    const users = [];
    for (const name of ['ann', 'ben', 'cid']) {
      const row = await usersRepo.insert({ username: name, email: `${name}@example.test`, password_hash: 'x' });
      users.push({ id: row.id, username: name, email: row.email });
    }
    return { idp: createEmbeddedProvider(createGroupsRepo(handle.db)), users, dispose: () => handle.close() };
  }, false],
  ['ldap', async () => {
    const slapd = await startSlapd();
    const users = [];
    for (const name of ['ann', 'ben', 'cid']) {
      await slapd.addUser(name, `${name}@example.test`);
      users.push({ id: name, username: name, email: `${name}@example.test` });
    }
    const options = {
      url: slapd.url, bindDn: slapd.bindDn, bindPassword: slapd.bindPassword, groupsDn: slapd.groupsDn, usersDn: slapd.usersDn,
      groupClass: 'groupOfNames', userIdAttribute: 'uid', timeoutMs: 2000, logger,
    };
    return {
      idp: createLdapProvider(options),
      users,
      failing: [
        { what: 'a wrong bind password', idp: () => createLdapProvider({ ...options, bindPassword: 'wrong' }) },
        { what: 'nothing listening', idp: () => createLdapProvider({ ...options, url: 'ldap://127.0.0.1:1' }) },
      ],
      dispose: () => slapd.stop(),
    };
  }, true],
  ['keycloak (fake)', async () => {
    const keycloak = await startFakeKeycloak();
    const users = ['ann', 'ben', 'cid'].map((name) => ({ id: randomUUID(), username: name, email: `${name}@example.test` }));
    for (const user of users) keycloak.addUser(user);
    const options = { url: keycloak.url, realm: keycloak.realm, clientId: keycloak.clientId, clientSecret: keycloak.clientSecret, timeoutMs: 2000, logger, fetch: privateAllowed };
    return {
      idp: createKeycloakProvider(options),
      users,
      failing: [
        { what: 'a wrong client secret', idp: () => createKeycloakProvider({ ...options, clientSecret: 'wrong' }) },
        { what: 'a 503', idp: () => createKeycloakProvider({ ...options, logger: recordingLogger }), arm: () => keycloak.failNext({ status: 503 }) },
        { what: 'a 500', idp: () => createKeycloakProvider(options), arm: () => keycloak.failNext({ status: 500 }) },
        { what: 'an answer slower than the timeout', idp: () => createKeycloakProvider({ ...options, timeoutMs: 200 }), arm: () => keycloak.failNext({ delayMs: 1000 }) },
        { what: 'nothing listening', idp: () => createKeycloakProvider({ ...options, url: 'http://127.0.0.1:1' }) },
        { what: 'a loopback IDP_URL the deployment does not allow', idp: () => createKeycloakProvider({ ...options, fetch: privateRefused }) },
      ],
      dispose: () => keycloak.stop(),
    };
  }, true],
  ['zitadel (fake)', async () => {
    const zitadel = await startFakeZitadel();
    const users = ['ann', 'ben', 'cid'].map((name, i) => ({ id: `30000000000000000${i}`, username: name, email: `${name}@example.test` }));
    for (const user of users) zitadel.addUser(user);
    const options = { url: zitadel.url, clientId: zitadel.clientId, clientSecret: zitadel.clientSecret, timeoutMs: 2000, logger, fetch: privateAllowed };
    return {
      idp: createZitadelProvider(options),
      users,
      failing: [
        { what: 'a wrong client secret', idp: () => createZitadelProvider({ ...options, clientSecret: 'wrong' }) },
        { what: 'a 503', idp: () => createZitadelProvider({ ...options, logger: recordingLogger }), arm: () => zitadel.failNext({ status: 503 }) },
        { what: 'an answer slower than the timeout', idp: () => createZitadelProvider({ ...options, timeoutMs: 200 }), arm: () => zitadel.failNext({ delayMs: 1000 }) },
        { what: 'a loopback IDP_URL the deployment does not allow', idp: () => createZitadelProvider({ ...options, fetch: privateRefused }) },
      ],
      dispose: () => zitadel.stop(),
    };
  }, true],
];

const codeOf = async (work: Promise<unknown>) => {
  try {
    await work;
  } catch (error) {
    if (error instanceof GroupError) return error.code;
    throw error;
  }
  return 'no error';
};

describe.each(fixtures)('identity provider contract: %s', (_name, setUp, canFail) => {
  let f: Fixture;
  let ann: string, ben: string, cid: string;
  beforeAll(async () => {
    f = await setUp();
    [ann, ben, cid] = f.users.map((u) => u.id) as [string, string, string];
  });
  afterAll(async () => { await f.idp.close(); await f.dispose(); });

  test('create: the group comes back with its fields; its creator owns it', async () => {
    const group = await f.idp.createGroup({ name: 'Support', description: 'Front line', domain: 'support.example.test' }, ann);
    expect(group).toMatchObject({ name: 'Support', description: 'Front line', domain: 'support.example.test', member_count: 1 });
    expect(typeof group.id).toBe('string');
    expect(group.created_at).toBeInstanceOf(Date);
    expect(await f.idp.roleOf(group.id, ann)).toBe('owner');
    expect(await f.idp.roleOf(group.id, ben)).toBeUndefined();
  });

  test('update changes name and description and keeps the rest', async () => {
    const group = await f.idp.createGroup({ name: 'Old', description: 'old', domain: 'old.example.test' }, ann);
    const updated = await f.idp.updateGroup(group.id, { name: 'New' });
    expect(updated).toMatchObject({ id: group.id, name: 'New', description: 'old', domain: 'old.example.test' });
    expect(await f.idp.updateGroup(group.id, { description: 'fresh' })).toMatchObject({ name: 'New', description: 'fresh' });
  });

  test('members: added with a role, listed with name and address, each at most once', async () => {
    const group = await f.idp.createGroup({ name: 'Team', description: '', domain: '' }, ann);
    await f.idp.addMember(group.id, ben, 'admin');
    await f.idp.addMember(group.id, cid, 'member');
    expect(await f.idp.roleOf(group.id, ben)).toBe('admin');
    expect(await f.idp.roleOf(group.id, cid)).toBe('member');
    const members = await f.idp.listMembers(group.id);
    const byId = (a: string[], b: string[]) => a[0]!.localeCompare(b[0]!);
    expect(members.map((m) => [m.user_id, m.role]).sort(byId)).toEqual([[ann, 'owner'], [ben, 'admin'], [cid, 'member']].sort(byId));
    const benRow = members.find((m) => m.user_id === ben)!;
    expect(benRow).toMatchObject({ username: 'ben', email: 'ben@example.test' });
    expect(benRow.joined_at).toBeInstanceOf(Date);
    expect(await codeOf(f.idp.addMember(group.id, ben, 'member'))).toBe('MEMBER_EXISTS');
    // What notification broadcasts read: the member ids, through the provider.
    expect((await createGroupDirectory(f.idp).listMemberIds(group.id)).sort()).toEqual([ann, ben, cid].sort());
  });

  test('remove: a member leaves; removing a non-member is MEMBER_NOT_FOUND', async () => {
    const group = await f.idp.createGroup({ name: 'Leavers', description: '', domain: '' }, ann);
    await f.idp.addMember(group.id, ben, 'admin');
    await f.idp.removeMember(group.id, ben);
    expect(await f.idp.roleOf(group.id, ben)).toBeUndefined();
    expect(await codeOf(f.idp.removeMember(group.id, ben))).toBe('MEMBER_NOT_FOUND');
    expect(await codeOf(f.idp.addMember(group.id, 'nobody-at-all', 'member'))).toBe('MEMBER_NOT_FOUND');
  });

  test('list: a page with member counts and the total; memberOf keeps a user\'s groups', async () => {
    const mine = await f.idp.createGroup({ name: 'Cid only', description: '', domain: '' }, cid);
    const all = await f.idp.listGroups({ limit: 100, offset: 0 });
    expect(all.total).toBe(all.groups.length);
    expect(all.groups.find((g) => g.id === mine.id)).toMatchObject({ name: 'Cid only', member_count: 1 });
    const page = await f.idp.listGroups({ limit: 2, offset: 1 });
    expect(page).toMatchObject({ total: all.total });
    expect(page.groups.map((g) => g.id)).toEqual(all.groups.slice(1, 3).map((g) => g.id));
    const cids = await f.idp.listGroups({ limit: 100, offset: 0, memberOf: cid });
    expect(cids.groups.map((g) => g.id)).toContain(mine.id);
    expect(cids.groups.every((g) => g.id !== all.groups.find((x) => x.name === 'Support')?.id)).toBe(true);
  });

  test('delete: the group is gone; an unknown group is GROUP_NOT_FOUND everywhere', async () => {
    const group = await f.idp.createGroup({ name: 'Gone', description: '', domain: '' }, ann);
    await f.idp.addMember(group.id, ben, 'admin');
    await f.idp.deleteGroup(group.id);
    for (const id of [group.id, UNKNOWN_GROUP, 'not-an-id']) {
      expect(await codeOf(f.idp.roleOf(id, ann))).toBe('GROUP_NOT_FOUND');
      expect(await codeOf(f.idp.updateGroup(id, { name: 'x' }))).toBe('GROUP_NOT_FOUND');
      expect(await codeOf(f.idp.deleteGroup(id))).toBe('GROUP_NOT_FOUND');
      expect(await codeOf(f.idp.listMembers(id))).toBe('GROUP_NOT_FOUND');
      expect(await codeOf(f.idp.addMember(id, cid, 'member'))).toBe('GROUP_NOT_FOUND');
      expect(await codeOf(f.idp.removeMember(id, cid))).toBe('GROUP_NOT_FOUND');
    }
  });

  if (canFail) test('a failing provider is IDP_ERROR, whatever it said; what it said is logged', async () => {
    expect(f.failing?.length).toBeGreaterThan(0);
    for (const failing of f.failing ?? []) {
      const idp = failing.idp();
      failing.arm?.();
      expect([failing.what, await codeOf(idp.listGroups({ limit: 20, offset: 0 }))]).toEqual([failing.what, 'IDP_ERROR']);
      failing.arm?.();
      expect([failing.what, await codeOf(idp.createGroup({ name: 'x', description: '', domain: '' }, ann))]).toEqual([failing.what, 'IDP_ERROR']);
      await idp.close();
    }
    if (f.failing?.some((x) => x.what === 'a 503')) {
      expect(warnings.some((line) => line.includes('internal detail 503') && line.includes('"status":503'))).toBe(true);
    }
  });
});
