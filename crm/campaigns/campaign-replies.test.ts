import { describe, expect, test } from '@jest/globals';
import { defaultBotConfig } from '../../config/index.js';
import type { InboundMessage } from '../../engine/index.js';
import { campaignHandoffListener, CAMPAIGN_HANDOFF_REASON, createCampaignReplyScreen } from './campaign-replies.js';

// Replies to proactive campaign messages (docs/crm.md, "Proactive campaigns"), on in-memory rows.
const bot = { id: 'bot-1', name: 'promo', config: defaultBotConfig() };
const reply = (from: string, extra: Partial<InboundMessage> = {}): InboundMessage => ({
  channel: 'mobile_msg', bot: 'promo', customer: { external_id: from }, text: 'yes please', attachments: [], received_at: new Date(), raw: {}, ...extra,
});

function store(options: { awaits: boolean; handoff: boolean }) {
  const calls = { awaits: 0, find: 0 };
  const row = { replied_at: null as Date | null, handed_off_at: null as Date | null, session: null as string | null };
  return {
    calls, row,
    store: {
      async awaitsReplies() { calls.awaits++; return options.awaits; },
      async findRepliable(_bot: string, _channel: string, address: string) {
        calls.find++;
        if (address !== '5511900000001') return undefined;
        if (row.replied_at && (!options.handoff || row.handed_off_at)) return undefined;
        return { recipient_id: 'r1', campaign_id: 'c1', handoff_on_reply: options.handoff, handed_off: row.handed_off_at !== null };
      },
      async markReplied(_id: string, at: Date) { row.replied_at ??= at; },
      async markHandedOff(_campaign: string, _address: string, session: string, at: Date) { row.handed_off_at ??= at; row.session = session; return true; },
    },
  };
}

describe('campaign replies', () => {
  test('a reply from a recipient names the campaign and asks for a human; other customers pass untouched', async () => {
    const memory = store({ awaits: true, handoff: true });
    const screen = createCampaignReplyScreen({ store: memory.store, bots: () => bot, now: () => new Date() });
    const screened = await screen(reply('5511900000001'));
    expect(screened).toMatchObject({ referral: { campaign_id: 'c1' }, command: { kind: 'human', reason: CAMPAIGN_HANDOFF_REASON } });
    expect(memory.row.replied_at).toBeInstanceOf(Date);
    const other = reply('5511900000002');
    expect(await screen(other)).toBe(other);

    // The hand-over's event marks the row; the next reply is an ordinary message.
    await campaignHandoffListener({ store: memory.store, now: () => new Date() })['session.handed_off']!({
      session: { id: 's1', bot_id: bot.id, user_id: 'u', channel: 'mobile_msg', external_user_id: '5511900000001', needs_human: true,
        context_data: { transfer_reason: 'campaign', campaign_id: 'c1' } },
      message: { id: 'm', text: 'yes', received_at: new Date().toISOString(), customer: { external_id: '5511900000001' } },
    });
    expect(memory.row.session).toBe('s1');
    const again = await screen(reply('5511900000001'));
    expect(again.command).toBeUndefined();
  });

  test('a bot awaiting no replies is asked once in a while, not per message; a channel command is kept', async () => {
    const memory = store({ awaits: false, handoff: true });
    const screen = createCampaignReplyScreen({ store: memory.store, bots: () => bot, now: () => new Date('2026-05-01T10:00:00Z') });
    await screen(reply('5511900000001'));
    await screen(reply('5511900000001'));
    expect(memory.calls).toEqual({ awaits: 1, find: 0 });

    const awaiting = store({ awaits: true, handoff: true });
    const kept = await createCampaignReplyScreen({ store: awaiting.store, bots: () => bot, now: () => new Date() })(reply('5511900000001', { command: { kind: 'record' } }));
    expect(kept.command).toEqual({ kind: 'record' });
  });
});
