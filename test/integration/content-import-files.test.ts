import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { listEvents } from '../../content/index.js';
import { icsSource, pstContact, pstEvent, pstKind, pstMail, pstSource, runImport, vcfSource, type PstAppointment, type PstContact, type PstMail } from '../../content/importers/index.js';
import { createUsersRepo, openDatabase, type DatabaseHandle } from '../../db/index.js';
import { importTarget } from '../support/content-import.js';
import { openTestDatabase } from '../support/drivers.js';

/**
 * The file importers (docs/content.md, "Importers"): ICS with recurrences, exceptions and time
 * zones, vCard 3.0 and 4.0, an interrupted run resumed, a re-run that stores nothing twice; PST
 * from the files pst-extractor ships (example/testdata: enron.pst, mail; an Outlook .ost, read by the
 * same reader, for appointments; neither has contacts, whose mapping is checked from item objects);
 * and the CLI's JSON summary.
 */
const PST_DATA = path.resolve('node_modules/pst-extractor/example/testdata');
let database: DatabaseHandle;
let dir: string;
beforeAll(async () => {
  database = await openTestDatabase();
  dir = await mkdtemp(path.join(os.tmpdir(), 'sb-import-'));
});
afterAll(async () => {
  await database?.close();
  await rm(dir, { recursive: true, force: true });
});

const ICS = [
  'BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN',
  'BEGIN:VTIMEZONE', 'TZID:Europe/Lisbon',
  'BEGIN:STANDARD', 'DTSTART:19701025T020000', 'TZOFFSETFROM:+0100', 'TZOFFSETTO:+0000', 'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU', 'END:STANDARD',
  'BEGIN:DAYLIGHT', 'DTSTART:19700329T010000', 'TZOFFSETFROM:+0000', 'TZOFFSETTO:+0100', 'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU', 'END:DAYLIGHT',
  'END:VTIMEZONE',
  'BEGIN:VEVENT', 'UID:standup@test', 'DTSTAMP:20260101T000000Z', 'SUMMARY:Stand-up', 'DTSTART;TZID=Europe/Lisbon:20260323T090000',
  'DTEND;TZID=Europe/Lisbon:20260323T091500', 'RRULE:FREQ=WEEKLY;COUNT=4', 'EXDATE;TZID=Europe/Lisbon:20260406T090000', 'END:VEVENT',
  'BEGIN:VEVENT', 'UID:standup@test', 'DTSTAMP:20260101T000000Z', 'SUMMARY:Stand-up (moved)', 'RECURRENCE-ID;TZID=Europe/Lisbon:20260413T090000',
  'DTSTART;TZID=Europe/Lisbon:20260413T110000', 'DTEND;TZID=Europe/Lisbon:20260413T111500', 'END:VEVENT',
  'BEGIN:VEVENT', 'UID:offsite@test', 'DTSTAMP:20260101T000000Z', 'SUMMARY:Offsite', 'DTSTART;VALUE=DATE:20260401', 'DTEND;VALUE=DATE:20260402', 'END:VEVENT',
  'END:VCALENDAR', '',
].join('\r\n');

test('ics: recurrences expand in their zone across daylight saving, EXDATE and RECURRENCE-ID kept; resumed and re-run without duplicates', async () => {
  const file = path.join(dir, 'team.ics');
  await writeFile(file, ICS);
  const { target, checkpoints, records } = await importTarget(database);
  const stopped = await runImport({ checkpoints }, icsSource(target, file), { limit: 1 });
  expect(stopped).toMatchObject({ status: 'stopped', imported: 1 });
  const resumed = await runImport({ checkpoints }, icsSource(target, file));
  expect(resumed).toMatchObject({ status: 'done', imported: 2, skipped: 0, total_imported: 3 });
  const again = await runImport({ checkpoints }, icsSource(target, file));
  expect(again).toMatchObject({ status: 'done', imported: 0, skipped: 3 });

  const events = await listEvents({ calendar: records.calendar }, { actor: target.owner, from: new Date('2026-03-01T00:00:00Z'), to: new Date('2026-05-01T00:00:00Z') });
  expect(events.map((e) => [e.event.summary, e.start.toISOString()])).toEqual([
    ['Stand-up', '2026-03-23T09:00:00.000Z'], // Lisbon on WET (+00:00)
    ['Stand-up', '2026-03-30T08:00:00.000Z'], // after the change to WEST (+01:00): still 09:00 local
    ['Offsite', '2026-04-01T00:00:00.000Z'],
    ['Stand-up (moved)', '2026-04-13T10:00:00.000Z'], // 04-06 is an EXDATE; 04-13 moved to 11:00 local
  ]);
  expect(events[0]!.event).toMatchObject({ time_zone: 'Europe/Lisbon', rrule: 'FREQ=WEEKLY;COUNT=4' });
  expect(events[2]!.event.all_day).toBe(true);
});

