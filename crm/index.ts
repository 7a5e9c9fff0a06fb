/** The crm area's public face: what the routes and the composition root use (docs/architecture.md). */
export { createCampaigns, type Campaigns } from './campaigns/create-campaigns.js';
export type { CampaignBot, CampaignMessage, CampaignSender, CampaignsDeps, CrmActor } from './campaigns/campaign-ports.js';
export type { CampaignFields, CampaignListQuery } from './campaigns/manage-campaigns.js';
export type { CampaignView } from './campaigns/campaign-view.js';
export type { CampaignResults } from './campaigns/campaign-results.js';
export type { KeywordSession } from './campaigns/campaign-keywords.js';
export { CAMPAIGN_HANDOFF_REASON } from './campaigns/campaign-replies.js';
export { parseSegment } from './campaigns/segment.js';
