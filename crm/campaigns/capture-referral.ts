import type { CampaignReferral, Channel } from '../../engine/index.js';
import type { CampaignsStore } from './campaign-ports.js';

/** A session's campaign fields (docs/crm.md, "Campaigns"): what a referral brought, and its campaign's record. */
export type CampaignContext = Record<'campaign_id' | 'campaign_name' | 'utm_source' | 'utm_medium' | 'ad_id' | 'segment' | 'lead_source', string | null>;

/**
 * The engine's campaign port (engine/campaign-capture.ts): the campaign a referral names, by id
 * (a reply to a proactive message), by `ref` (`utm_campaign`, a deep link's payload, a Messenger
 * `ref`) or by the ad's id, merged with what the referral itself says. Without a matching record
 * the referral's own fields are kept, so an ad nobody registered still shows where the customer
 * came from. `lead_source` is the referral's source, else the campaign's, else the channel.
 */
export function createCampaignCapture(deps: { store: Pick<CampaignsStore, 'findForReferral'> }) {
  return async (botId: string, channel: Channel, referral: CampaignReferral): Promise<CampaignContext> => {
    const campaign = await deps.store.findForReferral(botId, referral);
    const utmSource = referral.utm_source ?? campaign?.utm_source ?? null;
    return {
      campaign_id: campaign?.id ?? null,
      campaign_name: campaign?.name ?? referral.ref ?? null,
      utm_source: utmSource,
      utm_medium: referral.utm_medium ?? campaign?.utm_medium ?? null,
      ad_id: referral.ad_id ?? campaign?.ad_id ?? null,
      segment: campaign?.segment ?? null,
      lead_source: utmSource ?? (referral.ad_id ? `${channel}_ad` : channel),
    };
  };
}
