import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { Duplex } from 'node:stream';
import { Agent as UndiciAgent, buildConnector, fetch as undiciFetch, type Dispatcher } from 'undici';
import { HttpRefusedError, refuseAddresses, refuseMetadataHost, resolveWithDns, type ResolveHost } from './outbound-guard.js';

/**
 * The one outbound door (docs/architecture.md, "Outbound requests"): every HTTP client the server
 * builds for an address that a user, a bot author or a config file chose connects through here.
 * The check happens where the socket is opened, not before the request:
 *
 * - a host name is resolved once, every address it resolves to is checked by the guard
 *   (infra/outbound-guard.ts), and the socket connects to those checked addresses — there is no
 *   second DNS answer to rebind to;
 * - an IP literal, which Node connects to without a lookup, is checked before the socket opens;
 * - a redirect opens a new connection through the same check, so every hop is checked, whatever
 *   library follows it;
 * - proxies from the environment are not used (a proxy would connect on our behalf, unchecked).
 *
 * `allowPrivateNetworks` belongs to the owner of the setting that chose the address: the bot's
 * `http-allow-private-networks` for a bot's URLs, the process's `OUTBOUND_ALLOW_PRIVATE_NETWORKS`
 * for deployment-wide ones (push, notification webhooks, the chat-ops hook, the identity provider).
 */
export interface OutboundPolicy {
  allowPrivateNetworks: boolean;
  /** Host-name resolution; DNS unless replaced in tests. */
  resolve?: ResolveHost;
}

/** A Node `lookup` that resolves with the policy's resolver and refuses any address the guard refuses. */
export function guardedLookup(policy: OutboundPolicy): LookupFunction {
  const resolve = policy.resolve ?? resolveWithDns;
  return (hostname, options, callback) => {
    // A metadata service's name is refused without asking DNS, whatever it would answer.
    Promise.resolve().then(() => {
      refuseMetadataHost(hostname);
      return resolve(hostname);
    }).then((found) => {
      const wanted = options.family === 4 || options.family === 6 ? found.filter((a) => a.family === options.family) : found;
      if (wanted.length === 0) throw Object.assign(new Error(`Cannot resolve host ${hostname}: no addresses`), { code: 'ENOTFOUND' });
      refuseAddresses(hostname, found, policy.allowPrivateNetworks);
      if (options.all) callback(null, wanted);
      else callback(null, wanted[0]!.address, wanted[0]!.family);
    }).catch((error: NodeJS.ErrnoException) => callback(error, '', 0));
  };
}

/** Throws {@link HttpRefusedError} when `host` is an IP literal the guard refuses (names are checked by the lookup). */
export function checkLiteralHost(host: string, policy: OutboundPolicy): void {
  const bare = host.replace(/^\[|\]$/g, '');
  if (isIP(bare) !== 0) refuseAddresses(host, [{ address: bare }], policy.allowPrivateNetworks);
}

type CreateConnection = (options: http.ClientRequestArgs, callback: (error: Error | null, socket?: Duplex) => void) => Duplex | undefined;

/** Node's Agent.createConnection with the guard in front: an IP literal is checked, a name goes through the guarded lookup. */
function guardedCreateConnection(base: CreateConnection, policy: OutboundPolicy, lookup: LookupFunction): CreateConnection {
  return (options, callback) => {
    try {
      checkLiteralHost(String(options.host ?? options.hostname ?? 'localhost'), policy);
    } catch (error) {
      // The agent hands this error to the request ('error' event): nothing was connected.
      callback(error as Error);
      return undefined;
    }
    return base({ ...options, lookup }, callback);
  };
}

export interface GuardedAgents {
  httpAgent: http.Agent;
  httpsAgent: https.Agent;
}

/**
 * An http and an https agent for libraries that take Node agents (axios, web-push, @slack/web-api,
 * grammy's fetch, the AWS SDK). Pass both, and turn the library's own proxy support off where it
 * has one (axios: `proxy: false`).
 */
export function guardedAgents(policy: OutboundPolicy, options: https.AgentOptions = {}): GuardedAgents {
  const lookup = guardedLookup(policy);
  const httpAgent = new http.Agent({ keepAlive: true, ...options });
  const httpsAgent = new https.Agent({ keepAlive: true, ...options });
  for (const agent of [httpAgent, httpsAgent] as const) {
    const base = (agent as unknown as { createConnection: CreateConnection }).createConnection.bind(agent);
    (agent as unknown as { createConnection: CreateConnection }).createConnection = guardedCreateConnection(base, policy, lookup);
  }
  return { httpAgent, httpsAgent };
}

/** An undici dispatcher whose every connection goes through the guard. */
export function guardedDispatcher(policy: OutboundPolicy, tls: buildConnector.BuildOptions = {}): Dispatcher {
  const connect = buildConnector({ ...tls, lookup: guardedLookup(policy) });
  return new UndiciAgent({
    connect: (options, callback) => {
      try {
        checkLiteralHost(options.hostname, policy);
      } catch (error) {
        callback(error as Error, null);
        return;
      }
      connect(options, callback);
    },
  });
}

/** The fetch type libraries take (openai, openid-client, our own callers). */
export type FetchFunction = typeof globalThis.fetch;

/**
 * `fetch` through the guard: undici's fetch on a guarded dispatcher. Redirects are followed as
 * fetch does (each hop connects through the guard); a refused target rejects with a TypeError
 * whose `cause` is the {@link HttpRefusedError}.
 */
export function guardedFetch(policy: OutboundPolicy, tls: buildConnector.BuildOptions = {}): FetchFunction {
  const dispatcher = guardedDispatcher(policy, tls);
  return ((input: Parameters<FetchFunction>[0], init?: Parameters<FetchFunction>[1]) =>
    undiciFetch(input as Parameters<typeof undiciFetch>[0], { ...(init as Parameters<typeof undiciFetch>[1]), dispatcher })) as unknown as FetchFunction;
}

/** The {@link HttpRefusedError} behind a failed request, however the client wrapped it. */
export function refusalBehind(error: unknown): HttpRefusedError | undefined {
  for (let e = error, depth = 0; e instanceof Error && depth < 6; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof HttpRefusedError) return e;
  }
  return undefined;
}
