import type { SlaClockRow } from '../../db/index.js';
import type { JobQueue } from '../../infra/jobs/index.js';
import type { AttendanceRepositories } from '../attendance-repositories.js';

/** A clock that ran out: what the live frame, the webhook and the e-mail say (docs/attendance/sla.md, "Breaches"). */
export type SlaBreach = SlaClockRow & { breached_at: Date };

/** What the SLA use cases need. */
export interface SlaDeps {
  repos: Pick<AttendanceRepositories, 'sla' | 'hours' | 'sessions' | 'crm' | 'conversations' | 'tickets'>;
  jobs: Pick<JobQueue, 'add'>;
  now: () => Date;
  /** Told of every breach once it is stored (the composition root fans it out). */
  onBreach?: (breach: SlaBreach) => Promise<void>;
}
