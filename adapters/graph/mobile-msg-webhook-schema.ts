import { z } from 'zod';

/**
 * The webhook payload of the phone-number messaging app's cloud API (channel `mobile_msg`), as
 * its documentation publishes it: `entry[].changes[].value` holds `messages`, `statuses` and the
 * senders' `contacts`. Objects are loose (the provider adds fields); a message kind this table
 * does not know still parses, with its `type`, so it can be logged and acknowledged.
 */
const media = z.looseObject({
  id: z.string(),
  mime_type: z.string().optional(),
  sha256: z.string().optional(),
  caption: z.string().optional(),
  filename: z.string().optional(),
  /** True on a voice note (audio recorded in the app). */
  voice: z.boolean().optional(),
});

export const mobileMsgMessageSchema = z.looseObject({
  from: z.string(),
  id: z.string(),
  timestamp: z.string().optional(),
  type: z.string(),
  text: z.looseObject({ body: z.string() }).optional(),
  interactive: z.looseObject({
    type: z.string(),
    button_reply: z.looseObject({ id: z.string(), title: z.string() }).optional(),
    list_reply: z.looseObject({ id: z.string(), title: z.string(), description: z.string().optional() }).optional(),
  }).optional(),
  /** A template's quick-reply button. */
  button: z.looseObject({ payload: z.string().optional(), text: z.string() }).optional(),
  image: media.optional(),
  audio: media.optional(),
  video: media.optional(),
  document: media.optional(),
  sticker: media.optional(),
  location: z.looseObject({
    latitude: z.number(),
    longitude: z.number(),
    name: z.string().optional(),
    address: z.string().optional(),
  }).optional(),
  reaction: z.looseObject({ message_id: z.string(), emoji: z.string().optional() }).optional(),
  context: z.looseObject({ from: z.string().optional(), id: z.string().optional() }).optional(),
  /** A click-to-chat ad or post the customer came from. */
  referral: z.looseObject({
    source_url: z.string().optional(), source_id: z.string().optional(), source_type: z.string().optional(),
    headline: z.string().optional(), ctwa_clid: z.string().optional(),
  }).optional(),
});
export type MobileMsgMessage = z.infer<typeof mobileMsgMessageSchema>;

export const mobileMsgStatusSchema = z.looseObject({
  id: z.string(),
  status: z.string(),
  timestamp: z.string().optional(),
  recipient_id: z.string().optional(),
  errors: z.array(z.looseObject({
    code: z.number(),
    title: z.string().optional(),
    message: z.string().optional(),
    error_data: z.looseObject({ details: z.string().optional() }).optional(),
  })).optional(),
});
export type MobileMsgStatus = z.infer<typeof mobileMsgStatusSchema>;

export const mobileMsgWebhookSchema = z.looseObject({
  object: z.literal('whatsapp_business_account'),
  entry: z.array(z.looseObject({
    id: z.string().optional(),
    changes: z.array(z.looseObject({
      field: z.string(),
      value: z.looseObject({
        messaging_product: z.string().optional(),
        metadata: z.looseObject({ display_phone_number: z.string().optional(), phone_number_id: z.string() }).optional(),
        contacts: z.array(z.looseObject({ wa_id: z.string(), profile: z.looseObject({ name: z.string().optional() }).optional() })).optional(),
        messages: z.array(mobileMsgMessageSchema).optional(),
        statuses: z.array(mobileMsgStatusSchema).optional(),
      }),
    })),
  })),
});
export type MobileMsgWebhook = z.infer<typeof mobileMsgWebhookSchema>;
