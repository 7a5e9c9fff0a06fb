import { ConnectorClient, HttpClient, HttpError, type HttpRequestConfig, type HttpResponse } from '@microsoft/agents-hosting';
import type { FetchFunction } from '../../infra/outbound-http.js';

/**
 * The library's HttpClient on the outbound door's fetch (docs/architecture.md, "Outbound
 * requests"): the library's own calls the global fetch, which no option reaches. The connector's
 * calls carry JSON activities and answer JSON, so that is what this sends and reads; its answers
 * and errors keep the library's shape (HttpError), which callConnector reads.
 */
class GuardedHttpClient extends HttpClient {
  constructor(options: { baseURL: string; headers: Record<string, string> }, private readonly fetchFn: FetchFunction) {
    super(options);
  }

  override async request<T = unknown>(config: HttpRequestConfig): Promise<HttpResponse<T>> {
    const headers: Record<string, string> = { ...this.defaultHeaders };
    for (const [name, value] of Object.entries(config.headers ?? {})) headers[name.toLowerCase()] = value;
    let body: string | undefined;
    if (config.data !== undefined && config.data !== null) {
      body = typeof config.data === 'string' ? config.data : JSON.stringify(config.data);
      headers['content-type'] ??= 'application/json';
    }
    const signal = config.signal ?? (config.timeout ? AbortSignal.timeout(config.timeout) : undefined);
    const response = await this.fetchFn(urlOf(this.baseURL, config.url, config.params), {
      method: config.method.toUpperCase(), headers, ...(body === undefined ? {} : { body }), ...(signal ? { signal } : {}),
    });
    const text = await response.text();
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
    const answer = { data: data as T, status: response.status, statusText: response.statusText, headers: response.headers, config };
    if (!response.ok) throw new HttpError(`Request failed with status ${response.status}`, answer, config);
    return answer;
  }
}

/** The connector's subclass whose only change is the HttpClient it is built on (its constructor is protected). */
class GuardedConnectorClient extends ConnectorClient {
  constructor(http: HttpClient) {
    super(http);
  }
}

/**
 * A ConnectorClient for `serviceUrl` with the bearer `token`, whose every call goes through
 * `fetchFn` (the bot's guarded fetch). The headers are the library's own (user agent, accept,
 * authorization), taken from a client it builds and never uses.
 */
export function guardedConnectorClient(serviceUrl: string, token: string, fetchFn: FetchFunction): ConnectorClient {
  const headers = ConnectorClient.createClientWithToken(serviceUrl, token).httpClient.defaultHeaders;
  return new GuardedConnectorClient(new GuardedHttpClient({ baseURL: serviceUrl, headers }, fetchFn));
}

function urlOf(base: string, path: string, params: HttpRequestConfig['params']): string {
  let url = /^https?:\/\//.test(path) ? path : `${base.replace(/\/$/, '')}${path.startsWith('/') ? path : `/${path}`}`;
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params ?? {})) if (value !== undefined && value !== null) query.set(name, value);
  if (query.size) url += `${url.includes('?') ? '&' : '?'}${query.toString()}`;
  return url;
}
