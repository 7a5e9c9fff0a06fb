import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'ldapts';

/** A private OpenLDAP server for one test file: its own config, database directory and port. */
export interface TestSlapd {
  url: string;
  baseDn: string;
  bindDn: string;
  bindPassword: string;
  usersDn: string;
  groupsDn: string;
  /** Adds `uid=<id>,usersDn` as an inetOrgPerson with a mail address. */
  addUser(id: string, email: string): Promise<void>;
  stop(): Promise<void>;
}

const SLAPD = process.env.SLAPD_BIN ?? '/usr/sbin/slapd';

/** A port the kernel just handed out, free once the probe closes (slapd, dovecot and radicale cannot listen on 0 and report it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts the distribution's slapd (`apt-get install slapd`) in the foreground with an mdb
 * database under a temporary directory, waits until it answers a bind, and creates the base,
 * `ou=people` and `ou=groups` entries.
 */
export async function startSlapd(): Promise<TestSlapd> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sb-slapd-'));
  await mkdir(path.join(dir, 'db'));
  const baseDn = 'dc=switchboard,dc=test';
  const bindDn = `cn=admin,${baseDn}`;
  const bindPassword = 'admin-secret';
  await writeFile(path.join(dir, 'slapd.conf'), [
    'include /etc/ldap/schema/core.schema',
    'include /etc/ldap/schema/cosine.schema',
    'include /etc/ldap/schema/inetorgperson.schema',
    'modulepath /usr/lib/ldap',
    'moduleload back_mdb',
    `pidfile ${path.join(dir, 'slapd.pid')}`,
    'database mdb',
    'maxsize 10485760',
    `suffix "${baseDn}"`,
    `rootdn "${bindDn}"`,
    `rootpw ${bindPassword}`,
    `directory ${path.join(dir, 'db')}`,
    '',
  ].join('\n'));
  const port = await freePort();
  const url = `ldap://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(SLAPD, ['-f', path.join(dir, 'slapd.conf'), '-h', `${url}/`, '-d', '0'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  let failed = false;
  child.stderr?.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
  // A missing binary is an 'error' event, not an exit: say how to install it.
  child.once('error', (error) => { failed = true; stderr += `${error.message} (install it: apt-get install slapd ldap-utils, or set SLAPD_BIN)`; });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const admin = async <T>(work: (c: Client) => Promise<T>): Promise<T> => {
    const client = new Client({ url, timeout: 5000, connectTimeout: 2000 });
    try {
      await client.bind(bindDn, bindPassword);
      return await work(client);
    } finally {
      await client.unbind().catch(() => undefined);
    }
  };
  for (let attempt = 0; ; attempt++) {
    try {
      await admin(async () => undefined);
      break;
    } catch (error) {
      if (failed || child.exitCode !== null || attempt > 100) throw new Error(`slapd did not start: ${stderr || String(error)}`, { cause: error });
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  const usersDn = `ou=people,${baseDn}`;
  const groupsDn = `ou=groups,${baseDn}`;
  await admin(async (c) => {
    await c.add(baseDn, { objectClass: ['dcObject', 'organization'], dc: 'switchboard', o: 'Switchboard' });
    await c.add(usersDn, { objectClass: 'organizationalUnit', ou: 'people' });
    await c.add(groupsDn, { objectClass: 'organizationalUnit', ou: 'groups' });
  });
  return {
    url, baseDn, bindDn, bindPassword, usersDn, groupsDn,
    addUser: (id, email) => admin((c) => c.add(`uid=${id},${usersDn}`, { objectClass: 'inetOrgPerson', uid: id, cn: id, sn: id, mail: email })),
    async stop() {
      if (child.exitCode === null && !failed) {
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}
