import type { Logger } from '../../infra/logger.js';
import type { FetchFunction } from '../../infra/outbound-http.js';
import { idpError } from '../group-error.js';

/** One answer of the provider: status, headers and the parsed JSON body (undefined when empty). */
export interface ProviderAnswer {
  status: number;
  headers: Headers;
  body: unknown;
}

export interface ProviderHttpOptions {
  baseUrl: string;
  timeoutMs: number;
  logger: Logger;
  /**
   * The outbound door's guarded fetch (infra/outbound-http.ts), with the deployment's policy
   * (OUTBOUND_ALLOW_PRIVATE_NETWORKS): a refused address is a transport error, so IDP_ERROR.
   */
  fetch: FetchFunction;
  /** `keycloak` or `zitadel`, for the logs. */
  idp: string;
  /** The service account's token endpoint and form (client credentials grant). */
  token: { path: string; form: Record<string, string> };
}

/**
 * The HTTP side of the Keycloak and Zitadel adapters: the service account's bearer token
 * (fetched with the client-credentials grant, cached until shortly before it expires, fetched
 * again once on a 401) and one rule for failures. A transport error, a timeout, a 5xx or a status
 * the caller did not expect is IDP_ERROR; what the provider said goes to the log, not to the caller.
 * Calls are not retried: they run inside a user's request, which should fail fast.
 */
export function createProviderHttp(options: ProviderHttpOptions) {
  let token: { value: string; expiresAt: number } | undefined;

  async function send(method: string, path: string, init: { body?: string; headers: Record<string, string> }): Promise<ProviderAnswer> {
    let res: Response;
    try {
      res = await options.fetch(new URL(path, options.baseUrl), { method, ...init, signal: AbortSignal.timeout(options.timeoutMs) });
    } catch (error) {
      options.logger.warn({ err: error, idp: options.idp, method, path }, 'identity provider unreachable or too slow');
      throw idpError();
    }
    const text = await res.text().catch(() => '');
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = text;
    }
    return { status: res.status, headers: res.headers, body };
  }

  async function bearer(): Promise<string> {
    if (token && token.expiresAt > Date.now()) return token.value;
    const answer = await send('POST', options.token.path, {
      body: new URLSearchParams(options.token.form).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const body = answer.body as { access_token?: unknown; expires_in?: unknown } | undefined;
    if (answer.status !== 200 || typeof body?.access_token !== 'string') {
      options.logger.warn({ idp: options.idp, status: answer.status, body: answer.body }, 'identity provider refused the service account');
      throw idpError();
    }
    const ttl = typeof body.expires_in === 'number' ? body.expires_in : 60;
    token = { value: body.access_token, expiresAt: Date.now() + Math.max(0, ttl - 30) * 1000 };
    return token.value;
  }

  /**
   * Calls the provider with the service account's token. Answers whose status is in `expected`
   * are returned; anything else is logged and becomes IDP_ERROR.
   */
  async function call(method: string, path: string, expected: readonly number[], extra: { json?: unknown; headers?: Record<string, string> } = {}): Promise<ProviderAnswer> {
    const attempt = async () => send(method, path, {
      headers: { authorization: `Bearer ${await bearer()}`, accept: 'application/json', ...(extra.json === undefined ? {} : { 'content-type': 'application/json' }), ...extra.headers },
      ...(extra.json === undefined ? {} : { body: JSON.stringify(extra.json) }),
    });
    let answer = await attempt();
    if (answer.status === 401) {
      token = undefined; // revoked or expired early: one fresh token
      answer = await attempt();
    }
    if (!expected.includes(answer.status)) {
      options.logger.warn({ idp: options.idp, method, path, status: answer.status, body: answer.body }, 'identity provider answered unexpectedly');
      throw idpError();
    }
    return answer;
  }

  return { call };
}

export type ProviderHttp = ReturnType<typeof createProviderHttp>;

/** The id at the end of a `Location` header (`…/organizations/<id>`), as providers report what they created. */
export function idFromLocation(answer: ProviderAnswer): string | undefined {
  const location = answer.headers.get('location');
  return location?.split('/').filter(Boolean).pop();
}
