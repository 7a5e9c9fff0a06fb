import { ImapFlow } from 'imapflow';
import { imapSource, runImport } from '../../content/importers/index.js';
import type { DatabaseHandle } from '../../db/index.js';
import { importTarget } from '../support/content-import.js';
import { startDovecot, type TestDovecot } from '../support/dovecot.js';
import { openTestDatabase } from '../support/drivers.js';

/**
 * `import imap` against the distribution's dovecot: folders and flags kept, the text part of a
 * multipart message decoded, an interrupted run resumed, and a re-run that fetches only new UIDs.
 */
let dovecot: TestDovecot;
let database: DatabaseHandle;
let mailbox: ImapFlow;

const message = (subject: string, body: string, multipart = false) => [
  'From: Ann <ann@example.test>', 'To: bo@example.test, cy@example.test', `Subject: ${subject}`, 'Date: Mon, 02 Mar 2026 10:00:00 +0000',
  `Message-ID: <${subject.replace(/\W/g, '')}@example.test>`, 'MIME-Version: 1.0',
  ...(multipart
    ? ['Content-Type: multipart/alternative; boundary="b1"', '', '--b1', 'Content-Type: text/plain; charset=utf-8', 'Content-Transfer-Encoding: quoted-printable', '',
      body.replace(/é/g, '=C3=A9'), '--b1', 'Content-Type: text/html; charset=utf-8', '', `<p>${body}</p>`, '--b1--', '']
    : ['Content-Type: text/plain; charset=utf-8', '', body, '']),
].join('\r\n');

beforeAll(async () => {
  dovecot = await startDovecot();
  database = await openTestDatabase();
  mailbox = new ImapFlow({ host: dovecot.host, port: dovecot.port, secure: false, auth: { user: dovecot.user, pass: dovecot.password }, logger: false });
  await mailbox.connect();
  await mailbox.mailboxCreate('Projects');
  await mailbox.append('INBOX', message('Welcome', 'Hello there'), ['\\Seen']);
  await mailbox.append('INBOX', message('Invoice', 'Café bill attached', true), ['\\Flagged']);
  await mailbox.append('Projects', message('Plan', 'Q2 plan'), ['\\Seen', '\\Answered']);
});
afterAll(async () => {
  await mailbox?.logout().catch(() => undefined);
  await database?.close();
  await dovecot?.stop();
});

test('folders, flags and text bodies; resumed after an interruption; incremental by UID', async () => {
  const { target, checkpoints, records, reader } = await importTarget(database);
  const source = () => imapSource(target, { host: dovecot.host, port: dovecot.port, secure: false, username: dovecot.user, password: dovecot.password });
  expect(await runImport({ checkpoints }, source(), { limit: 2 })).toMatchObject({ status: 'stopped', imported: 2 });
  expect(await runImport({ checkpoints }, source())).toMatchObject({ status: 'done', imported: 1, skipped: 0, total_imported: 3 });

  const messages = await records.mail.list(reader, {}, { limit: 10, offset: 0 });
  const byFolder = messages.map((m) => [m.folder, m.subject, m.flags, m.body_text.trim()]).sort((a, b) => String(a[1]).localeCompare(String(b[1])));
  expect(byFolder).toEqual([
    ['INBOX', 'Invoice', ['\\Flagged'], 'Café bill attached'],
    ['Projects', 'Plan', ['\\Answered', '\\Seen'], 'Q2 plan'],
    ['INBOX', 'Welcome', ['\\Seen'], 'Hello there'],
  ]);
  expect(messages.find((m) => m.subject === 'Plan')).toMatchObject({ from_address: 'ann@example.test', to_addresses: ['bo@example.test', 'cy@example.test'], message_id: '<Plan@example.test>' });

  await mailbox.append('INBOX', message('Later', 'A new one'));
  expect(await runImport({ checkpoints }, source())).toMatchObject({ status: 'done', imported: 1, skipped: 0 });
  expect(await runImport({ checkpoints }, source())).toMatchObject({ imported: 0, skipped: 0 });
  expect(await records.mail.list(reader, {}, { limit: 10, offset: 0 })).toHaveLength(4);
});
