import type { Channel, ChannelAdapter } from '../engine/index.js';
import { createWebAdapter, type VisitorTokens } from './web/index.js';

/** Channel adapters: each channel's implementation of the engine's contract (engine/channel-contract.ts), and the one map of them. */
export {
  createVisitorTokens, createWebAdapter, createWebChannel, DEFAULT_WEB_RATE_LIMIT,
  type TranscriptRow, type VisitorClaims, type VisitorTokens, type WebChannel, type WebChannelDeps, type WebMessageBody,
} from './web/index.js';

export { createChannelWebhooks, type ChannelWebhooks, type WebhookRequest } from './channel-webhooks.js';

/** Every configured adapter by channel; the engine's outbox delivers through it, webhook routes receive through it. */
export type ChannelAdapters = { readonly [C in Channel]?: ChannelAdapter } & { readonly web: ChannelAdapter };

/** What the adapters need to be built. */
export interface ChannelAdapterDeps {
  visitorTokens: VisitorTokens;
}

/**
 * The single map of channel adapters . `extra` adds or replaces adapters by
 * channel, for tests that register their own (for example an `sms` adapter that records sends).
 */
export function createChannelAdapters(deps: ChannelAdapterDeps, extra: readonly ChannelAdapter[] = []): ChannelAdapters {
  const adapters: { [C in Channel]?: ChannelAdapter } = { web: createWebAdapter({ tokens: deps.visitorTokens }) };
  for (const adapter of extra) adapters[adapter.channel] = adapter;
  return adapters as ChannelAdapters;
}

/** The adapters of the map as a list, for registering them with the engine's channel registry. */
export function listChannelAdapters(adapters: ChannelAdapters): ChannelAdapter[] {
  return Object.values(adapters).filter((a): a is ChannelAdapter => a !== undefined);
}
