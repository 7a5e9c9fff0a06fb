import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './slapd.js';

/** A private radicale CardDAV/CalDAV server for one test file, with one user and one address book. */
export interface TestRadicale {
  /** `http://127.0.0.1:<port>/` */
  url: string;
  user: string;
  password: string;
  /** Stores a vCard in the user's address book `contacts` with an HTTP PUT (the CardDAV way). */
  putCard(name: string, vcard: string): Promise<void>;
  stop(): Promise<void>;
}

const RADICALE = process.env.RADICALE_BIN ?? '/usr/bin/radicale';

/**
 * Starts the distribution's radicale (`apt-get install radicale`) with its own configuration: a
 * plain htpasswd file, storage under a temporary directory, on a free port. The address book is
 * created on disk (radicale's collection layout: a folder with `.Radicale.props`) before it starts.
 */
export async function startRadicale(): Promise<TestRadicale> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sb-radicale-'));
  const port = await freePort();
  const user = 'carder';
  const password = 'card-secret';
  await writeFile(path.join(dir, 'users'), `${user}:${password}\n`);
  const book = path.join(dir, 'collections', 'collection-root', user, 'contacts');
  await mkdir(book, { recursive: true });
  await writeFile(path.join(book, '.Radicale.props'), JSON.stringify({ tag: 'VADDRESSBOOK', 'D:displayname': 'Contacts' }));
  await writeFile(path.join(dir, 'config'), [
    '[server]', `hosts = 127.0.0.1:${port}`,
    '[auth]', 'type = htpasswd', `htpasswd_filename = ${dir}/users`, 'htpasswd_encryption = plain',
    '[storage]', `filesystem_folder = ${dir}/collections`,
    '[rights]', 'type = owner_only',
    '[logging]', 'level = warning',
  ].join('\n'));
  const child = spawn(RADICALE, ['--config', path.join(dir, 'config')], { stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  child.stderr.on('data', (chunk: Buffer) => { log += chunk.toString(); });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}/`;
  const authorization = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    await rm(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 20_000;
  for (;;) {
    const up = await fetch(url, { headers: { authorization } }).then(() => true, () => false);
    if (up) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`radicale did not start\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url, user, password, stop,
    async putCard(name, vcard) {
      const res = await fetch(`${url}${user}/contacts/${name}.vcf`, { method: 'PUT', headers: { authorization, 'content-type': 'text/vcard' }, body: vcard });
      if (res.status >= 300) throw new Error(`PUT ${name}: ${res.status} ${await res.text()}`);
    },
  };
}
