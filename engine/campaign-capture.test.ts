import { describe, expect, test } from '@jest/globals';
import { defaultBotConfig } from '../config/index.js';
import { captureCampaign, type CampaignLookup } from './campaign-capture.js';
import type { CampaignReferral, InboundMessage } from './messages.js';
import { SessionTurn } from './session-turn.js';

// The session's campaign fields from a referral (docs/crm.md, "Campaigns").
const bot = { id: 'bot-1', name: 'shop', config: defaultBotConfig() };
const message = (referral?: CampaignReferral): InboundMessage => ({
  channel: 'mobile_msg', bot: 'shop', customer: { external_id: '5511987654321' }, text: 'hi', attachments: [], received_at: new Date(), raw: {},
  ...(referral ? { referral } : {}),
});

function lookup(): CampaignLookup & { calls: CampaignReferral[] } {
  const calls: CampaignReferral[] = [];
  const fn = async (_bot: string, _channel: string, referral: CampaignReferral) => {
    calls.push(referral);
    return {
      campaign_id: referral.campaign_id ?? 'c-spring', campaign_name: 'Spring', utm_source: 'facebook', utm_medium: null, ad_id: referral.ad_id ?? null,
      segment: null, lead_source: 'facebook',
    };
  };
  return Object.assign(fn, { calls });
}

describe('captureCampaign', () => {
  test('a message without a referral asks nothing', async () => {
    const port = lookup();
    const turn = SessionTurn.opening({ bot_id: bot.id, channel: 'mobile_msg', external_user_id: 'x' }, bot, new Date());
    await captureCampaign(port, turn, message());
    expect(port.calls).toEqual([]);
    expect(turn.changes()).toEqual({});
  });

  test('the first referral fills the campaign fields (nulls left out); a later one keeps them', async () => {
    const port = lookup();
    const turn = SessionTurn.opening({ bot_id: bot.id, channel: 'mobile_msg', external_user_id: 'x' }, bot, new Date());
    await captureCampaign(port, turn, message({ ad_id: 'AD-1' }));
    expect(turn.changes().context_patch).toEqual({ campaign_id: 'c-spring', campaign_name: 'Spring', utm_source: 'facebook', ad_id: 'AD-1', lead_source: 'facebook' });
    await captureCampaign(port, turn, message({ ad_id: 'AD-2' }));
    expect(port.calls).toHaveLength(1);
    expect(turn.context.ad_id).toBe('AD-1');
  });

  test('a reply to a proactive campaign names its campaign, which replaces the one before', async () => {
    const port = lookup();
    const turn = SessionTurn.opening({ bot_id: bot.id, channel: 'mobile_msg', external_user_id: 'x' }, bot, new Date());
    await captureCampaign(port, turn, message({ ad_id: 'AD-1' }));
    await captureCampaign(port, turn, message({ campaign_id: 'c-proactive' }));
    expect(turn.context.campaign_id).toBe('c-proactive');
  });
});
