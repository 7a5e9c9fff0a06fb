import type http from 'node:http';
import { guardedAgents, guardedFetch, type FetchFunction, type GuardedAgents, type OutboundPolicy } from './outbound-http.js';

/** The guarded agents and fetch of one policy (infra/outbound-http.ts), for clients built per bot or per call. */
export interface OutboundPool {
  agents: GuardedAgents;
  fetch: FetchFunction;
  /** The agent for a URL's scheme: for libraries that take one agent, or an agent function (node-fetch). */
  agentFor(url: { protocol?: string | null }): http.Agent;
}

const shared = new Map<boolean, OutboundPool>();

/**
 * The door's clients (docs/architecture.md, "Outbound requests"), built once per policy: the
 * adapters build a provider client per bot or per send, the composition root hands the
 * deployment's fetch to its areas, and every client of the same policy shares one connection
 * pool. A policy with its own resolver (tests) gets its own pool.
 */
export function outboundPool(policy: OutboundPolicy): OutboundPool {
  if (policy.resolve) return buildPool(policy);
  let pool = shared.get(policy.allowPrivateNetworks);
  if (!pool) {
    pool = buildPool({ allowPrivateNetworks: policy.allowPrivateNetworks });
    shared.set(policy.allowPrivateNetworks, pool);
  }
  return pool;
}

function buildPool(policy: OutboundPolicy): OutboundPool {
  const agents = guardedAgents(policy);
  return {
    agents,
    fetch: guardedFetch(policy),
    agentFor: (url) => (url.protocol === 'https:' ? agents.httpsAgent : agents.httpAgent),
  };
}
