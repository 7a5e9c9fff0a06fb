import { jest } from '@jest/globals';
import { defaultBotConfig } from '../../config/index.js';
import { inTheCurrentTenant } from '../../infra/jobs/index.js';
import { createInProcessJobQueue } from '../../infra/jobs/in-process-jobs.js';
import { createLogger } from '../../infra/logger.js';
import { conversation, fakeRepositories } from '../../test/support/attendance-fakes.js';
import { memoryHoursRepo } from '../../test/support/memory-sla.js';
import { registerHoursJobs } from './hours-jobs.js';

// The opening check under fake timers: start-up finds a conversation waiting in a closed queue and
// enqueues one job for the opening; the job reads it then (and only then), and a conversation that
// was taken meanwhile is left alone.
const QUEUE = '00000000-0000-4000-8000-0000000000c1';
const weekdays = [{ open: '09:00', close: '17:00' }];

test('a conversation waiting over the weekend is tried again at Monday 09:00, once', async () => {
  jest.useFakeTimers();
  jest.setSystemTime(new Date('2026-01-10T12:00:00Z')); // Saturday
  const row = conversation('s-1', { queue_id: QUEUE, waiting_since: new Date('2026-01-09T18:00:00Z') });
  const reads: string[] = [];
  const repos = fakeRepositories({
    conversations: {
      listWaiting: async () => [row],
      get: async () => { reads.push(new Date().toISOString()); return row; },
    },
    hours: memoryHoursRepo([{ queue_id: QUEUE, time_zone: 'UTC', weekly: { mon: weekdays, tue: weekdays, wed: weekdays, thu: weekdays, fri: weekdays } }]),
  });
  const jobs = createInProcessJobQueue({ logger: createLogger({ pretty: false, level: 'silent' }) });
  const deps = { repos, config: () => ({ ...defaultBotConfig(), 'attendance-auto-assign': false }), now: () => new Date(), jobs, eachTenant: inTheCurrentTenant };
  try {
    await registerHoursJobs(deps);
    await jest.advanceTimersByTimeAsync(new Date('2026-01-12T08:59:00Z').getTime() - Date.now());
    expect(reads).toEqual([]);
    await jest.advanceTimersByTimeAsync(2 * 60_000);
    expect(reads).toEqual(['2026-01-12T09:00:00.000Z']);
    await jest.advanceTimersByTimeAsync(24 * 3600_000);
    expect(reads).toHaveLength(1);
  } finally {
    await jobs.close({ timeoutMs: 0 });
    jest.useRealTimers();
  }
});