test('vcf: vCard 3.0 and 4.0 contacts, resumed after an interruption, nothing duplicated', async () => {
  const file = path.join(dir, 'people.vcf');
  await writeFile(file, [
    'BEGIN:VCARD', 'VERSION:3.0', 'UID:ann-1', 'FN:Ann Lee', 'N:Lee;Ann;;;', 'EMAIL;TYPE=INTERNET,WORK:ann@example.test', 'TEL;TYPE=CELL:+1 555 0100', 'ORG:Acme;Sales', 'END:VCARD',
    'BEGIN:VCARD', 'VERSION:4.0', 'UID:urn:uuid:bo-2', 'FN:Bo Chen', 'EMAIL;TYPE=home:bo@example.test', 'TEL;VALUE=uri;TYPE=voice:tel:+1-555-0101', 'END:VCARD',
    'BEGIN:VCARD', 'VERSION:4.0', 'FN:Cy Diaz', 'EMAIL:cy@example.test', 'END:VCARD', '',
  ].join('\r\n'));
  const { target, checkpoints, records, reader } = await importTarget(database);
  expect(await runImport({ checkpoints }, vcfSource(target, file), { limit: 2 })).toMatchObject({ status: 'stopped', imported: 2 });
  expect(await runImport({ checkpoints }, vcfSource(target, file))).toMatchObject({ status: 'done', imported: 1 });
  expect(await runImport({ checkpoints }, vcfSource(target, file))).toMatchObject({ imported: 0, skipped: 3 });
  const contacts = await records.contacts.list(reader, { limit: 10, offset: 0 });
  expect(contacts.map((c) => [c.full_name, c.emails, c.phones, c.organization])).toEqual([
    ['Ann Lee', ['ann@example.test'], ['+1 555 0100'], 'Acme, Sales'],
    ['Bo Chen', ['bo@example.test'], ['+1-555-0101'], ''],
    ['Cy Diaz', ['cy@example.test'], [], ''],
  ]);
});

test('pst: the mail of enron.pst under its folder paths, resumed after an interruption; appointments of an Outlook .ost', async () => {
  const { target, checkpoints, records, reader } = await importTarget(database);
  const enron = () => pstSource(target, path.join(PST_DATA, 'enron.pst'));
  expect(await runImport({ checkpoints }, enron(), { limit: 30 })).toMatchObject({ status: 'stopped', imported: 30 });
  expect(await runImport({ checkpoints }, enron())).toMatchObject({ status: 'done', imported: 41, total_imported: 71 });
  expect(await runImport({ checkpoints }, enron())).toMatchObject({ status: 'done', imported: 0, skipped: 71 });
  const mail = await records.mail.list(reader, {}, { limit: 100, offset: 0 });
  const perFolder: Record<string, number> = {};
  for (const m of mail) perFolder[m.folder] = (perFolder[m.folder] ?? 0) + 1;
  const base = 'Top of Personal Folders/lokay-m/MLOKAY (Non-Privileged)';
  expect(perFolder).toEqual({ [base]: 1, [`${base}/TW-Commercial Group`]: 14, [`${base}/Systems`]: 7, [`${base}/Sent Items`]: 2, [`${base}/Personal`]: 47 });
  expect(mail.filter((m) => !(m.sent_at instanceof Date))).toEqual([]);
  expect(mail.filter((m) => m.subject !== '').length).toBe(70); // one message of the file has no subject
  expect(mail.filter((m) => m.body_text.length > 0).length).toBeGreaterThan(60);

  const ost = await runImport({ checkpoints }, pstSource(target, path.join(PST_DATA, 'pstextractortest@outlook.com.ost')));
  expect(ost).toMatchObject({ status: 'done', imported: 41 }); // 8 notes and 33 appointments; meeting requests and responses are not imported
  const events = await records.calendar.inRange(reader, new Date('1900-01-01T00:00:00Z'), new Date('2200-01-01T00:00:00Z'));
  expect(events).toHaveLength(33);
  expect(events.filter((e) => e.summary === '' || e.ends_at < e.starts_at).map((e) => [e.summary, e.starts_at])).toEqual([]);
});

