import type { DeliveryStatusUpdate, EngineEventHandlers, InboundMessage } from '../../engine/index.js';
import type { CrmActor } from '../crm-access.js';
import type { EachTenant } from '../../infra/jobs/index.js';
import type { CampaignsDeps } from './campaign-ports.js';
import { campaignResults, resultsOf, type CampaignResults } from './campaign-results.js';
import { addToCampaign, campaignStats, trackConversion, type KeywordSession } from './campaign-keywords.js';
import type { CampaignView } from './campaign-view.js';
import { createCampaignCapture } from './capture-referral.js';
import { campaignHandoffListener, createCampaignReplyScreen } from './campaign-replies.js';
import {
  createCampaign, deleteCampaign, getCampaign, listCampaigns, updateCampaign, type CampaignFields, type CampaignListQuery,
} from './manage-campaigns.js';
import {
  CAMPAIGN_SEND_JOB, cancelCampaign, pauseCampaign, resumeCampaigns, runCampaignSend, startCampaign, type CampaignSendJob,
} from './send-campaign.js';

/** The campaign port only for bots whose CRM is on: with `crm-enabled` false a referral leaves the session as it is. */
function crmOnly(deps: Pick<CampaignsDeps, 'bots'>, capture: ReturnType<typeof createCampaignCapture>): ReturnType<typeof createCampaignCapture> {
  return async (botId, channel, referral) => {
    if (deps.bots(botId)?.config['crm-enabled'] !== true) {
      return { campaign_id: null, campaign_name: null, utm_source: null, utm_medium: null, ad_id: null, segment: null, lead_source: null };
    }
    return capture(botId, channel, referral);
  };
}

/** The most campaigns the insights show. */
const INSIGHT_CAMPAIGNS = 20;

/**
 * The campaigns (docs/crm.md, "Campaigns" and "Proactive campaigns"): what the routes call, the
 * engine's campaign port and reply screen, the hand-over listener, the providers' delivery
 * statuses of campaign messages, SMS STOP, and the BASIC keywords' effects.
 */
export function createCampaigns(input: CampaignsDeps) {
  const deps = { ...input, now: input.now ?? (() => new Date()) };
  const { store } = deps;
  return {
    create: (actor: CrmActor, bot: string, fields: CampaignFields): Promise<CampaignView> => createCampaign(deps, actor, bot, fields),
    list: (query: CampaignListQuery) => listCampaigns(deps, query),
    get: (id: string): Promise<CampaignView> => getCampaign(deps, id),
    update: (actor: CrmActor, id: string, fields: Partial<CampaignFields>): Promise<CampaignView> => updateCampaign(deps, actor, id, fields),
    delete: (actor: CrmActor, id: string): Promise<void> => deleteCampaign(deps, actor, id),
    send: (actor: CrmActor, id: string): Promise<CampaignView> => startCampaign(deps, actor, id),
    pause: (actor: CrmActor, id: string): Promise<CampaignView> => pauseCampaign(deps, actor, id),
    cancel: (actor: CrmActor, id: string): Promise<CampaignView> => cancelCampaign(deps, actor, id),
    results: (id: string): Promise<CampaignResults> => campaignResults(deps, id),
    /** The insights' campaigns block: what the campaigns active in the window achieved. */
    async insights(filter: { botId?: string; from: Date; to: Date }) {
      const rows = await store.listActive({ ...(filter.botId ? { bot_id: filter.botId } : {}), from: filter.from, to: filter.to, limit: INSIGHT_CAMPAIGNS });
      const shown = rows.filter((row) => deps.bots(row.bot_id)?.config['crm-enabled'] === true);
      return Promise.all(shown.map(async (row) => {
        const r = await resultsOf(deps, row);
        return {
          campaign_id: r.campaign_id, campaign_name: r.campaign_name, status: r.status, sent: r.sent, delivered: r.delivered,
          replied: r.replied, handed_off: r.handed_off, deals_won: r.deals_won,
        };
      }));
    },

    /** The engine's campaign port: the fields a referral gives a session. */
    capture: crmOnly(deps, createCampaignCapture(deps)),
    /** The engine's screen of mobile_msg, sms and bot_msg: replies to campaign messages. */
    replyScreen: createCampaignReplyScreen(deps) as (message: InboundMessage) => Promise<InboundMessage>,
    /** Engine events: a campaign reply handed over. */
    listener: campaignHandoffListener(deps) as EngineEventHandlers,

    /** A provider's status of a message the outbox does not know: perhaps a campaign's. */
    deliveryStatus: (update: DeliveryStatusUpdate): Promise<boolean> => {
      const reason = update.error ? `${update.error.code}: ${update.error.title}` : undefined;
      return store.applyDeliveryStatus(update.provider_message_id, update.status, reason, deps.now());
    },
    /** SMS STOP from a number: its contacts are unsubscribed from campaigns (docs/crm.md, "Proactive campaigns"). */
    unsubscribePhone: (phone: string): Promise<number> => store.unsubscribeByPhone(phone, deps.now()),

    keywords: {
      addToCampaign: (botId: string, campaign: string, who: string, session?: KeywordSession) => addToCampaign(deps, botId, campaign, who, session),
      trackConversion: (botId: string, campaign: string, name: string, value: number | null, session?: KeywordSession) =>
        trackConversion(deps, botId, campaign, name, value, session),
      stats: (botId: string, campaign: string) => campaignStats(deps, botId, campaign),
    },

    /** Registers the send job and enqueues again the sends a stop left unfinished, in each tenant. */
    async run(eachTenant: EachTenant): Promise<void> {
      deps.jobs.process<CampaignSendJob>(CAMPAIGN_SEND_JOB, (job) => runCampaignSend(deps, job), { concurrency: 2 });
      let resumed = 0;
      await eachTenant(async () => { resumed += await resumeCampaigns(deps); });
      if (resumed > 0) deps.logger.info({ campaigns: resumed }, 'campaign sends resumed');
    },
  };
}

export type Campaigns = ReturnType<typeof createCampaigns>;
