import { z } from 'zod';

const PROVIDER_CHANNELS = ['mobile_msg', 'bot_msg', 'sms', 'social_dm', 'page_msg', 'workchat'] as const;

export const WebhookParamsSchema = z.object({
  channel: z.enum(PROVIDER_CHANNELS).meta({ description: 'The provider channel' }),
  bot: z.string().min(1).max(100),
});

export const WebhookEventParamsSchema = WebhookParamsSchema.extend({
  event: z.string().min(1).max(50).meta({ description: 'A provider\'s second endpoint, for example `status` for SMS status callbacks' }),
});

/** The team_chat destination's request URLs (docs/channels/team-chat.md). */
export const TeamChatWebhookParamsSchema = z.object({
  bot: z.string().min(1).max(100),
  event: z.enum(['interactions', 'commands', 'events']).meta({ description: 'Which of the app\'s request URLs' }),
});
