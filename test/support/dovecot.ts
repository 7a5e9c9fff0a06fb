import { spawn } from 'node:child_process';
import { chmod, chown, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './slapd.js';

/** A private dovecot IMAP server for one test file: plain IMAP on 127.0.0.1, one user. */
export interface TestDovecot {
  host: string;
  port: number;
  user: string;
  password: string;
  stop(): Promise<void>;
}

const DOVECOT = process.env.DOVECOT_BIN ?? '/usr/sbin/dovecot';
/** The distribution's unprivileged account owns the mail (dovecot refuses mail access as root). */
const MAIL_UID = 65534;

/**
 * Starts the distribution's dovecot (`apt-get install dovecot-imapd`) in the foreground with its
 * own configuration under a temporary directory: a passwd-file with one user, maildir storage,
 * ssl=no and plaintext logins allowed (127.0.0.1 only), on a free port. Resolves once it greets.
 */
export async function startDovecot(): Promise<TestDovecot> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sb-dovecot-'));
  // dovecot's auth and mail processes run as other users: they must get through the folder (and read the passwd file).
  await chmod(dir, 0o755);
  const port = await freePort();
  const user = 'mailer';
  const password = 'mail-secret';
  const home = path.join(dir, 'home');
  await mkdir(path.join(home, user), { recursive: true });
  if (process.getuid?.() === 0) await chown(path.join(home, user), MAIL_UID, MAIL_UID);
  const uid = process.getuid?.() === 0 ? MAIL_UID : process.getuid!();
  const gid = process.getuid?.() === 0 ? MAIL_UID : process.getgid!();
  await writeFile(path.join(dir, 'passwd'), `${user}:{PLAIN}${password}\n`, { mode: 0o644 });
  const config = path.join(dir, 'dovecot.conf');
  await writeFile(config, [
    `base_dir = ${dir}/run`, `state_dir = ${dir}/state`, 'log_path = /dev/stderr', 'protocols = imap', 'listen = 127.0.0.1',
    'ssl = no', 'disable_plaintext_auth = no', 'auth_mechanisms = plain login', `first_valid_uid = ${Math.min(uid, 1)}`,
    ...(process.getuid?.() === 0 ? [] : [`default_login_user = ${os.userInfo().username}`, `default_internal_user = ${os.userInfo().username}`]),
    `passdb {\n  driver = passwd-file\n  args = scheme=PLAIN ${dir}/passwd\n}`,
    `userdb {\n  driver = static\n  args = uid=${uid} gid=${gid} home=${home}/%u\n}`,
    'mail_location = maildir:~/Maildir',
    `service imap-login {\n  inet_listener imap {\n    address = 127.0.0.1\n    port = ${port}\n  }\n  inet_listener imaps {\n    port = 0\n  }\n}`,
    'service anvil {\n  chroot =\n}', 'service imap-login {\n  chroot =\n}',
    'namespace inbox {\n  inbox = yes\n  separator = /\n}',
  ].join('\n'));
  await mkdir(path.join(dir, 'run'), { recursive: true });
  const child = spawn(DOVECOT, ['-F', '-c', config], { stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  child.stderr.on('data', (chunk: Buffer) => { log += chunk.toString(); if (process.env.DOVECOT_DEBUG) process.stderr.write(chunk); });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await waitForGreeting(port, () => child.exitCode !== null);
  } catch (error) {
    await stop();
    throw new Error(`dovecot did not start: ${(error as Error).message}\n${log}`, { cause: error });
  }
  return { host: '127.0.0.1', port, user, password, stop };
}

async function waitForGreeting(port: number, died: () => boolean): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const greeted = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('data', (data) => { socket.destroy(); resolve(data.toString().startsWith('* OK')); });
      socket.once('error', () => resolve(false));
    });
    if (greeted) return;
    if (died()) throw new Error('dovecot exited');
    if (Date.now() > deadline) throw new Error('no greeting within 20 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
