import type { CampaignReferral, InboundMessage } from '../../engine/index.js';

/**
 * A click-to-chat ad's `referral` on a mobile_msg message (`source_url`, `source_id`,
 * `source_type` ad or post, `headline`, `ctwa_clid`): the ad's (or post's) id is what a campaign
 * record is matched by (docs/channels/mobile-msg.md, "Where the customer came from").
 */
export function mobileMsgReferral(referral: { source_url?: string | undefined; source_id?: string | undefined; source_type?: string | undefined } | undefined): CampaignReferral | undefined {
  if (!referral) return undefined;
  const out: CampaignReferral = {
    ...(referral.source_id ? { ad_id: referral.source_id } : {}),
    ...(referral.source_url ? { source_url: referral.source_url } : {}),
    ...(referral.source_type ? { utm_medium: referral.source_type } : {}),
  };
  return Object.keys(out).length ? out : undefined;
}

/**
 * A page_msg or social_dm referral (`messaging[].referral`, `postback.referral`,
 * `message.referral`): `ref` from an m.me link or a Get Started button, `ad_id` from an ad,
 * `source` (ADS, SHORTLINK, CUSTOMER_CHAT_PLUGIN…) as the medium (docs/channels/README.md).
 */
export function messagingReferral(referral: { ref?: string | undefined; ad_id?: string | undefined; source?: string | undefined; type?: string | undefined } | undefined): CampaignReferral | undefined {
  if (!referral) return undefined;
  const out: CampaignReferral = {
    ...(referral.ref ? { ref: referral.ref } : {}),
    ...(referral.ad_id ? { ad_id: referral.ad_id } : {}),
    ...(referral.source ? { utm_medium: referral.source.toLowerCase() } : {}),
  };
  return Object.keys(out).length ? out : undefined;
}

/** The message with its referral, when there is one. */
export function withReferral(message: InboundMessage, referral: CampaignReferral | undefined): InboundMessage {
  return referral ? { ...message, referral } : message;
}
