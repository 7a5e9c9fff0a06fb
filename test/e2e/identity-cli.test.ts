import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Attribute, Change, Client } from 'ldapts';
import { changePassword, createTokenIssuer, login, PasswordChangeRequiredError } from '../../auth/index.js';
import { createDirectoryUsersRepo, createGroupsRepo, createTenantsRepo, createUsersRepo, openDatabase, type DatabaseHandle } from '../../db/index.js';
import { runAsTenant } from '../../tenancy/index.js';
import { createScratchDatabase } from '../support/postgres.js';
import { startSlapd, type TestSlapd } from '../support/slapd.js';
import { cliIo } from '../support/cli-io.js';
import { testDrivers } from '../support/drivers.js';
import { credentialsCommand } from '../../bin/credentials-command.js';
import { importCommand } from '../../bin/import-command.js';
import { syncCommand } from '../../bin/sync-command.js';
import { readProcessSettings } from '../../config/index.js';
import { createLogger } from '../../infra/logger.js';
import { TEST_PASSWORD_HASH_MEMORY_KIB, testPasswords } from '../support/test-passwords.js';

/**
 * The identity CLI (docs/migration/identity.md): `import users`, `credentials generate` and
 * `sync ldap` against the distribution's slapd, run as the commands on the run's database
 * (embedded, or a scratch PostgreSQL database when DATABASE_URL is set).
 */
let dir: string;
let slapd: TestSlapd;
let scratch: { url: string; drop(): Promise<void> } | undefined;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'sb-identity-cli-'));
  scratch = testDrivers.databaseUrl ? await createScratchDatabase(testDrivers.databaseUrl) : undefined;
  slapd = await startSlapd();
});

afterAll(async () => {
  await slapd?.stop();
  await scratch?.drop();
  await rm(dir, { recursive: true, force: true });
});

/**
 * `switchboard <args>` as the binary dispatches it, in this process (the commands are functions
 * of their settings and streams), on this suite's database and DATA_DIR; `--every` below runs
 * the real binary, whose signals it tests.
 */
async function cli(args: string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  const streams = cliIo();
  streams.end();
  const { io } = streams;
  const variables = {
    ...process.env, DATABASE_URL: scratch?.url ?? '', REDIS_URL: '', DATA_DIR: dir, LOG_LEVEL: 'silent', PASSWORD_HASH_MEMORY_KIB: TEST_PASSWORD_HASH_MEMORY_KIB, ...env,
  };
  const settings = readProcessSettings(variables);
  const [command, ...rest] = args;
  const code = command === 'import' ? await importCommand(rest, settings, io)
    : command === 'credentials' ? await credentialsCommand(rest, settings, io)
      : await syncCommand(rest, settings, createLogger({ level: 'silent' }), io, variables);
  return { code, stdout: streams.stdout, stderr: streams.stderr };
}

