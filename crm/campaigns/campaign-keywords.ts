import type { CampaignChannel } from '../../db/index.js';
import { NotFoundError } from '../../infra/errors.js';
import { normaliseEmail, normalisePhone } from '../contacts/contact-rules.js';
import { assertCrmEnabled } from '../crm-access.js';
import type { CampaignBot, CampaignsStore } from './campaign-ports.js';
import { resultsOf, type CampaignResults } from './campaign-results.js';

/** The session a keyword runs in, as far as the campaigns care: its contact and channel. */
export interface KeywordSession {
  bot_id: string;
  channel: string;
  external_user_id: string;
  customer_id: string | null;
  context: Record<string, unknown>;
}

type KeywordDeps = {
  store: Pick<CampaignsStore, 'findByKey' | 'findContact' | 'addRecipient' | 'identityOf' | 'wonStage' | 'createDeal' | 'counts' | 'dealsWon' | 'conversations'>;
  bots: (idOrName: string) => CampaignBot | undefined;
};

/** A bot whose `crm-enabled` is false has no campaigns for its scripts either (docs/crm.md): `crm_disabled`. */
function crmOn(deps: KeywordDeps, botId: string): void {
  const bot = deps.bots(botId);
  if (bot) assertCrmEnabled(bot.config, bot.name);
}

async function campaignNamed(deps: KeywordDeps, botId: string, key: string) {
  const campaign = await deps.store.findByKey(botId, key.trim());
  if (!campaign) throw new NotFoundError(`no campaign "${key}" for this bot`, 'campaign_not_found');
  return campaign;
}

/** The contact a keyword names: a contact id, a phone, an e-mail — or, with nothing, the session's contact. */
async function contactNamed(deps: KeywordDeps, botId: string, who: string, session: KeywordSession | undefined) {
  const text = who.trim();
  if (text === '') return session?.customer_id ? { id: session.customer_id, phone: null } : undefined;
  if (text.includes('@')) return deps.store.findContact(botId, { email: normaliseEmail(text) ?? text.toLowerCase() });
  // The CRM stores phones as its rules write them (docs/crm.md, "Duplicates"): digits alone are read as international.
  const phone = normalisePhone(text.startsWith('+') ? text : `+${text.replace(/\D/g, '')}`);
  if (phone) {
    const byPhone = await deps.store.findContact(botId, { phone });
    if (byPhone) return byPhone;
  }
  return deps.store.findContact(botId, { id: text });
}

async function addressOf(deps: KeywordDeps, channel: CampaignChannel, contact: { id: string; phone: string | null }): Promise<string | undefined> {
  if (channel === 'bot_msg') return deps.store.identityOf(contact.id, 'bot_msg');
  if (!contact.phone) return undefined;
  return channel === 'mobile_msg' ? contact.phone.replace(/^\+/, '') : contact.phone;
}

/**
 * ADD TO CAMPAIGN campaign[, contact] (docs/basic.md, "Campaigns"): the contact (id, phone or
 * e-mail; the session's contact when left out) joins a proactive campaign's recipients, so a send
 * running or started later reaches it. Resolves to true when added, false when already there or
 * when the contact has no address on the campaign's channel.
 */
export async function addToCampaign(deps: KeywordDeps, botId: string, campaignKey: string, who: string, session: KeywordSession | undefined): Promise<boolean> {
  crmOn(deps, botId);
  const campaign = await campaignNamed(deps, botId, campaignKey);
  const contact = await contactNamed(deps, botId, who, session);
  if (!contact) throw new NotFoundError(`no contact ${who.trim() === '' ? 'linked to this conversation' : `"${who}"`}`, 'contact_not_found');
  const full = contact.phone === null && campaign.channel !== 'bot_msg' ? await deps.store.findContact(botId, { id: contact.id }) : contact;
  if (!campaign.channel || !full) return false;
  const address = await addressOf(deps, campaign.channel, full);
  return address ? deps.store.addRecipient(campaign.id, full.id, address) : false;
}

/**
 * TRACK CONVERSION campaign[, name[, value]] (docs/basic.md, "Campaigns"): a sale the campaign
 * brought, kept as a deal of the campaign in the pipeline's won stage (probability 100), on the
 * session's contact. Counted in the campaign's `deals_won`. Resolves to the deal's id.
 */
export async function trackConversion(deps: KeywordDeps, botId: string, campaignKey: string, name: string, value: number | null, session: KeywordSession | undefined): Promise<string> {
  crmOn(deps, botId);
  const campaignId = campaignKey.trim() === '' && typeof session?.context.campaign_id === 'string' ? session.context.campaign_id : undefined;
  const campaign = campaignId ? { id: campaignId, name: '' } : await campaignNamed(deps, botId, campaignKey);
  const stage = (await deps.store.wonStage()) ?? 'won';
  return deps.store.createDeal({
    bot_id: botId, campaign_id: campaign.id, name: name.trim() || `Conversion: ${campaign.name || campaign.id}`, value, stage,
    contact_id: session?.customer_id ?? null,
  });
}

/** GET CAMPAIGN STATS campaign (docs/basic.md, "Campaigns"): the campaign's results, as GET …/campaigns/{id}/results answers them. */
export async function campaignStats(deps: KeywordDeps, botId: string, campaignKey: string): Promise<CampaignResults> {
  crmOn(deps, botId);
  return resultsOf(deps, await campaignNamed(deps, botId, campaignKey));
}
