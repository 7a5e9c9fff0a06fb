import { registerReportJobs, enqueueDueReports, ReportDefinitionSchema, REPORT_JOBS, type ReportJobsDeps } from '../../attendance/index.js';
import { createAttendanceReportsRepo } from '../../db/index.js';
import { attendanceEvents, bots, sessions, users } from '../../db/schema/index.js';
import { createJobQueue, inTheCurrentTenant, type JobQueue } from '../../infra/jobs/index.js';
import { createSmtpMailer, type Mailer } from '../../infra/mail/index.js';
import { openTestDatabase, testDrivers, testDriversLabel, type TestDatabase } from '../support/drivers.js';
import { logger } from '../support/engine-kit.js';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp.js';

// Scheduled reports by e-mail (docs/attendance/reports.md, "Schedules"), through the jobs port
// (BullMQ on Redis in the drivers' pass) and the SMTP mailer to a real SMTP server: the daily tick
// sends each daily report once, its rows in the body and the whole answer as a CSV attachment.

let database: TestDatabase;
let smtp: TestSmtpServer;
let jobs: JobQueue;
let mailer: Mailer;
let deps: ReportJobsDeps;
const NOW = new Date('2026-11-28T06:00:00Z');

beforeAll(async () => {
  database = await openTestDatabase();
  smtp = await startSmtpServer();
  mailer = createSmtpMailer({ url: smtp.url, from: 'Desk <desk@example.test>' });
  jobs = await createJobQueue({ ...(testDrivers.redisUrl ? { redisUrl: testDrivers.redisUrl } : {}), prefix: `sbtest-report-mail-${process.pid}`, logger });
  const reports = createAttendanceReportsRepo(database.db);
  deps = { reports, jobs, mailer, now: () => NOW, logger, eachTenant: inTheCurrentTenant };
  await registerReportJobs(deps);

  const { db } = database;
  const [bot] = await db.insert(bots).values({ name: 'mailed' }).returning();
  const [owner] = await db.insert(users).values({ username: 'lead', email: 'lead@example.test', roles: ['supervisor'] }).returning();
  const [session] = await db.insert(sessions).values({ bot_id: bot!.id, channel: 'web', external_user_id: 'w1' }).returning();
  await db.insert(attendanceEvents).values([
    { session_id: session!.id, bot_id: bot!.id, type: 'queued', at: new Date('2026-11-27T10:00:00Z') },
    { session_id: session!.id, bot_id: bot!.id, type: 'accepted', at: new Date('2026-11-27T10:00:42Z') },
  ]);
  const definition = ReportDefinitionSchema.parse({ measures: ['conversations', 'avg_wait'], group_by: ['channel'], period: 'yesterday' });
  await reports.create({ name: '=Daily by channel', owner_id: owner!.id, definition, shared_roles: [], shared_user_ids: [], schedule: 'daily', recipients: ['ops@example.test', 'boss@example.test'] });
  await reports.create({ name: 'Weekly', owner_id: owner!.id, definition, shared_roles: [], shared_user_ids: [], schedule: 'weekly', recipients: ['weekly@example.test'] });
  await reports.create({ name: 'Never', owner_id: owner!.id, definition, shared_roles: [], shared_user_ids: [], schedule: 'none', recipients: [] });
});
afterAll(async () => {
  await jobs?.close({ timeoutMs: 2000 });
  mailer?.close();
  await smtp?.close();
  await database?.close();
});

describe(`scheduled reports (${testDriversLabel()})`, () => {
  test('every job name has its handler', () => {
    expect(jobs.registeredNames()).toEqual(expect.arrayContaining(Object.values(REPORT_JOBS)));
  });

  test('the daily tick mails the daily report once, with yesterday\'s rows and the CSV attached', async () => {
    expect(await enqueueDueReports(deps, 'daily')).toBe(1);
    const mail = await smtp.waitFor((m) => m.subject.includes('Daily by channel'), 20_000);
    expect(mail.subject).toBe('Report: =Daily by channel (2026-11-27 – 2026-11-28)');
    expect(mail.envelope.to.sort()).toEqual(['boss@example.test', 'ops@example.test']);
    expect(mail.text).toContain('From 2026-11-27T00:00:00.000Z to 2026-11-28T00:00:00.000Z (UTC).');
    expect(mail.text).toMatch(/channel\s+conversations\s+avg_wait\nweb\s+1\s+42/);
    const [attachment] = mail.parsed.attachments;
    expect([attachment?.filename, attachment?.contentType]).toEqual(['report.csv', 'text/csv']);
    expect(attachment?.content.toString()).toBe('channel,conversations,avg_wait\r\nweb,1,42\r\n');
    // The same tick again the same day is one job id: nothing more is sent.
    expect(await enqueueDueReports(deps, 'daily')).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(smtp.received.filter((m) => m.subject.includes('Daily by channel'))).toHaveLength(1);
    expect(smtp.received.some((m) => m.subject.includes('Weekly'))).toBe(false);
  });
});
