import type { ChannelAdapter } from './channel-contract.js';
import type { Channel } from './messages.js';

/** The adapters the outbox delivers through, one per channel. */
export interface ChannelRegistry {
  /** Adds the adapter of its channel; a second adapter for the same channel is a start-up error. */
  register(adapter: ChannelAdapter): void;
  get(channel: string): ChannelAdapter | undefined;
  /** Channels with an adapter, for start-up checks. */
  channels(): Channel[];
}

/** An empty registry; the composition root (and tests) register the adapters. */
export function createChannelRegistry(): ChannelRegistry {
  const adapters = new Map<string, ChannelAdapter>();
  return {
    register(adapter) {
      if (adapters.has(adapter.channel)) throw new Error(`channel "${adapter.channel}" already has an adapter`);
      adapters.set(adapter.channel, adapter);
    },
    get: (channel) => adapters.get(channel),
    channels: () => [...adapters.values()].map((a) => a.channel),
  };
}
