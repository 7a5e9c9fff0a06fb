/**
 * Scheduled reports by e-mail (docs/attendance/reports.md, "Schedules"): at 06:00 UTC every day
 * (and every Monday for weekly ones) one job lists the reports on that schedule and enqueues one
 * send per report (a report already sent that day is skipped, so a repeated tick sends nothing twice); each send runs
 * the report and mails its first rows as text with the whole answer as a CSV attachment, through
 * the mail port. Retries are the send job's.
 */
import { z } from 'zod';
import type { AttendanceReportsRepo } from '../../db/index.js';
import type { EachTenant, JobQueue } from '../../infra/jobs/index.js';
import type { Logger } from '../../infra/logger.js';
import type { Mailer } from '../../infra/mail/index.js';
import { reportCsv, reportText } from './report-csv.js';
import { rollUpFacts } from './roll-up-facts.js';
import { runReport } from './run-report.js';
import { definitionOf } from './saved-reports.js';

export const REPORT_JOBS = {
  rollup: 'reports.rollup',
  due: 'reports.email-due',
  send: 'reports.email',
} as const;

/** When the schedules fire (cron, UTC) and how often the roll-up runs between reports. */
export const REPORT_CRON = { daily: '0 6 * * *', weekly: '0 6 * * 1' } as const;
export const ROLLUP_EVERY_MS = 60_000;
/** Rows written out in the e-mail's body; the attachment has them all. */
const BODY_ROWS = 50;

const DueJobSchema = z.object({ schedule: z.enum(['daily', 'weekly']) });
const SendJobSchema = z.object({ report_id: z.uuid(), day: z.iso.date() });

export interface ReportJobsDeps {
  reports: AttendanceReportsRepo;
  jobs: Pick<JobQueue, 'add' | 'process' | 'schedule' | 'onAvailable'>;
  mailer: Pick<Mailer, 'send' | 'configured'>;
  now: () => Date;
  logger: Pick<Logger, 'info' | 'warn'>;
  /** The roll-up and the due reports are each tenant's: a tick runs them in every active tenant. */
  eachTenant: EachTenant;
}

/** Enqueues one send per report on `schedule`; resolves to how many. */
export async function enqueueDueReports(deps: ReportJobsDeps, schedule: 'daily' | 'weekly'): Promise<number> {
  const day = deps.now().toISOString().slice(0, 10);
  const due = await deps.reports.scheduled(schedule);
  for (const report of due) {
    await deps.jobs.add(REPORT_JOBS.send, { report_id: report.id, day }, { jobId: `report-email-${report.id}-${day}`, attempts: 5, backoff: { type: 'exponential', delay: 30_000 } });
  }
  return due.length;
}

/**
 * Runs one saved report and mails it to its recipients, once per tick `day` (UTC): a report already
 * sent that day, since unscheduled, or deleted is skipped. Sent first and marked after, so a crash
 * between the two can send twice but a failure never loses the mail (the job retries it).
 */
export async function emailReport(deps: ReportJobsDeps, reportId: string, day: string): Promise<boolean> {
  const row = await deps.reports.byId(reportId);
  if (!row || row.schedule === 'none' || row.recipients.length === 0) return false;
  if (row.last_sent_at && row.last_sent_at.getTime() >= Date.parse(`${day}T00:00:00Z`)) return false;
  const answer = await runReport(deps, definitionOf(row));
  const cut = answer.rows.length > BODY_ROWS ? `\n… ${answer.rows.length - BODY_ROWS} more rows in the attachment.` : '';
  await deps.mailer.send({
    to: row.recipients,
    subject: `Report: ${row.name} (${answer.from.slice(0, 10)} – ${answer.to.slice(0, 10)})`,
    text: `${row.name}\nFrom ${answer.from} to ${answer.to} (${answer.time_zone}).\n\n${answer.rows.length ? reportText(answer, BODY_ROWS) : 'No data in this period.'}${cut}\n`,
    attachments: [{ filename: 'report.csv', content: Buffer.from(reportCsv(answer)).toString('base64'), contentType: 'text/csv' }],
  });
  await deps.reports.markSent(row.id, deps.now());
  return true;
}

/**
 * Registers the three handlers and creates their schedules: the roll-up every minute, and the
 * daily and weekly ticks (only with a mail server; start-up says so otherwise). The schedules are
 * not waited for — with Redis away at start-up they would hold it — and are created again each time
 * the jobs store becomes reachable (a returning Redis may have lost them); creating one is idempotent.
 */
export async function registerReportJobs(deps: ReportJobsDeps): Promise<void> {
  deps.jobs.process(REPORT_JOBS.rollup, () => deps.eachTenant(() => rollUpFacts(deps)));
  deps.jobs.process(REPORT_JOBS.due, (data) => deps.eachTenant(() => enqueueDueReports(deps, DueJobSchema.parse(data).schedule)));
  deps.jobs.process(REPORT_JOBS.send, async (data) => {
    const job = SendJobSchema.parse(data);
    await emailReport(deps, job.report_id, job.day);
  }, { concurrency: 2 });
  if (!deps.mailer.configured) deps.logger.info('SMTP_URL is not set: scheduled attendance reports are not e-mailed');
  const schedule = async () => {
    await deps.jobs.schedule('attendance-reports-rollup', REPORT_JOBS.rollup, { every: ROLLUP_EVERY_MS }, {});
    if (!deps.mailer.configured) return;
    await deps.jobs.schedule('attendance-reports-daily', REPORT_JOBS.due, { cron: REPORT_CRON.daily }, { schedule: 'daily' });
    await deps.jobs.schedule('attendance-reports-weekly', REPORT_JOBS.due, { cron: REPORT_CRON.weekly }, { schedule: 'weekly' });
  };
  const scheduleNow = () => void schedule().catch((err: unknown) => deps.logger.warn({ err }, 'report schedules not created; they are created again when the jobs store returns'));
  deps.jobs.onAvailable(scheduleNow);
  scheduleNow();
}
