import { Api } from 'grammy';
import { outboundPool } from '../../infra/outbound-pool.js';
import type { BotMsgSettings } from './bot-msg-settings.js';

/**
 * The grammY API client of one bot, pointed at its `bot-msg-api-url` through the outbound door
 * (docs/architecture.md, "Outbound requests"). grammY fetches with node-fetch, which calls an
 * agent function for every request and every redirect hop: each gets the guarded agent of its
 * scheme, under the bot's `http-allow-private-networks`.
 */
export function botMsgApi(settings: BotMsgSettings): Api {
  const pool = outboundPool({ allowPrivateNetworks: settings.allowPrivateNetworks });
  return new Api(settings.token, {
    apiRoot: settings.apiRoot.replace(/\/+$/, ''),
    baseFetchConfig: { agent: (url: URL) => pool.agentFor(url) },
  });
}

/** The outbound door's fetch for the bot's own URLs (the file downloads of `getFile`). */
export function botMsgFetch(settings: BotMsgSettings): typeof fetch {
  return outboundPool({ allowPrivateNetworks: settings.allowPrivateNetworks }).fetch;
}
