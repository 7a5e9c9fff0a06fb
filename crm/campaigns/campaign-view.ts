import type { CampaignCounts, CampaignRow } from '../../db/index.js';

/**
 * A campaign as the API answers it: the record's columns with the seed's names beside ours
 * (`campaign_id` is the id, `campaign_name` the name), dates as ISO text.
 */
export interface CampaignView {
  id: string;
  bot_id: string;
  campaign_id: string;
  campaign_name: string;
  name: string;
  ref: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  ad_id: string | null;
  segment: string | null;
  status: CampaignRow['status'];
  starts_at: string | null;
  ends_at: string | null;
  channel: CampaignRow['channel'];
  message: string | null;
  template: string | null;
  template_params: string[];
  handoff_on_reply: boolean;
  rate_per_minute: number | null;
  created_at: string;
  updated_at: string;
  /** How far the send got (GET one campaign only). */
  progress?: CampaignCounts;
}

export function campaignView(row: CampaignRow, progress?: CampaignCounts): CampaignView {
  return {
    id: row.id, bot_id: row.bot_id, campaign_id: row.id, campaign_name: row.name, name: row.name, ref: row.ref,
    utm_source: row.utm_source, utm_medium: row.utm_medium, ad_id: row.ad_id, segment: row.segment, status: row.status,
    starts_at: row.starts_at?.toISOString() ?? null, ends_at: row.ends_at?.toISOString() ?? null, channel: row.channel,
    message: row.message, template: row.template, template_params: row.template_params, handoff_on_reply: row.handoff_on_reply,
    rate_per_minute: row.rate_per_minute, created_at: row.created_at.toISOString(), updated_at: row.updated_at.toISOString(),
    ...(progress ? { progress } : {}),
  };
}
