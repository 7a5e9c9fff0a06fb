import type { CampaignChannel, CampaignRow } from '../../db/index.js';
import { ValidationError } from '../../infra/errors.js';
import { parseSegment } from './segment.js';

/** The fields a proactive send needs, as a campaign holds them. */
type Sendable = Pick<CampaignRow, 'channel' | 'message' | 'template' | 'segment' | 'starts_at' | 'ends_at'>;

/**
 * Whether a campaign can be sent (docs/crm.md, "Proactive campaigns"): a channel; on mobile_msg an
 * approved template (a business may only open a conversation with one), on sms and bot_msg a
 * message; a segment that parses; an end after the start.
 */
export function assertSendable(campaign: Sendable): asserts campaign is Sendable & { channel: CampaignChannel } {
  const issues: { path: string; message: string }[] = [];
  if (!campaign.channel) issues.push({ path: 'channel', message: 'a proactive campaign needs a channel: mobile_msg, sms or bot_msg' });
  if (campaign.channel === 'mobile_msg' && !campaign.template) issues.push({ path: 'template', message: 'mobile_msg sends an approved template' });
  if ((campaign.channel === 'sms' || campaign.channel === 'bot_msg') && !campaign.message?.trim()) issues.push({ path: 'message', message: `${campaign.channel} sends a message: set it` });
  if (issues.length) throw new ValidationError('The campaign cannot be sent as it is', issues);
  assertDates(campaign);
  parseSegment(campaign.segment);
}

export function assertDates(campaign: Pick<CampaignRow, 'starts_at' | 'ends_at'>): void {
  if (campaign.starts_at && campaign.ends_at && campaign.ends_at <= campaign.starts_at) {
    throw new ValidationError('ends_at must be after starts_at', [{ path: 'ends_at', message: 'must be after starts_at' }]);
  }
}

/** How long a reply to a campaign message still counts as one when the campaign has no end. */
export const REPLY_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

/** Sends per minute on a channel when the campaign does not say (the providers' comfortable pace). */
export const DEFAULT_RATE_PER_MINUTE: Record<CampaignChannel, number> = { mobile_msg: 600, sms: 60, bot_msg: 1200 };
