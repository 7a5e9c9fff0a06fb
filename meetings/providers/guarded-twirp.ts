/**
 * livekit-server-sdk's Twirp transport on the outbound door (docs/architecture.md, "Outbound
 * requests"). The SDK's own transport calls the global `fetch` and takes no fetch or agent, so the
 * rtc provider gives its room and egress clients this one instead: the same request (POST
 * `<rtc-url>/twirp/livekit.<Service>/<Method>`, JSON, the SDK's signed Authorization header) on the
 * bot's guarded fetch. The SDK's region failover (LiveKit Cloud only) is left out: a self-hosted
 * server has no regions, and the failover would fetch hosts it learnt from the server, unchecked.
 */
import { TwirpError } from 'livekit-server-sdk';
import type { FetchFunction } from '../../infra/outbound-http.js';

const TIMEOUT_SECONDS = 10;

/** The shape the SDK's clients call (`this.rpc.request(service, method, data, headers, timeout)`). */
export interface TwirpTransport {
  request(service: string, method: string, data: unknown, headers: Record<string, string>, timeoutSeconds?: number): Promise<unknown>;
}

export function guardedTwirp(host: string, guarded: FetchFunction): TwirpTransport {
  const base = host.replace(/^ws/, 'http');
  return {
    async request(service, method, data, headers, timeoutSeconds = TIMEOUT_SECONDS) {
      const response = await guarded(new URL(`/twirp/livekit.${service}/${method}`, base), {
        method: 'POST',
        headers: { 'content-type': 'application/json;charset=UTF-8', ...headers },
        body: JSON.stringify(data),
        signal: AbortSignal.timeout(timeoutSeconds * 1000),
      });
      if (response.ok) return response.json() as Promise<unknown>;
      const text = await response.text();
      let parsed: { msg?: string; code?: string } = {};
      try {
        parsed = JSON.parse(text) as typeof parsed;
      } catch {
        parsed = { msg: text };
      }
      throw new TwirpError(response.statusText, parsed.msg ?? 'Unknown error', response.status, parsed.code);
    },
  };
}

/** Replaces an SDK client's transport: its `rpc` field is where every call of the client goes. */
export function withTransport<T extends object>(client: T, transport: TwirpTransport): T {
  Object.defineProperty(client, 'rpc', { value: transport });
  return client;
}
