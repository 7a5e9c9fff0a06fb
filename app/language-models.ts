import { createLlmClients, type ToolCallingClient } from '../infra/llm/index.js';
import type { BotRegistry } from './bot-registry.js';

/** A bot's language model (config llm-*), by bot id: attendant assist and the BASIC LLM keyword share it. */
export type LanguageModels = (botId: string) => ToolCallingClient | undefined;

export function languageModels(bots: BotRegistry): LanguageModels {
  const clients = createLlmClients();
  return (botId) => {
    const config = bots.find(botId)?.config;
    return config && clients.forSettings({
      ...(config['llm-url'] ? { url: config['llm-url'] } : {}), ...(config['llm-key'] ? { key: config['llm-key'] } : {}),
      model: config['llm-model'], timeoutMs: config['llm-timeout-seconds'] * 1000,
      allowPrivateNetworks: config['http-allow-private-networks'],
    });
  };
}
