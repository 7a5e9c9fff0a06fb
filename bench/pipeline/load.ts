import autocannon from 'autocannon';

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
  const result = await autocannon({
    url,
    connections: options.connections,
    duration: options.seconds,
    requests: [{
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      setupRequest: (request, context) => {
        counter += 1;
        const body = { text: `hello ${counter}`, ...(continuing && context.token ? { session_token: context.token } : {}) };
        return { ...request, body: JSON.stringify(body) };
      },
      onResponse: (status, body, context) => {
        if (continuing && status === 200 && !context.token) context.token = (JSON.parse(body) as { session_token?: string }).session_token;
      },
    }],
  });
  return {
    name, perSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99,
    failed: result.errors + result.timeouts + result.non2xx, total: result.requests.total,
  };
}
