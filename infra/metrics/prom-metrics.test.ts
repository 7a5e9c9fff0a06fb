import { parseExposition, sampleValue } from '../../test/support/prometheus-text.js';
import { createPromMetrics, METRIC_NAMES, noopMetrics, type ScrapeSources } from './index.js';

/** Sources whose answers a test changes between scrapes. */
function fakeSources(overrides: Partial<ScrapeSources> = {}) {
  const state = {
    waiting: [{ bot: 'default', waiting: 0 }] as { bot: string; waiting: number }[],
    outbox: [] as { channel: string; state: 'pending' | 'failed'; count: number }[],
    sockets: { web: 0, attendance: 0 },
  };
  const sources: ScrapeSources = {
    countWaiting: async () => state.waiting,
    outboxCounts: async () => state.outbox,
    socketClients: () => state.sockets,
    channels: ['web', 'sms'],
    ...overrides,
  };
  return { state, sources };
}

describe('prom-client metrics', () => {
  test('the port\'s counts show up in the exposition, by label', async () => {
    const { port, exposition } = createPromMetrics(fakeSources().sources);
    port.turnFinished({ channel: 'web', outcome: 'processed', seconds: 0.042 });
    port.turnFinished({ channel: 'web', outcome: 'processed', seconds: 3 });
    port.turnFinished({ channel: 'web', outcome: 'duplicate', seconds: 0.001 });
    port.turnFinished({ channel: 'sms', outcome: 'error', seconds: 0.2 });
    port.handedOff('web');
    port.delivered({ channel: 'sms', status: 'retried' });
    port.delivered({ channel: 'sms', status: 'delivered' });

    const text = parseExposition(await exposition.render());
    expect(sampleValue(text, METRIC_NAMES.turns, { channel: 'web', outcome: 'processed' })).toBe(2);
    expect(sampleValue(text, METRIC_NAMES.turns, { channel: 'web', outcome: 'duplicate' })).toBe(1);
    expect(sampleValue(text, METRIC_NAMES.turns, { channel: 'sms', outcome: 'error' })).toBe(1);
    expect(sampleValue(text, METRIC_NAMES.handoffs, { channel: 'web' })).toBe(1);
    expect(sampleValue(text, METRIC_NAMES.deliveries, { channel: 'sms', status: 'retried' })).toBe(1);
    expect(sampleValue(text, METRIC_NAMES.deliveries, { channel: 'sms', status: 'delivered' })).toBe(1);
    // Only processed turns are timed: a duplicate's or an error's time would blur the answer latency.
    expect(sampleValue(text, `${METRIC_NAMES.turnSeconds}_count`, { channel: 'web' })).toBe(2);
    expect(sampleValue(text, `${METRIC_NAMES.turnSeconds}_sum`, { channel: 'web' })).toBeCloseTo(3.042);
    expect(sampleValue(text, `${METRIC_NAMES.turnSeconds}_bucket`, { channel: 'web', le: '0.05' })).toBe(1);
    expect(sampleValue(text, `${METRIC_NAMES.turnSeconds}_bucket`, { channel: 'web', le: '30' })).toBe(2);
    expect(sampleValue(text, `${METRIC_NAMES.turnSeconds}_count`, { channel: 'sms' })).toBe(0);
  });

  test('known channels have zero series before anything happens on them', async () => {
    const { exposition } = createPromMetrics(fakeSources().sources);
    const text = parseExposition(await exposition.render());
    for (const channel of ['web', 'sms']) {
      for (const outcome of ['processed', 'duplicate', 'error']) expect(sampleValue(text, METRIC_NAMES.turns, { channel, outcome })).toBe(0);
      for (const status of ['delivered', 'failed', 'retried']) expect(sampleValue(text, METRIC_NAMES.deliveries, { channel, status })).toBe(0);
      expect(sampleValue(text, METRIC_NAMES.handoffs, { channel })).toBe(0);
      expect(sampleValue(text, `${METRIC_NAMES.turnSeconds}_count`, { channel })).toBe(0);
    }
  });

  test('queue, outbox and socket gauges are read from their sources at each scrape', async () => {
    const { state, sources } = fakeSources();
    const { exposition } = createPromMetrics(sources);
    let text = parseExposition(await exposition.render());
    expect(sampleValue(text, METRIC_NAMES.queueLength, { bot: 'default' })).toBe(0);
    expect(sampleValue(text, METRIC_NAMES.outboxMessages, { channel: 'web', state: 'pending' })).toBe(0);
    expect(sampleValue(text, METRIC_NAMES.outboxMessages, { channel: 'sms', state: 'failed' })).toBe(0);
    expect(sampleValue(text, METRIC_NAMES.websocketConnections, { endpoint: 'web' })).toBe(0);
    expect(sampleValue(text, METRIC_NAMES.websocketConnections, { endpoint: 'attendance' })).toBe(0);

    state.waiting = [{ bot: 'default', waiting: 3 }, { bot: 'sales', waiting: 1 }];
    state.outbox = [{ channel: 'sms', state: 'pending', count: 4 }, { channel: 'sms', state: 'failed', count: 2 }];
    state.sockets = { web: 5, attendance: 2 };
    text = parseExposition(await exposition.render());
    expect(sampleValue(text, METRIC_NAMES.queueLength, { bot: 'default' })).toBe(3);
    expect(sampleValue(text, METRIC_NAMES.queueLength, { bot: 'sales' })).toBe(1);
    expect(sampleValue(text, METRIC_NAMES.outboxMessages, { channel: 'sms', state: 'pending' })).toBe(4);
    expect(sampleValue(text, METRIC_NAMES.outboxMessages, { channel: 'sms', state: 'failed' })).toBe(2);
    expect(sampleValue(text, METRIC_NAMES.outboxMessages, { channel: 'web', state: 'pending' })).toBe(0);
    expect(sampleValue(text, METRIC_NAMES.websocketConnections, { endpoint: 'web' })).toBe(5);
    expect(sampleValue(text, METRIC_NAMES.websocketConnections, { endpoint: 'attendance' })).toBe(2);

    // A bot that left the answer is not reported with its old value.
    state.waiting = [{ bot: 'default', waiting: 0 }];
    text = parseExposition(await exposition.render());
    expect(sampleValue(text, METRIC_NAMES.queueLength, { bot: 'sales' })).toBeUndefined();
  });

  test('a failing query empties its gauge and is counted; the rest of the scrape still answers', async () => {
    const failures: string[] = [];
    const { sources } = fakeSources({
      countWaiting: () => Promise.reject(new Error('database down')),
      onCollectError: (source, error) => failures.push(`${source}: ${(error as Error).message}`),
    });
    const { exposition } = createPromMetrics(sources);
    await exposition.render();
    const text = parseExposition(await exposition.render());
    expect(text.filter((s) => s.name === METRIC_NAMES.queueLength)).toEqual([]);
    expect(sampleValue(text, METRIC_NAMES.outboxMessages, { channel: 'web', state: 'pending' })).toBe(0);
    expect(sampleValue(text, METRIC_NAMES.collectErrors, { source: 'attendance_queue' })).toBeGreaterThanOrEqual(1);
    expect(failures).toEqual(['attendance_queue: database down', 'attendance_queue: database down']);
  });

  test('each instance counts on its own registry; process metrics carry the prefix', async () => {
    const a = createPromMetrics(fakeSources().sources);
    const b = createPromMetrics(fakeSources().sources);
    a.port.handedOff('web');
    expect(sampleValue(await a.exposition.render(), METRIC_NAMES.handoffs, { channel: 'web' })).toBe(1);
    const other = await b.exposition.render();
    expect(sampleValue(other, METRIC_NAMES.handoffs, { channel: 'web' })).toBe(0);
    expect(sampleValue(other, 'switchboard_process_cpu_user_seconds_total')).toBeGreaterThanOrEqual(0);
    expect(other).toContain('# TYPE switchboard_turn_duration_seconds histogram');
    expect(a.exposition.contentType).toBe('text/plain; version=0.0.4; charset=utf-8');
  });

  test('the no-op port takes every call and counts nothing', () => {
    expect(() => {
      noopMetrics.turnFinished({ channel: 'web', outcome: 'processed', seconds: 1 });
      noopMetrics.handedOff('web');
      noopMetrics.delivered({ channel: 'web', status: 'failed' });
    }).not.toThrow();
  });
});
