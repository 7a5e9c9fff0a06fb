import { ImapFlow } from 'imapflow';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createBotDataRepo, createBotsRepo, createBotWatchesRepo } from '../../db/index.js';
import { createTestBots, type TestBots } from '../support/bot-packages.js';
import { startDovecot, type TestDovecot } from '../support/dovecot.js';
import { waitFor } from '../support/engine-kit.js';
import { startTestService, type TestService } from '../support/service.js';
import { sayOnWeb } from '../support/web-customer.js';

// ON EMAIL and ON CHANGE (docs/basic.md, "Event handlers"), through the real service: mail
// appended over IMAP to the distribution's dovecot runs the ON EMAIL scripts of the bot whose
// mailbox it is; files added, changed and removed in the bot's drive run its ON CHANGE script;
// a restart runs nothing twice.

const MAILER = 'mailer';
const WRITER = 'writer';
const SCRIPTS: Record<string, Record<string, string>> = {
  [MAILER]: {
    'on_ann.bas': [
      'ON EMAIL FROM "ann@example.test"',
      'email = GET LAST "email_received_events"',
      'SAVE "mails", {uid: email.message_uid, subject: email.subject, sender: email.from_address, body: TRIM(email.body), files: email.has_attachments}',
      'END ON',
      '',
    ].join('\n'),
    'on_urgent.bas': [
      'ON EMAIL "mailer" SUBJECT "urgent"',
      'SAVE "urgent", {subject: email.subject, attachment: email.attachments[0].filename, kind: email.attachments[0].mime_type}',
      '',
    ].join('\n'),
    'on_docs.bas': [
      'ON CHANGE "incoming"',
      '  event = GET LAST "folder_change_events"',
      '  SAVE "changes", {type: event.event_type, path: event.file_path, name: event.file_name, size: event.file_size}',
      'END ON',
      '',
    ].join('\n'),
  },
  [WRITER]: {
    'on_reports.bas': 'ON CHANGE "reports" EVENTS "create"\nSAVE "seen", {path: event.file_path}\n',
  },
};

const message = (from: string, subject: string, body: string, attachment?: string) => [
  `From: <${from}>`, 'To: mailer@example.test', `Subject: ${subject}`, 'Date: Mon, 02 Mar 2026 10:00:00 +0000',
  `Message-ID: <${subject.replace(/\W/g, '')}@example.test>`, 'MIME-Version: 1.0',
  ...(attachment
    ? ['Content-Type: multipart/mixed; boundary="b1"', '', '--b1', 'Content-Type: text/plain; charset=utf-8', '', body,
      '--b1', `Content-Type: application/pdf; name="${attachment}"`, `Content-Disposition: attachment; filename="${attachment}"`,
      'Content-Transfer-Encoding: base64', '', Buffer.from('%PDF-1.4').toString('base64'), '--b1--', '']
    : ['Content-Type: text/plain; charset=utf-8', '', body, '']),
].join('\r\n');

let dovecot: TestDovecot;
let imap: ImapFlow;
let bots: TestBots;
let dataDir: string;
let service: TestService;

