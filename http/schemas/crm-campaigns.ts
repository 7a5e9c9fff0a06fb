import { z } from 'zod';

const CHANNELS = ['mobile_msg', 'sms', 'bot_msg'] as const;
const STATUSES = ['draft', 'scheduled', 'running', 'paused', 'completed', 'cancelled'] as const;
const IsoDateTime = z.iso.datetime({ offset: true });
const ShortText = z.string().trim().min(1).max(200);

export const CampaignParamsSchema = z.object({ id: z.uuid() });

export const CampaignListQuerySchema = z
  .object({
    bot: z.string().min(1).max(100).optional().meta({ description: 'A bot id or name; every bot when absent' }),
    status: z.enum(STATUSES).optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
    offset: z.coerce.number().int().min(0).default(0),
  })
  .meta({ id: 'CampaignListQuery' });

const fields = {
  name: ShortText.meta({ description: 'The campaign\'s name (`campaign_name` in a session)' }),
  ref: z.string().trim().regex(/^[\w.-]{1,64}$/, 'letters, digits, _, . and - only, up to 64').nullable()
    .meta({ description: 'The short code a deep link, a Messenger `ref` or `utm_campaign` carries; unique per bot' }),
  utm_source: ShortText.nullable(),
  utm_medium: ShortText.nullable(),
  ad_id: z.string().trim().min(1).max(100).nullable().meta({ description: 'The ad\'s id at the provider (click-to-chat, Messenger ads)' }),
  segment: z.string().trim().max(100).nullable().meta({ description: 'Whom a proactive send reaches: `all`, `tag:<tag>` or `tier:<premium|gold|standard>`' }),
  starts_at: IsoDateTime.nullable().meta({ description: 'When the send starts (scheduled until then); at once when null' }),
  ends_at: IsoDateTime.nullable().meta({ description: 'After it, replies no longer count as the campaign\'s' }),
  channel: z.enum(CHANNELS).nullable().meta({ description: 'The channel of a proactive send' }),
  message: z.string().max(4096).nullable().meta({ description: 'The text sent on sms and bot_msg' }),
  template: z.string().trim().regex(/^[a-z0-9_]{1,512}$/, 'an approved template\'s name: lower case, digits and _').nullable()
    .meta({ description: 'mobile_msg: the approved template sent' }),
  template_params: z.array(z.string().max(1024)).max(20).meta({ description: 'The template\'s body variables, in order' }),
  handoff_on_reply: z.boolean().meta({ description: 'A reply to the campaign\'s message hands the conversation to a human (reason `campaign`)' }),
  rate_per_minute: z.number().int().min(1).max(100_000).nullable().meta({ description: 'Sends per minute; the channel\'s default when null' }),
};

export const CreateCampaignRequestSchema = z
  .object({ ...fields, bot: z.string().min(1).max(100).meta({ description: 'The bot id or name the campaign belongs to' }) })
  .partial()
  .required({ bot: true, name: true })
  .meta({ id: 'CampaignCreateRequest' });

export const UpdateCampaignRequestSchema = z
  .object(fields)
  .partial()
  .refine((b) => Object.keys(b).length > 0, 'change at least one field')
  .meta({ id: 'CampaignUpdateRequest' });

const CountsSchema = z
  .object({
    recipients: z.number().int(),
    pending: z.number().int(),
    sent: z.number().int().meta({ description: 'Accepted by the provider (delivered ones included)' }),
    delivered: z.number().int(),
    failed: z.number().int(),
    skipped: z.number().int().meta({ description: 'Opted out (unsubscribed or SMS STOP)' }),
    replied: z.number().int(),
    handed_off: z.number().int(),
  })
  .meta({ id: 'CampaignProgress' });

export const CampaignSchema = z
  .object({
    id: z.uuid(),
    bot_id: z.uuid(),
    campaign_id: z.uuid().meta({ description: 'The id again, by the name sessions carry it' }),
    campaign_name: z.string(),
    name: z.string(),
    ref: z.string().nullable(),
    utm_source: z.string().nullable(),
    utm_medium: z.string().nullable(),
    ad_id: z.string().nullable(),
    segment: z.string().nullable(),
    status: z.enum(STATUSES),
    starts_at: z.iso.datetime().nullable(),
    ends_at: z.iso.datetime().nullable(),
    channel: z.enum(CHANNELS).nullable(),
    message: z.string().nullable(),
    template: z.string().nullable(),
    template_params: z.array(z.string()),
    handoff_on_reply: z.boolean(),
    rate_per_minute: z.number().int().nullable(),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
    progress: CountsSchema.optional().meta({ description: 'Recipients by status (one campaign only)' }),
  })
  .meta({ id: 'Campaign' });

export const CampaignListSchema = z.object({ campaigns: CampaignSchema.array(), total: z.number().int() }).meta({ id: 'CampaignList' });

export const CampaignResultsSchema = CountsSchema.extend({
  campaign_id: z.uuid(),
  campaign_name: z.string(),
  status: z.enum(STATUSES),
  conversations: z.number().int().meta({ description: 'Sessions whose campaign is this one' }),
  deals: z.number().int(),
  deals_won: z.number().int().meta({ description: 'Deals of the campaign in a stage with probability 100' }),
  won_value: z.number(),
}).meta({ id: 'CampaignResults' });

export const CampaignDeletedSchema = z.object({ ok: z.literal(true) }).meta({ id: 'CampaignDeleted' });
