import type { BotConfig } from '../../config/index.js';
import type { CampaignChannel, CrmCampaignsRepo } from '../../db/index.js';
import type { RateLimiter } from '../../infra/rate-limit/index.js';
import type { JobQueue } from '../../infra/jobs/index.js';
import type { Logger } from '../../infra/logger.js';

/** What the campaign use cases store through: the campaigns repository (db/crm-campaigns-repo.ts). */
export type CampaignsStore = CrmCampaignsRepo;

/** A bot as the campaigns see it: its id, name and configuration (`crm-enabled`, the template language). */
export interface CampaignBot {
  id: string;
  name: string;
  config: BotConfig;
}

/** One proactive message: text, or an approved mobile_msg template with its parameters. */
export interface CampaignMessage {
  channel: CampaignChannel;
  bot: CampaignBot;
  /** The channel's address: the number's digits on mobile_msg, E.164 on sms, the chat id on bot_msg. */
  to: string;
  text: string | null;
  template: { name: string; params: readonly string[] } | null;
}

/**
 * How a proactive message leaves: through the channel's own adapter (the composition root hands it
 * in), answering the provider's id of the message, which its delivery statuses name later. A
 * `PermanentDeliveryError` (engine) fails the recipient; any other throw is retried by the send.
 */
export interface CampaignSender {
  send(message: CampaignMessage): Promise<{ provider_message_id?: string }>;
}

/** Everything the campaigns are built from (crm/campaigns/create-campaigns.ts). */
export interface CampaignsDeps {
  store: CampaignsStore;
  /** A loaded bot by id or name. */
  bots: (idOrName: string) => CampaignBot | undefined;
  sender: CampaignSender;
  jobs: Pick<JobQueue, 'add' | 'process'>;
  rateLimiter: Pick<RateLimiter, 'consume'>;
  logger: Logger;
  now?: () => Date;
}
