import { createLlmClient, type LlmSettings, type ToolCallingClient } from './llm-client.js';

/**
 * One client per distinct setting, made on first use and kept: bots that share a model share the
 * client (and its connection pool), and a bot without settings has no model.
 */
export function createLlmClients() {
  const clients = new Map<string, ToolCallingClient | undefined>();
  return {
    forSettings(settings: LlmSettings): ToolCallingClient | undefined {
      const key = JSON.stringify([settings.url, settings.key, settings.model, settings.timeoutMs, settings.allowPrivateNetworks]);
      if (!clients.has(key)) clients.set(key, createLlmClient(settings));
      return clients.get(key);
    },
  };
}
