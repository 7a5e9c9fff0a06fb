import autocannon, { type Request } from 'autocannon';

/** One measured row: requests per second and latency, from the load generator's side. */
export interface LoadResult {
  name: string;
  perSecond: number;
  p50: number;
  p99: number;
  /** Connection errors, timeouts and non-2xx answers together. */
  failed: number;
  total: number;
}

/**
 * More turns a second than any row reaches: a connection's list of continuing requests is long
 * enough for this rate over the row. No longer: autocannon keeps every connection's list, and
 * 100,000 entries each (as before 2026-11-28, fourth session) cost the load generator 0.26 ms of
 * CPU a request against 0.07 for a list of one, CPU taken from the server it measures on the same
 * two cores (docs/performance.md).
 */
const CONTINUING_RATE_BOUND = 10_000;

export interface LoadOptions {
  connections: number;
  seconds: number;
}

/**
 * Posts JSON to `url` from this process (autocannon), `connections` at a time for `seconds`.
 * `continuing`: each connection keeps the `session_token` of its first answer, so every later
 * message is a turn of the same session; otherwise every message starts a new session.
 */
export async function postLoad(name: string, url: string, options: LoadOptions, continuing = false): Promise<LoadResult> {
  let counter = 0;
  const message = (token: unknown) => {
    counter += 1;
    return JSON.stringify({ text: `hello ${counter}`, ...(typeof token === 'string' ? { session_token: token } : {}) });
  };
  const post = { method: 'POST' as const, headers: { 'content-type': 'application/json' } };
  // autocannon resets a connection's context each time it comes back to the first request of the
  // list: continuing sessions are one opening request and then more than a row can send, so a
  // connection keeps its session for the whole row.
  const requests: Request[] = continuing
    ? [
      {
        ...post,
        setupRequest: (request) => ({ ...request, body: message(undefined) }),
        onResponse: (status, body, context) => {
          if (status === 200) context.token = (JSON.parse(body) as { session_token?: string }).session_token;
        },
      },
      ...Array.from({ length: Math.ceil((options.seconds * CONTINUING_RATE_BOUND) / options.connections) }, () => ({
        ...post,
        setupRequest: (request: Request, context: Record<string, unknown>) => ({ ...request, body: message(context.token) }),
      })),
    ]
    : [{ ...post, setupRequest: (request) => ({ ...request, body: message(undefined) }) }];
  const result = await autocannon({ url, connections: options.connections, duration: options.seconds, requests });
  return {
    name, perSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99,
    failed: result.errors + result.timeouts + result.non2xx, total: result.requests.total,
  };
}
