import type { InboundMessage, InboundScreen } from '../../engine/index.js';
import type { Logger } from '../../infra/logger.js';
import type { GraphAdapter } from './graph-adapter.js';
import { createProfileCache, DEFAULT_PROFILE_CACHE, type ProfileCacheOptions } from './profile-cache.js';

/** What the page_msg and social_dm name screen is built from. */
export interface ProfileScreenDeps {
  /** The page_msg or social_dm adapter, whose user-profile call names the customer. */
  adapter: Pick<GraphAdapter, 'channel' | 'fetchCustomerName'>;
  cache?: ProfileCacheOptions;
  logger?: Logger;
}

/**
 * Names the customer of a queued page_msg or social_dm message before its turn (docs/crm.md,
 * "Names from every channel"): their webhooks carry only the sender's id, so the name comes from
 * the provider's user-profile call, remembered per bot and customer (profile-cache.ts). A failed
 * call is logged once and the message goes on without a name: it is never held or refused for it.
 */
export function createProfileScreen(deps: ProfileScreenDeps): InboundScreen {
  const cache = createProfileCache<string | undefined>(deps.cache ?? DEFAULT_PROFILE_CACHE);
  return async (message: InboundMessage) => {
    if (message.channel !== deps.adapter.channel || message.customer.display_name) return message;
    const { bot } = message;
    const id = message.customer.external_id;
    const found = await cache.lookup(`${bot}\n${id}`, () => deps.adapter.fetchCustomerName(bot, id));
    if (found.error !== undefined) {
      deps.logger?.warn({ channel: message.channel, bot, reason: found.error instanceof Error ? found.error.message : String(found.error) }, 'customer profile not fetched; the message goes on without a name');
    }
    return found.value ? { ...message, customer: { ...message.customer, display_name: found.value } } : message;
  };
}
