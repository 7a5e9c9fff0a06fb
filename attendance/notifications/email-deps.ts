import type { BotConfig } from '../../config/index.js';
import type { JobQueue } from '../../infra/jobs/index.js';
import type { Logger } from '../../infra/logger.js';
import type { AttendanceRepositories } from '../attendance-repositories.js';

/** What the attendance email listener and its jobs need (and nothing more). */
export interface EmailNotificationDeps {
  repos: AttendanceRepositories;
  jobs: Pick<JobQueue, 'add'>;
  /** A bot's configuration by bot id; undefined (an unknown bot) means no mail. */
  config: (botId: string) => BotConfig | undefined;
  now: () => Date;
  logger?: Pick<Logger, 'warn' | 'debug'>;
}
