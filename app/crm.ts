import { graphAdapterOf, type ChannelAdapters } from '../adapters/index.js';
import type { ObjectValue } from '../basic-interpreter/index.js';
import { createCampaigns, createContactMatcher, createCrmApi, createScriptContacts, type CampaignSender, type Campaigns, type CrmApi } from '../crm/index.js';
import { CAMPAIGN_CHANNELS, createCrmCampaignsRepo, createCrmIdentitiesRepo, createCrmRepo, type Database, type DatabaseHandle } from '../db/index.js';
import { PermanentDeliveryError, type CustomerDirectory, type EngineService } from '../engine/index.js';
import type { EachTenant, JobQueue } from '../infra/jobs/index.js';
import type { Logger } from '../infra/logger.js';
import type { RateLimiter } from '../infra/rate-limit/index.js';
import type { ContactsPort } from '../script-host/index.js';
import type { BotRegistry } from './bot-registry.js';

/** The crm area's wiring (docs/crm.md): its service on the database's CRM repository and the loaded bots. */
export interface CrmWiring {
  api: CrmApi;
}

export function wireCrm(w: { database: DatabaseHandle; bots: BotRegistry }): CrmWiring {
  // A request's CRM is its tenant's bots' (its only bot may go unnamed).
  return { api: createCrmApi({ stores: createCrmRepo(w.database.db), bots: w.bots.ofTenant }) };
}

/**
 * The CRM's side of a conversation (docs/crm.md): the directory the engine matches a new
 * session's customer to a contact through, on the contacts' phones, emails and channel identities.
 */
export function customerDirectory(db: Database): CustomerDirectory {
  return createContactMatcher({ identities: createCrmIdentitiesRepo(db) });
}

/** GET CONTACT, SET CONTACT and ADD TAG of BASIC (docs/basic.md, "The customer's contact"), on the same contacts. */
export function scriptContacts(db: Database): ContactsPort {
  const contacts = createScriptContacts({ identities: createCrmIdentitiesRepo(db) });
  // The contact's values are plain JSON: strings, numbers, booleans, null, lists and the custom fields' object.
  return {
    get: async (request) => (await contacts.get(request)) as ObjectValue | null,
    change: async (request) => (await contacts.change(request)) as ObjectValue & { id: string },
  };
}

/**
 * Campaign messages leave through the channels' own adapters, outside any conversation: an approved
 * template on mobile_msg (in the bot's `mobile-msg-template-language`), a text on sms with the bot's
 * account, a message on bot_msg to the contact's chat. The adapters exist only after the campaigns
 * (the engine and the script host take the campaigns first), hence the getter.
 */
export function campaignSender(adapters: () => ChannelAdapters | undefined): CampaignSender {
  return {
    async send({ channel, bot, to, text, template }) {
      const all = adapters();
      switch (channel) {
        case 'mobile_msg': {
          const graph = all && graphAdapterOf(all, 'mobile_msg');
          if (!graph || !template) throw new PermanentDeliveryError('mobile_msg is off for the bot, or the campaign has no template');
          return graph.sendTemplate(bot.name, to, { name: template.name, language: bot.config['mobile-msg-template-language'], params: template.params });
        }
        case 'sms':
          if (!all?.sms?.isEnabled(bot.name)) throw new PermanentDeliveryError('the sms channel is off for the bot');
          return all.sms.sendText({ bot: bot.name, to, text: text ?? '' });
        case 'bot_msg': {
          const api = all?.bot_msg?.apiOf(bot.name);
          if (!api) throw new PermanentDeliveryError('the bot_msg channel is off for the bot');
          const sent = await api.sendMessage(to, text ?? '');
          return { provider_message_id: String(sent.message_id) };
        }
      }
    },
  };
}

/**
 * The CRM's campaigns (docs/crm.md): built before the engine, which asks them for the campaign of a
 * referral, and the script host, whose campaign keywords they perform.
 */
export function wireCampaigns(deps: {
  db: Database; bots: BotRegistry; jobs: JobQueue; rateLimiter: RateLimiter; logger: Logger; adapters: () => ChannelAdapters | undefined;
}): Campaigns {
  return createCampaigns({
    store: createCrmCampaignsRepo(deps.db),
    bots: (key) => deps.bots.find(key),
    sender: campaignSender(deps.adapters),
    jobs: deps.jobs, rateLimiter: deps.rateLimiter, logger: deps.logger,
  });
}

/**
 * After attendance screened its channels (attendants writing from their phones come first): the
 * campaign replies on mobile_msg, sms and bot_msg, the hand-over listener, the send job and the
 * resumption of sends a stop interrupted. Before `engine.start()`.
 */
export async function startCampaigns(campaigns: Campaigns, engine: EngineService, eachTenant: EachTenant): Promise<void> {
  for (const channel of CAMPAIGN_CHANNELS) engine.screen(channel, campaigns.replyScreen);
  engine.subscribe(campaigns.listener);
  await campaigns.run(eachTenant);
}
