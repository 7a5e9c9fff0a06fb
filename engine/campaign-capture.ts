import type { CampaignReferral, Channel, InboundMessage } from './messages.js';
import type { SessionTurn } from './session-turn.js';

/**
 * The campaign fields a referral gives a session (docs/crm.md, "Campaigns"): `campaign_id`,
 * `campaign_name`, `utm_source`, `utm_medium`, `ad_id`, `segment`, `lead_source`. The CRM answers
 * them (matching its campaign records); the composition root hands the port in.
 */
export type CampaignLookup = (botId: string, channel: Channel, referral: CampaignReferral) => Promise<Record<string, string | null>>;

/**
 * Stores where the customer came from in the session's context_data: on the first message with a
 * referral (a session already carrying a campaign keeps it), or on a reply to a proactive campaign,
 * which names its campaign. A message without a referral costs nothing.
 */
export async function captureCampaign(lookup: CampaignLookup | undefined, turn: SessionTurn, inbound: InboundMessage): Promise<void> {
  const { referral } = inbound;
  if (!lookup || !referral) return;
  const known = typeof turn.context.campaign_id === 'string' || typeof turn.context.lead_source === 'string';
  if (known && !referral.campaign_id) return;
  const fields = await lookup(turn.session.bot_id, inbound.channel, referral);
  for (const [key, value] of Object.entries(fields)) if (value !== null) turn.setContext(key, value);
}
