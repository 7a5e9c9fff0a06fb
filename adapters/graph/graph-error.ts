/**
 * A failed call to a Graph-style API, wrapped once at the boundary so nothing above sees axios
 * (whose errors carry the request config, the bearer token included). `code` and `title` are the
 * provider's (`error.code`, `error.message`/`error_data.details`); `transient` says whether
 * trying again can help (rate limits, throughput, 5xx, transport).
 */
export class GraphApiError extends Error {
  constructor(
    readonly title: string,
    readonly options: { status?: number; code?: number; transient: boolean; retryAfterMs?: number; details?: string },
  ) {
    super(options.code === undefined ? title : `${options.code}: ${title}`);
    this.name = 'GraphApiError';
  }

  get code(): number | undefined {
    return this.options.code;
  }

  get transient(): boolean {
    return this.options.transient;
  }
}

/** Provider codes meaning "too many requests" or "try again": retried like 429 and 5xx. */
const TRANSIENT_CODES = new Set([
  1, 2, 4, 17, 32, 613, // API-level throttling and temporary errors
  80007, 130429, 131000, 131016, 131048, 131056, // messaging rate limits, service unavailable, pair rate limit
]);

/** The error a Graph-style API answered with, as a GraphApiError. */
export function graphErrorFrom(status: number, body: unknown, retryAfter: string | undefined): GraphApiError {
  const error = (body as { error?: { message?: unknown; code?: unknown; error_data?: { details?: unknown } } } | null)?.error;
  const code = typeof error?.code === 'number' ? error.code : undefined;
  const message = typeof error?.message === 'string' ? error.message : `HTTP ${status}`;
  const details = typeof error?.error_data?.details === 'string' ? error.error_data.details : undefined;
  const transient = status === 429 || status >= 500 || (code !== undefined && TRANSIENT_CODES.has(code));
  const retryAfterMs = parseRetryAfter(retryAfter);
  return new GraphApiError(message, {
    status, transient, ...(code === undefined ? {} : { code }), ...(details ? { details } : {}),
    ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
  });
}

/** `Retry-After` as seconds or an HTTP date, in milliseconds from now. */
function parseRetryAfter(value: string | undefined): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}
