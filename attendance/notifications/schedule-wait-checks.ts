/**
 * Enqueues the two delayed checks of a waiting cycle — customer_waiting and sla_check — with job
 * ids made of the session and the cycle's `waiting_since`, so scheduling the same cycle twice (a
 * repeated event, a restart) leaves one of each.
 */
import type { BotConfig } from '../../config/index.js';
import type { ConversationRow } from '../../db/index.js';
import type { EmailNotificationDeps } from './email-deps.js';
import { EMAIL_JOBS, stamp, type WaitCheckJob } from './email-jobs.js';
import { maxWaitSeconds } from './max-wait.js';

/**
 * Schedules the checks of `row`'s current waiting cycle. With `skipPastDue` (start-up recovery) a
 * check whose time has already passed is left out: after a restart on the in-process driver it
 * may or may not have run, and a late duplicate is worse than a missing reminder.
 */
export async function scheduleWaitChecks(
  deps: Pick<EmailNotificationDeps, 'repos' | 'jobs' | 'now'>,
  row: ConversationRow,
  config: BotConfig,
  options: { skipPastDue?: boolean } = {},
): Promise<void> {
  if (!row.waiting_since) return;
  const since = stamp(row.waiting_since);
  const data: WaitCheckJob = { session_id: row.session_id, waiting_since: since };
  const checks = [
    { name: EMAIL_JOBS.customerWaiting, prefix: 'email-waiting', seconds: config['attendance-customer-waiting-seconds'] },
    { name: EMAIL_JOBS.slaCheck, prefix: 'email-sla', seconds: await maxWaitSeconds(deps.repos, row, config) },
  ];
  for (const check of checks) {
    const delay = since + check.seconds * 1000 - deps.now().getTime();
    if (delay < 0 && options.skipPastDue) continue;
    await deps.jobs.add(check.name, data, { delay: Math.max(0, delay), jobId: `${check.prefix}-${row.session_id}-${since}` });
  }
}
