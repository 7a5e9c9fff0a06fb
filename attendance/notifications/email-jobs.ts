/**
 * The jobs of attendance email (each name gets its handler in register-email-jobs.ts at
 * start-up). Nothing mails inline: the listener and the delayed checks only enqueue, so SMTP
 * slowness never delays a `/take`, and with BullMQ a crash loses no notice. Payloads are JSON and
 * parsed with zod when a job runs, since they come back from Redis.
 */
import { z } from 'zod';
import type { BotConfig } from '../../config/index.js';
import type { AddJobOptions, JobQueue } from '../../infra/jobs/index.js';
import { renderEmail, type EmailNotice } from './email-templates.js';

/** Every job name of attendance email. */
export const EMAIL_JOBS = {
  /** Hands one rendered mail to the mailer; retried with backoff when SMTP fails. */
  send: 'attendance.email.send',
  /** Builds a notice that needs fresh reads (new_assignment, queue_alert, resolved) and enqueues its send. */
  notify: 'attendance.email.notify',
  /** Delayed by `attendance-customer-waiting-seconds`: mails if the customer still waits. */
  customerWaiting: 'attendance.email.customer_waiting',
  /** Delayed by the queue's `max_wait_seconds`: mails the manager if nobody accepted yet. */
  slaCheck: 'attendance.email.sla_check',
} as const;

/** Payload of {@link EMAIL_JOBS.send}. */
export const SendJobSchema = z.object({
  kind: z.string(),
  session_id: z.string(),
  to: z.array(z.string()).min(1),
  bcc: z.array(z.string()).optional(),
  subject: z.string(),
  text: z.string(),
  html: z.string().optional(),
});
export type SendJob = z.infer<typeof SendJobSchema>;

/** Payload of {@link EMAIL_JOBS.notify}. */
export const NotifyJobSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('new_assignment'), session_id: z.string(), attendant_id: z.string() }),
  z.object({ kind: z.literal('queue_alert'), session_id: z.string(), waiting_count: z.number().int() }),
  z.object({ kind: z.literal('resolved'), session_id: z.string() }),
]);
export type NotifyJob = z.infer<typeof NotifyJobSchema>;

/** Payload of the two delayed checks: the cycle they watch is the one that began at `waiting_since` (epoch ms). */
export const WaitCheckJobSchema = z.object({ session_id: z.string(), waiting_since: z.number().int() });
export type WaitCheckJob = z.infer<typeof WaitCheckJobSchema>;

/** Send attempts and backoff: about 2 s, 4 s, 8 s, 16 s, 32 s — a minute of SMTP trouble is ridden out. */
export const SEND_RETRY: Pick<AddJobOptions, 'attempts' | 'backoff'> = { attempts: 6, backoff: { type: 'exponential', delay: 2000 } };

/**
 * Renders `notice` with the bot's template and enqueues its send job, blind-copying
 * `attendance-email-bcc`. `jobId` names the notice, so enqueuing it twice sends once. Resolves to
 * false (and enqueues nothing) when there is nobody to send to.
 */
export async function enqueueMail(
  jobs: Pick<JobQueue, 'add'>,
  config: BotConfig,
  input: { to: readonly string[]; notice: EmailNotice; jobId: string },
): Promise<boolean> {
  if (input.to.length === 0) return false;
  const rendered = renderEmail(input.notice, config['attendance-email-template'] ?? 'default');
  const bcc = config['attendance-email-bcc'];
  const job: SendJob = {
    kind: input.notice.kind, session_id: input.notice.conversation.session_id, to: [...input.to],
    ...(bcc ? { bcc: [bcc] } : {}), ...rendered,
  };
  await jobs.add(EMAIL_JOBS.send, job, { ...SEND_RETRY, jobId: `${input.jobId}-send` });
  return true;
}

/** A job id fragment for a time: epoch milliseconds (job ids may not contain `:`). */
export function stamp(date: Date | null | undefined): number {
  return date?.getTime() ?? 0;
}
