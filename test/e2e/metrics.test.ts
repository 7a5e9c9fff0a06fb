import { METRIC_NAMES } from '../../infra/metrics/index.js';
import { connectFrameSocket } from '../support/frame-socket.js';
import { parseExposition, sampleValue, type Sample } from '../support/prometheus-text.js';
import { bearerFor, startTestService, TEST_ADMIN, type TestService } from '../support/service.js';
import { sayOnWeb } from '../support/web-customer.js';
import { waitForValue } from '../support/wait-for.js';

const EXPOSITION_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

/** Scrapes `url` until `ready` holds for the parsed samples (the gauges are read at scrape time); returns the last scrape. */
async function scrapeUntil(url: string, headers: Record<string, string>, ready: (samples: Sample[]) => boolean): Promise<Sample[]> {
  const scrape = async () => {
    const res = await fetch(url, { headers });
    expect(res.status).toBe(200);
    return parseExposition(await res.text());
  };
  return waitForValue(scrape, ready, { what: 'the expected samples', intervalMs: 50 });
}

/** One expected series: its name, the labels that pick it, and what its value must satisfy. */
type Expectation = [name: string, labels: Record<string, string>, check: (value: number) => boolean, what: string];

const equals = (n: number) => (v: number) => v === n;
const atLeast = (n: number) => (v: number) => v >= n;

/**
 * What a web visitor who asked for a person, with the push socket open, leaves in the exposition.
 * Every series the service reports is listed here with the value it must reach.
 */
const AFTER_A_HANDOFF: Expectation[] = [
  [METRIC_NAMES.websocketConnections, { endpoint: 'web' }, equals(1), 'the open web socket'],
  [METRIC_NAMES.websocketConnections, { endpoint: 'attendance' }, equals(0), 'no console'],
  [METRIC_NAMES.queueLength, { bot: 'default' }, equals(1), 'the visitor waiting for a person'],
  [METRIC_NAMES.outboxMessages, { channel: 'web', state: 'pending' }, equals(0), 'web replies delivered'],
  [METRIC_NAMES.outboxMessages, { channel: 'web', state: 'failed' }, equals(0), 'no failed web reply'],
  [METRIC_NAMES.turns, { channel: 'web', outcome: 'processed' }, atLeast(1), 'the turn counter of the web channel'],
  [METRIC_NAMES.handoffs, { channel: 'web' }, equals(1), 'the hand-off'],
  [METRIC_NAMES.deliveries, { channel: 'web', status: 'delivered' }, atLeast(1), 'the web replies, delivered with their turn'],
  [`${METRIC_NAMES.turnSeconds}_count`, { channel: 'web' }, atLeast(1), 'the turn latency histogram of the web channel'],
  ['switchboard_process_resident_memory_bytes', {}, atLeast(1), 'the process metrics'],
  [METRIC_NAMES.dependencyUp, { dependency: 'database' }, equals(1), 'the database answering its readiness check'],
];

const unmet = (samples: Sample[], expectations: Expectation[]) =>
  expectations.filter(([name, labels, check]) => {
    const value = sampleValue(samples, name, labels);
    return value === undefined || !check(value);
  });

describe('GET /metrics on the main port (admin token)', () => {
  let service: TestService;
  let admin: { authorization: string };
  beforeAll(async () => {
    service = await startTestService();
    admin = await bearerFor(service.url, TEST_ADMIN.username, TEST_ADMIN.password);
  });
  afterAll(async () => { await service.dispose(); });

  test('401 without a token, 403 for an attendant, the text exposition for an admin', async () => {
    const attendant = { username: 'mia', email: 'mia@example.test', password: 'attendant-pass', roles: ['attendant'] };
    const created = await fetch(`${service.url}/api/users`, {
      method: 'POST', headers: { ...admin, 'content-type': 'application/json' }, body: JSON.stringify(attendant),
    });
    expect(created.status).toBe(201);

    const anonymous = await fetch(`${service.url}/metrics`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ error: 'unauthorized' });
    const forbidden = await fetch(`${service.url}/metrics`, { headers: await bearerFor(service.url, attendant.username, attendant.password) });
    expect(forbidden.status).toBe(403);
    const allowed = await fetch(`${service.url}/metrics`, { headers: admin });
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('content-type')).toBe(EXPOSITION_TYPE);
    expect(await allowed.text()).toContain(`# TYPE ${METRIC_NAMES.queueLength} gauge`);
  });

  test('a visitor handed to attendance with the push socket open shows in the series', async () => {
    const first = await sayOnWeb(service.url, 'default', 'hi');
    const handoff = await sayOnWeb(service.url, 'default', 'Talk to a person', first.session_token);
    const socket = connectFrameSocket(`${service.url.replace('http', 'ws')}/ws/web?session_token=${encodeURIComponent(handoff.session_token)}`);
    try {
      await socket.opened;
      const samples = await scrapeUntil(`${service.url}/metrics`, admin, (s) => unmet(s, AFTER_A_HANDOFF).length === 0);
      expect(unmet(samples, AFTER_A_HANDOFF).map(([name, labels, , what]) => `${what}: ${name}${JSON.stringify(labels)} = ${sampleValue(samples, name, labels)}`)).toEqual([]);
    } finally {
      socket.ws.close();
    }
    await socket.closed;
    const after = await scrapeUntil(`${service.url}/metrics`, admin, (s) => sampleValue(s, METRIC_NAMES.websocketConnections, { endpoint: 'web' }) === 0);
    expect(sampleValue(after, METRIC_NAMES.websocketConnections, { endpoint: 'web' })).toBe(0);
  });
});

describe('GET /metrics on METRICS_PORT', () => {
  let service: TestService;
  beforeAll(async () => { service = await startTestService({ METRICS_PORT: '0', METRICS_HOST: '127.0.0.1' }); });
  afterAll(async () => { await service.dispose(); });

  test('the metrics listener answers without a token; the main port no longer serves /metrics', async () => {
    expect(service.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const res = await fetch(`${service.metricsUrl}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(EXPOSITION_TYPE);
    const samples = parseExposition(await res.text());
    expect(sampleValue(samples, METRIC_NAMES.queueLength, { bot: 'default' })).toBe(0);
    expect(sampleValue(samples, METRIC_NAMES.websocketConnections, { endpoint: 'web' })).toBe(0);

    expect((await fetch(`${service.metricsUrl}/healthz`)).status).toBe(404); // only /metrics on this port
    const admin = await bearerFor(service.url, TEST_ADMIN.username, TEST_ADMIN.password);
    expect((await fetch(`${service.url}/metrics`, { headers: admin })).status).toBe(404);
  });

  test('the metrics listener closes with the service', async () => {
    const url = `${service.metricsUrl}/metrics`;
    expect((await fetch(url)).status).toBe(200);
    await service.stop(); // dispose() stops once more: stop() is idempotent
    await expect(fetch(url)).rejects.toThrow();
  });
});
