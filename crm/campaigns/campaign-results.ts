import type { CampaignCounts } from '../../db/index.js';
import type { CampaignsStore } from './campaign-ports.js';
import { campaignOf } from './manage-campaigns.js';
import type { CampaignBot } from './campaign-ports.js';

/**
 * What a campaign achieved (docs/crm.md, "Proactive campaigns"): its recipients by status,
 * replies, hand-overs, the conversations that carry it, and the deals it brought — won ones are
 * those in a stage with probability 100.
 */
export interface CampaignResults extends CampaignCounts {
  campaign_id: string;
  campaign_name: string;
  status: string;
  conversations: number;
  deals: number;
  deals_won: number;
  won_value: number;
}

type ResultsDeps = { store: Pick<CampaignsStore, 'get' | 'counts' | 'dealsWon' | 'conversations'>; bots: (idOrName: string) => CampaignBot | undefined };

export async function campaignResults(deps: ResultsDeps, id: string): Promise<CampaignResults> {
  const { row } = await campaignOf(deps, id);
  return resultsOf(deps, row);
}

export async function resultsOf(deps: { store: Pick<CampaignsStore, 'counts' | 'dealsWon' | 'conversations'> }, row: { id: string; name: string; status: string; bot_id: string }): Promise<CampaignResults> {
  const [counts, deals, conversations] = await Promise.all([deps.store.counts(row.id), deps.store.dealsWon(row.id), deps.store.conversations(row.bot_id, row.id)]);
  return {
    campaign_id: row.id, campaign_name: row.name, status: row.status, ...counts, conversations,
    deals: deals.deals, deals_won: deals.won, won_value: deals.won_value,
  };
}
