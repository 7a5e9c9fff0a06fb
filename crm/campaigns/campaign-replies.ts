import type { CampaignChannel } from '../../db/index.js';
import { CAMPAIGN_CHANNELS } from '../../db/index.js';
import type { EngineEventHandlers, InboundMessage } from '../../engine/index.js';
import type { CampaignBot, CampaignsStore } from './campaign-ports.js';
import { REPLY_WINDOW_MS } from './campaign-rules.js';

/** The reason a reply to a proactive campaign hands the conversation over with (docs/attendance/smart-transfer.md). */
export const CAMPAIGN_HANDOFF_REASON = 'campaign';

/** How long the answer to "does this bot await campaign replies on this channel?" is trusted. */
const AWAITS_TTL_MS = 30_000;

interface ReplyDeps {
  store: Pick<CampaignsStore, 'awaitsReplies' | 'findRepliable' | 'markReplied' | 'markHandedOff'>;
  bots: (idOrName: string) => CampaignBot | undefined;
  now: () => Date;
}

function isCampaignChannel(channel: string): channel is CampaignChannel {
  return (CAMPAIGN_CHANNELS as readonly string[]).includes(channel);
}

/**
 * The engine's screen of a campaign channel's queued messages (docs/crm.md, "Proactive campaigns"):
 * a customer's message that answers a campaign message sent to them (on the same channel, within the
 * campaign's window) marks the recipient `replied_at`, names the campaign as the message's referral
 * (so the session's campaign fields are its), and, when the campaign hands over on reply, asks the
 * turn to hand the conversation to a human with the reason `campaign`. Whether a bot awaits replies
 * at all is remembered for a while, so other messages cost no query most of the time.
 */
export function createCampaignReplyScreen(deps: ReplyDeps): (message: InboundMessage) => Promise<InboundMessage> {
  const awaits = new Map<string, { value: boolean; until: number }>();
  const awaitsReplies = async (botId: string, channel: CampaignChannel): Promise<boolean> => {
    const key = `${botId}:${channel}`;
    const now = deps.now().getTime();
    const known = awaits.get(key);
    if (known && known.until > now) return known.value;
    const value = await deps.store.awaitsReplies(botId, channel, new Date(now - REPLY_WINDOW_MS));
    awaits.set(key, { value, until: now + AWAITS_TTL_MS });
    return value;
  };
  return async (message) => {
    const bot = deps.bots(message.bot);
    if (!bot || !isCampaignChannel(message.channel) || !bot.config['crm-enabled']) return message;
    if (!(await awaitsReplies(bot.id, message.channel))) return message;
    const at = deps.now();
    const recipient = await deps.store.findRepliable(bot.id, message.channel, message.customer.external_id, new Date(at.getTime() - REPLY_WINDOW_MS), at);
    if (!recipient) return message;
    await deps.store.markReplied(recipient.recipient_id, at);
    const referral = { ...message.referral, campaign_id: recipient.campaign_id };
    const handOver = recipient.handoff_on_reply && !recipient.handed_off && message.command === undefined;
    return { ...message, referral, ...(handOver ? { command: { kind: 'human' as const, reason: CAMPAIGN_HANDOFF_REASON } } : {}) };
  };
}

/** The recipient's conversation went to a human on its reply: when, and which session (for the results). */
export function campaignHandoffListener(deps: Pick<ReplyDeps, 'store' | 'now'>): EngineEventHandlers {
  return {
    'session.handed_off': async ({ session }) => {
      const context = session.context_data;
      if (context.transfer_reason !== CAMPAIGN_HANDOFF_REASON || typeof context.campaign_id !== 'string') return;
      await deps.store.markHandedOff(context.campaign_id, session.external_user_id, session.id, deps.now());
    },
  };
}
