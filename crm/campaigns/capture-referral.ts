import type { CampaignReferral, Channel } from '../../engine/index.js';
import type { CampaignsStore } from './campaign-ports.js';

/** A session's campaign fields (docs/crm.md, "Campaigns"): what a referral brought, and its campaign's record. */
export type CampaignContext = Record<'campaign_id' | 'campaign_name' | 'utm_source' | 'utm_medium' | 'ad_id' | 'segment' | 'lead_source', string | null>;

/**
 * The engine's campaign port (engine/campaign-capture.ts): the campaign a referral names, by id
 * (a reply to a proactive message), by `ref` (`utm_campaign`, a deep link's payload, a Messenger
 * `ref`) or by the ad's id, its fields completed by what the referral itself says. Without a matching record
 * the referral's own fields are kept, so an ad nobody registered still shows where the customer
 * came from. `lead_source` is the campaign's `utm_source`, else the referral's, else the
 * channel (`<channel>_ad` for an ad).
 */
export function createCampaignCapture(deps: { store: Pick<CampaignsStore, 'findForReferral'> }) {
  return async (botId: string, channel: Channel, referral: CampaignReferral): Promise<CampaignContext> => {
    const campaign = await deps.store.findForReferral(botId, referral);
    // The campaign's record says what it is; the referral fills what the record leaves out.
    const utmSource = campaign?.utm_source ?? referral.utm_source ?? null;
    return {
      campaign_id: campaign?.id ?? null,
      campaign_name: campaign?.name ?? referral.ref ?? null,
      utm_source: utmSource,
      utm_medium: campaign?.utm_medium ?? referral.utm_medium ?? null,
      ad_id: campaign?.ad_id ?? referral.ad_id ?? null,
      segment: campaign?.segment ?? null,
      lead_source: utmSource ?? (referral.ad_id ? `${channel}_ad` : channel),
    };
  };
}
