import { jest } from '@jest/globals';
import { createLogger } from '../logger.js';
import { createInProcessJobQueue } from './in-process-jobs.js';

// Things the shared contract cannot check in real time: delays longer than one setTimeout can hold.
const DAY = 24 * 60 * 60 * 1000;

describe('in-process jobs: long waits', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  test('a 30-day delay neither fires early nor gets lost (setTimeout caps at ~24.8 days)', async () => {
    const jobs = createInProcessJobQueue({ logger: createLogger({ pretty: false }) });
    const runs: number[] = [];
    jobs.process('reminder', async () => void runs.push(Date.now()));
    const start = Date.now();
    await jobs.add('reminder', {}, { delay: 30 * DAY });
    await jest.advanceTimersByTimeAsync(29 * DAY);
    expect(runs).toEqual([]);
    await jest.advanceTimersByTimeAsync(DAY);
    expect(runs).toEqual([start + 30 * DAY]);
    await jobs.close({ timeoutMs: 0 });
  });

  test('a monthly cron waits for its date', async () => {
    jest.setSystemTime(new Date('2030-01-02T00:00:00Z'));
    const jobs = createInProcessJobQueue({ logger: createLogger({ pretty: false }) });
    const runs: string[] = [];
    jobs.process('monthly', async () => void runs.push(new Date().toISOString()));
    await jobs.schedule('monthly-report', 'monthly', { cron: '0 0 1 * *' }, {});
    await jest.advanceTimersByTimeAsync(29 * DAY);
    expect(runs).toEqual([]);
    await jest.advanceTimersByTimeAsync(DAY + 1000);
    expect(runs).toEqual([expect.stringMatching(/^2030-02-01T00:00:00/)]); // +1 ms: setTimeout(0) is 1 ms
    await jobs.close({ timeoutMs: 0 });
  });
});