async function withDb<T>(work: (db: DatabaseHandle) => Promise<T>): Promise<T> {
  const database = await openDatabase({ databaseUrl: scratch?.url, pgliteDir: path.join(dir, 'pglite') });
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

test('import users: created, then idempotent, then updated; bad rows reported by line', async () => {
  const file = path.join(dir, 'users.csv');
  const rows = [
    'Email,Name,Username,Roles,Phone,Department,External_ID',
    'ana@corp.test,Ana Lima,ana,attendant;supervisor,+5511911110000,Support,emp-1',
    'bruno@corp.test,Bruno Reis,,attendant,,Sales,emp-2',
    'carla@corp.test,Carla Dias,carla,author,,,',
    'dora@corp.test,Dora,dora,pilot,,,',
    'not-an-email,Nobody,nobody,,,,',
  ];
  await writeFile(file, rows.join('\n'));
  const first = await cli(['import', 'users', file]);
  expect(first.code).toBe(1);
  const report = JSON.parse(first.stdout);
  expect(report).toMatchObject({ total: 5, created: 3, updated: 0, unchanged: 0, failed: 2 });
  expect(report.errors).toEqual([
    { line: 5, email: 'dora@corp.test', error: expect.stringContaining('Unknown role "pilot"') },
    { line: 6, email: 'not-an-email', error: expect.stringContaining('email') },
  ]);
  // Not a terminal: no progress bar, nothing on stderr.
  expect(first.stderr).toBe('');

  await writeFile(file, rows.slice(0, 4).join('\n'));
  expect(JSON.parse((await cli(['import', 'users', file])).stdout)).toMatchObject({ created: 0, updated: 0, unchanged: 3, failed: 0 });
  await writeFile(file, [...rows.slice(0, 1), 'ana@corp.test,Ana Lima,ana,attendant;supervisor,+5511911110000,Operations,emp-1'].join('\n'));
  expect(JSON.parse((await cli(['import', 'users', file])).stdout)).toMatchObject({ created: 0, updated: 1 });

  await withDb(async (db) => {
    const users = createUsersRepo(db.db);
    expect(await users.match({ source: 'csv' })).toHaveLength(3);
    expect(await users.findByLogin('ana')).toMatchObject({ display_name: 'Ana Lima', department: 'Operations', roles: ['attendant', 'supervisor'], external_id: 'emp-1', password_hash: null });
    expect(await users.findByLogin('bruno@corp.test')).toMatchObject({ username: 'bruno@corp.test' });
  });
}, 120_000);

test('credentials generate: a private CSV of one-time passwords that must be changed at first login', async () => {
  const out = path.join(dir, 'credentials.csv');
  const result = await cli(['credentials', 'generate', '--users', 'role:attendant', '--out', out]);
  expect(result.code).toBe(0);
  expect(JSON.parse(result.stdout)).toEqual({ users: 2, file: out });
  expect((await stat(out)).mode & 0o777).toBe(0o600);
  const lines = (await readFile(out, 'utf8')).trim().split('\n');
  expect(lines[0]).toBe('username,email,password');
  const ana = lines.find((l) => l.startsWith('ana,'))!.split(',')[2]!;
  expect(result.stdout + result.stderr).not.toContain(ana);
  expect((await cli(['credentials', 'generate', '--users', 'all', '--out', out])).stderr).toContain('already exists');

  await withDb(async (db) => {
    const deps = { users: createUsersRepo(db.db), passwords: testPasswords, tokens: createTokenIssuer(new Uint8Array(32).fill(7), 60) };
    await expect(login(deps, { identifier: 'ana', password: ana })).rejects.toBeInstanceOf(PasswordChangeRequiredError);
    await expect(login(deps, { identifier: 'ana', password: 'wrong-password' })).rejects.toThrow('Invalid credentials');
    await expect(changePassword(deps, { identifier: 'ana', password: ana, new_password: ana })).rejects.toThrow('must differ');
    expect((await changePassword(deps, { identifier: 'ana', password: ana, new_password: 'ana-own-password-1' })).token_type).toBe('Bearer');
    expect((await login(deps, { identifier: 'ana', password: 'ana-own-password-1' })).token_type).toBe('Bearer');
    await expect(login(deps, { identifier: 'ana', password: ana })).rejects.toThrow('Invalid credentials');
  });
}, 120_000);

test('sync ldap: users and groups from slapd with paged search; users gone from the directory are deactivated', async () => {
  await slapd.addUser('lara', 'lara@corp.test');
  await slapd.addUser('mike', 'mike@corp.test');
  await slapd.addUser('nina', 'nina@corp.test');
  const admin = new Client({ url: slapd.url });
  await admin.bind(slapd.bindDn, slapd.bindPassword);
  const dn = (uid: string) => `uid=${uid},${slapd.usersDn}`;
  await admin.add(`cn=support,${slapd.groupsDn}`, { objectClass: 'groupOfNames', cn: 'support', member: [dn('lara'), dn('mike')] });
  const env = {
    LDAP_SYNC_URL: slapd.url, LDAP_BIND_DN: slapd.bindDn, LDAP_BIND_PASSWORD: slapd.bindPassword, LDAP_SYNC_BASE_DN: slapd.usersDn,
    LDAP_SYNC_GROUPS_DN: slapd.groupsDn,
  };
  const first = await cli(['sync', 'ldap', '--page-size', '1', '--map', 'name=sn'], env);
  expect(first.stderr).toBe('');
  expect(first.code).toBe(0);
  expect(JSON.parse(first.stdout)).toMatchObject({
    users: { seen: 3, created: 3, updated: 0, unchanged: 0, deactivated: 0, failed: 0 },
    groups: { seen: 1, created: 1, members_added: 1 },
  });

  await admin.del(dn('mike'));
  await admin.modify(`cn=support,${slapd.groupsDn}`, [new Change({ operation: 'add', modification: new Attribute({ type: 'member', values: [dn('nina')] }) })]);
  await admin.unbind();
  const second = await cli(['sync', 'ldap'], env);
  expect(JSON.parse(second.stdout)).toMatchObject({ users: { seen: 2, unchanged: 2, deactivated: 1 }, groups: { created: 0, members_added: 1, members_removed: 1 } });

  await withDb(async (db) => {
    const users = createUsersRepo(db.db);
    const mike = await users.findByLogin('mike');
    expect(mike).toMatchObject({ is_active: false, source: 'ldap', email: 'mike@corp.test' });
    expect(await users.findByLogin('lara')).toMatchObject({ is_active: true, external_id: expect.stringMatching(/^ldap:[0-9a-f-]{36}$/) });
    const groups = createGroupsRepo(db.db);
    const [support] = (await groups.listGroups({ limit: 10, offset: 0 })).groups.filter((g) => g.name === 'support');
    const members = (await groups.listMembers(support!.id)).map((m) => m.username).sort();
    expect(members).toEqual(['lara', 'nina']);
  });
  expect((await cli(['sync', 'ldap'], { ...env, LDAP_SYNC_BASE_DN: `ou=nobody,${slapd.baseDn}` })).stderr).toMatch(/LDAP search|no users/);
}, 180_000);

test("sync ldap --tenant: the directory becomes the tenant's own accounts, members and groups, beside the installation's", async () => {
  const env = {
    LDAP_SYNC_URL: slapd.url, LDAP_BIND_DN: slapd.bindDn, LDAP_BIND_PASSWORD: slapd.bindPassword, LDAP_SYNC_BASE_DN: slapd.usersDn,
    LDAP_SYNC_GROUPS_DN: slapd.groupsDn,
  };
  expect(await cli(['sync', 'ldap', '--tenant', 'acme'], env)).toMatchObject({ code: 1, stderr: 'There is no tenant "acme"\n' });
  const acme = await withDb(async (db) => (await createTenantsRepo(db.db).create({ slug: 'acme', name: 'Acme' })).id);
  const first = await cli(['sync', 'ldap', '--tenant', 'acme'], env);
  expect([first.code, first.stderr]).toEqual([0, '']);
  // lara and nina exist in the installation already (the test above): in acme's directory they are new.
  expect(JSON.parse(first.stdout)).toMatchObject({ users: { seen: 2, created: 2, deactivated: 0 }, groups: { seen: 1, created: 1, members_added: 1 } });
  const again = await cli(['sync', 'ldap'], env);
  expect(JSON.parse(again.stdout)).toMatchObject({ users: { seen: 2, created: 0, unchanged: 2, deactivated: 0 } });

  await withDb(async (db) => {
    const own = createDirectoryUsersRepo(db.db, acme);
    const installation = createUsersRepo(db.db);
    const lara = await own.findByLogin('lara');
    expect(lara).toMatchObject({ source: 'ldap', directory_tenant_id: acme, roles: [] });
    expect(lara!.id).not.toBe((await installation.findByLogin('lara'))!.id);
    expect((await own.match({})).map((u) => u.username).sort()).toEqual(['lara', 'nina']);
    expect((await createTenantsRepo(db.db).membersOf(acme)).map((m) => m.user_id).sort()).toEqual((await own.match({})).map((u) => u.id).sort());
    // The group is acme's, with acme's accounts; the installation's group keeps the installation's.
    const groups = createGroupsRepo(db.db);
    const membersOf = async () => {
      const [support] = (await groups.listGroups({ limit: 10, offset: 0 })).groups.filter((g) => g.name === 'support');
      return (await groups.listMembers(support!.id)).map((m) => m.user_id).sort();
    };
    expect(await runAsTenant(acme, membersOf)).toEqual([lara!.id, (await own.findByLogin('nina'))!.id].sort());
    expect(await membersOf()).toEqual([(await installation.findByLogin('lara'))!.id, (await installation.findByLogin('nina'))!.id].sort());
  });
}, 180_000);

test('sync ldap --every runs again at the interval until stopped', async () => {
  const env = {
    ...process.env, DATABASE_URL: scratch?.url ?? '', REDIS_URL: '', DATA_DIR: dir, LOG_LEVEL: 'silent',
    LDAP_SYNC_URL: slapd.url, LDAP_BIND_DN: slapd.bindDn, LDAP_BIND_PASSWORD: slapd.bindPassword, LDAP_SYNC_BASE_DN: slapd.usersDn,
  };
  const child = spawn(process.execPath, ['--import', 'tsx', 'bin/switchboard.ts', 'sync', 'ldap', '--every', '1s'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  await new Promise<void>((resolve) => {
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.split('\n').filter(Boolean).length >= 2) resolve();
    });
  });
  child.kill('SIGTERM');
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  expect(code).toBe(0);
  const runs = out.split('\n').filter(Boolean).map((l) => JSON.parse(l) as { users: { seen: number } });
  expect(runs.length).toBeGreaterThanOrEqual(2);
  expect(runs.every((r) => r.users.seen === 2)).toBe(true);
}, 120_000);