test('pst: mail, contacts and appointments map from pst-extractor\'s item objects', () => {
  const id = (n: number) => ({ toString: () => String(n) });
  const mail: PstMail = {
    messageClass: 'IPM.Note', descriptorNodeId: id(2097188), subject: 'Invoice', displayName: '', body: 'Please pay.', senderEmailAddress: 'billing@example.test',
    displayTo: 'Ann Lee; bo@example.test', displayCC: '', messageDeliveryTime: new Date('2025-01-02T10:00:00Z'), clientSubmitTime: new Date('2025-01-02T09:59:00Z'),
    internetMessageId: '<m1@example.test>', isRead: true, messageSize: { toNumber: () => 1234 },
  };
  expect(pstKind(mail)).toBe('mail');
  expect(pstMail(mail, 'Inbox/Billing')).toMatchObject({
    folder: 'Inbox/Billing', uid: '2097188', message_id: '<m1@example.test>', from_address: 'billing@example.test', to_addresses: ['Ann Lee', 'bo@example.test'],
    sent_at: new Date('2025-01-02T09:59:00Z'), flags: ['\\Seen'], body_text: 'Please pay.', size: 1234,
  });
  const contact: PstContact = {
    messageClass: 'IPM.Contact', descriptorNodeId: id(7), subject: '', displayName: 'Ann Lee', body: '', email1EmailAddress: 'ann@example.test', email2EmailAddress: '',
    email3EmailAddress: 'ann@example.test', primaryTelephoneNumber: '', businessTelephoneNumber: '+1 555 0100', mobileTelephoneNumber: '+1 555 0199', homeTelephoneNumber: '', companyName: 'Acme',
  };
  expect(pstKind(contact)).toBe('contact');
  expect(pstContact(contact)).toMatchObject({ external_id: '7', full_name: 'Ann Lee', emails: ['ann@example.test'], phones: ['+1 555 0199', '+1 555 0100'], organization: 'Acme' });
  const appointment: PstAppointment = {
    messageClass: 'IPM.Appointment', descriptorNodeId: id(9), subject: 'Review', displayName: '', body: 'Quarterly', location: 'Room 2',
    startTime: new Date('2025-02-03T14:00:00Z'), endTime: new Date('2025-02-03T15:00:00Z'), subType: false, isRecurring: true, recurrencePattern: 'every Monday',
  };
  expect(pstKind(appointment)).toBe('event');
  expect(pstEvent(appointment)).toMatchObject({ uid: '9', summary: 'Review', location: 'Room 2', description: 'Quarterly\n\nRepeats: every Monday', starts_at: appointment.startTime });
  expect(pstKind({ ...mail, messageClass: 'IPM.StickyNote' })).toBeUndefined();
});

test('switchboard import ics prints a JSON summary and resumes on the embedded database', async () => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sb-import-cli-'));
  const embedded = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
  await embedded.migrate();
  await createUsersRepo(embedded.db).insert({ username: 'dana', email: 'dana@example.test', password_hash: 'x' });
  await embedded.close();
  const file = path.join(dir, 'cli.ics');
  await writeFile(file, ICS);
  const cli = (args: string[]) => new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', 'bin/switchboard.ts', 'import', ...args], {
      env: { ...process.env, DATABASE_URL: '', REDIS_URL: '', DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
    }, (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }));
  });
  try {
    const first = await cli(['ics', file, '--owner', 'dana', '--limit', '2']);
    expect(first.code).toBe(0);
    expect(JSON.parse(first.stdout)).toMatchObject({ kind: 'ics', status: 'stopped', imported: 2 });
    const second = await cli(['ics', file, '--owner', 'dana']);
    expect(JSON.parse(second.stdout)).toMatchObject({ status: 'done', imported: 1, total_imported: 3 });
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}, 240_000); // two CLI start-ups (tsx and the embedded database) on a shared machine