beforeAll(async () => {
  dovecot = await startDovecot();
  imap = new ImapFlow({ host: dovecot.host, port: dovecot.port, secure: false, auth: { user: dovecot.user, pass: dovecot.password }, logger: false });
  await imap.connect();
  // Already there when the bot starts watching: not new.
  await imap.append('INBOX', message('ann@example.test', 'Old news', 'from before'));
  bots = await createTestBots('sb-watch-');
  await bots.add(MAILER, {
    'email-imap-host': dovecot.host, 'email-imap-port': String(dovecot.port), 'email-imap-tls': 'false',
    'email-imap-user': dovecot.user, 'email-imap-password': dovecot.password, 'watch-poll-seconds': '1',
  });
  // A long poll: only the look a drive write asks for can see its change.
  await bots.add(WRITER, { 'watch-poll-seconds': '3600' }, 'HEAR name\nWRITE "reports/" & name & ".txt", "report " & name\nTALK "written"\n');
  for (const [bot, files] of Object.entries(SCRIPTS)) {
    for (const [file, source] of Object.entries(files)) await writeFile(path.join(bots.dir, `${bot}.gbai`, `${bot}.gbdialog`, file), source);
  }
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'sb-watch-data-'));
  await mkdir(drivePath(MAILER, 'incoming'), { recursive: true });
  await writeFile(drivePath(MAILER, 'incoming/old.txt'), 'there before');
  service = await startTestService({ BOTS_DIR: bots.dir, DATA_DIR: dataDir });
});
afterAll(async () => {
  await imap?.logout().catch(() => undefined);
  await service?.dispose();
  await bots?.remove();
  await dovecot?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

function drivePath(bot: string, file: string): string {
  return path.join(dataDir, 'drive', `${bot}.gbdrive`, ...file.split('/'));
}

async function botIds() {
  const repo = createBotsRepo(service.database.db);
  return { mailer: (await repo.ensure(MAILER)).id, writer: (await repo.ensure(WRITER)).id };
}

/** Resolves once the first look stored where the watch stands (what was there before is not new). */
async function watching(botId: string, key: string): Promise<void> {
  const watches = createBotWatchesRepo(service.database.db);
  await waitFor(async () => (await watches.get(botId, key)) !== undefined, { what: `the first look at ${key}`, timeoutMs: 20_000 });
}

const rows = async (botId: string, table: string) => createBotDataRepo(service.database.db).tables(botId).find(table, []);

test('new mail runs the ON EMAIL scripts whose filters it passes, with its fields; a restart runs no mail twice', async () => {
  const { mailer } = await botIds();
  await watching(mailer, `mail:${dovecot.user}@${dovecot.host}:${dovecot.port}/INBOX`);
  await imap.append('INBOX', message('ann@example.test', 'Invoice 7', 'Please pay'));
  await imap.append('INBOX', message('bob@example.test', 'URGENT: server down', 'It is down', 'log.pdf'));
  await imap.append('INBOX', message('bob@example.test', 'Lunch', 'Later?'));
  await waitFor(async () => (await rows(mailer, 'mails')).length === 1 && (await rows(mailer, 'urgent')).length === 1, { what: 'the ON EMAIL runs', timeoutMs: 20_000 });
  expect(await rows(mailer, 'mails')).toEqual([{ uid: 2, subject: 'Invoice 7', sender: 'ann@example.test', body: 'Please pay', files: false }]);
  expect(await rows(mailer, 'urgent')).toEqual([{ subject: 'URGENT: server down', attachment: 'log.pdf', kind: 'application/pdf' }]);

  service = await service.restart();
  await imap.append('INBOX', message('ann@example.test', 'Invoice 8', 'Again'));
  await waitFor(async () => (await rows(mailer, 'mails')).length >= 2, { what: 'the mail after the restart', timeoutMs: 20_000 });
  expect((await rows(mailer, 'mails')).map((r) => r.subject)).toEqual(['Invoice 7', 'Invoice 8']);
  expect(await rows(mailer, 'urgent')).toHaveLength(1);
});

test('files added, changed and removed under the folder run the ON CHANGE script once each; a restart repeats none', async () => {
  const { mailer } = await botIds();
  await watching(mailer, 'folder:incoming');
  const changes = async () => (await rows(mailer, 'changes')).map((r) => `${String(r.type)} ${String(r.path)} ${String(r.size)}`);

  await writeFile(drivePath(MAILER, 'incoming/a.txt'), 'one');
  await waitFor(async () => (await changes()).length === 1, 'the added file');
  await writeFile(drivePath(MAILER, 'incoming/a.txt'), 'one more');
  await waitFor(async () => (await changes()).length === 2, 'the changed file');
  await rm(drivePath(MAILER, 'incoming/a.txt'));
  await waitFor(async () => (await changes()).length === 3, 'the removed file');
  expect(await changes()).toEqual(['create incoming/a.txt 3', 'modify incoming/a.txt 8', 'delete incoming/a.txt 8']);
  expect((await rows(mailer, 'changes'))[0]).toMatchObject({ name: 'a.txt' });

  service = await service.restart();
  await mkdir(drivePath(MAILER, 'incoming/sub'), { recursive: true });
  await writeFile(drivePath(MAILER, 'incoming/sub/b.txt'), 'two');
  await waitFor(async () => (await changes()).length >= 4, { what: 'the file added after the restart', timeoutMs: 20_000 });
  expect((await changes()).slice(3)).toEqual(['create incoming/sub/b.txt 3']);
});

test('a WRITE to the drive in a conversation is looked at at once, not at the next poll', async () => {
  const { writer } = await botIds();
  await watching(writer, 'folder:reports');
  const first = await sayOnWeb(service.url, WRITER, 'hi');
  const written = await sayOnWeb(service.url, WRITER, 'q1', first.session_token);
  expect(written.replies.map((r) => r.text)).toEqual(['written']);
  await waitFor(async () => (await rows(writer, 'seen')).length === 1, 'the ON CHANGE run after the WRITE');
  expect(await rows(writer, 'seen')).toEqual([{ path: 'reports/q1.txt' }]);
});
