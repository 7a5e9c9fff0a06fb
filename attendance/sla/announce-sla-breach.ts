/**
 * Where a breach goes (docs/attendance/sla.md, "Breaches"): a `sla_breached` frame to the holder,
 * supervisors and admins on the console's live topic; an `sla.breached` attendance webhook; and
 * the `sla_breach` e-mail to the managers when the bot mails notices. Each only publishes or
 * enqueues; one failing does not stop the others.
 */
import type { BotConfig } from '../../config/index.js';
import type { AttendanceWebhooksRepo } from '../../db/index.js';
import type { EventBus } from '../../infra/events/index.js';
import type { JobQueue } from '../../infra/jobs/index.js';
import type { Logger } from '../../infra/logger.js';
import type { AttendanceRepositories } from '../attendance-repositories.js';
import { ATTENDANCE_LIVE_TOPIC } from '../live/live-events-listener.js';
import type { LiveDelivery } from '../live/live-events.js';
import { loadAttendant, loadConversationFacts, loadStaff } from '../notifications/conversation-facts.js';
import { enqueueMail } from '../notifications/email-jobs.js';
import { managerAddresses } from '../notifications/email-recipients.js';
import { enqueueWebhooks } from '../webhooks/attendance-webhook-jobs.js';
import type { SlaBreach } from './sla-deps.js';
import { slaClockView } from './sla-clock-view.js';

export interface AnnounceSlaBreachDeps {
  repos: AttendanceRepositories;
  bus: Pick<EventBus, 'publish'>;
  jobs: Pick<JobQueue, 'add'>;
  webhooks: Pick<AttendanceWebhooksRepo, 'create'>;
  config: (botId: string) => BotConfig | undefined;
  now: () => Date;
  logger?: Pick<Logger, 'error'>;
}

/** The frame's delivery: to the clock's holder, supervisors and admins. Pure. */
export function breachDelivery(breach: SlaBreach): LiveDelivery {
  return {
    recipients: { user_ids: breach.attendant_id ? [breach.attendant_id] : [], supervisors: true },
    frame: { type: 'sla_breached', clock: slaClockView(breach) },
  };
}

/** The `onBreach` of the SLA use cases. */
export function createBreachAnnouncer(deps: AnnounceSlaBreachDeps): (breach: SlaBreach) => Promise<void> {
  const guarded = async (what: string, work: () => Promise<unknown>) => {
    try {
      await work();
    } catch (error) {
      deps.logger?.error({ err: error }, `SLA breach ${what} failed`);
    }
  };
  return async (breach) => {
    await guarded('frame', () => deps.bus.publish(ATTENDANCE_LIVE_TOPIC, breachDelivery(breach)));
    if (!breach.bot_id) return;
    const botId = breach.bot_id;
    await guarded('webhook', () => enqueueWebhooks(deps, botId, [{
      type: 'sla.breached', timestamp: breach.breached_at.toISOString(), data: { clock: slaClockView(breach), bot_id: botId },
    }]));
    await guarded('e-mail', () => mailBreach(deps, breach, botId));
  };
}

/** The existing `sla_breach` notice, naming the target that ran out. */
async function mailBreach(deps: AnnounceSlaBreachDeps, breach: SlaBreach, botId: string): Promise<void> {
  const config = deps.config(botId);
  if (!config?.['attendance-email-notify']) return;
  const sessionId = breach.subject === 'conversation' ? breach.subject_id : (await deps.repos.tickets.get(breach.subject_id))?.session_id;
  const row = sessionId ? await deps.repos.conversations.get(sessionId) : undefined;
  if (!row) return;
  const to = managerAddresses(await loadStaff(deps.repos), config['attendance-email-recipient']);
  const attendant = breach.attendant_id ? await loadAttendant(deps.repos, breach.attendant_id) : undefined;
  const { facts } = await loadConversationFacts(deps.repos, row, deps.now());
  await enqueueMail(deps.jobs, config, {
    to, jobId: `email-sla-clock-${breach.id}`,
    notice: {
      kind: 'sla_breach', conversation: facts, max_wait_seconds: breach.target_seconds,
      target: { metric: breach.metric, subject: breach.subject },
      ...(attendant ? { attendant_name: attendant.name } : {}),
    },
  });
}
