import { z } from 'zod';

/**
 * The webhook payload of the page-based messenger (`page_msg`, `object: "page"`) and of the social
 * network's direct messages (`social_dm`, `object: "instagram"`): one shape family,
 * `entry[].messaging[]`, each event with a sender and one of `message`, `postback`, `reaction`,
 * `delivery` or `read`. Objects are loose; an event of another kind still parses and is
 * acknowledged.
 */
/** Where the customer came from: an m.me link's `ref`, an ad (`ad_id`), the kind of source. */
const referral = z.looseObject({ ref: z.string().optional(), ad_id: z.string().optional(), source: z.string().optional(), type: z.string().optional() });

const attachment = z.looseObject({
  type: z.string(),
  payload: z.looseObject({
    url: z.string().optional(),
    title: z.string().optional(),
    coordinates: z.looseObject({ lat: z.number(), long: z.number() }).optional(),
  }).nullish(),
});

export const messagingEventSchema = z.looseObject({
  sender: z.looseObject({ id: z.string() }),
  recipient: z.looseObject({ id: z.string() }).optional(),
  timestamp: z.number().optional(),
  message: z.looseObject({
    mid: z.string(),
    text: z.string().optional(),
    is_echo: z.boolean().optional(),
    quick_reply: z.looseObject({ payload: z.string() }).optional(),
    attachments: z.array(attachment).optional(),
    is_deleted: z.boolean().optional(),
    referral: referral.optional(),
  }).optional(),
  postback: z.looseObject({ mid: z.string().optional(), title: z.string().optional(), payload: z.string().optional(), referral: referral.optional() }).optional(),
  /** A referral on its own: a customer with a conversation already followed a link or an ad. */
  referral: referral.optional(),
  reaction: z.looseObject({ mid: z.string(), action: z.string().optional(), emoji: z.string().optional(), reaction: z.string().optional() }).optional(),
  delivery: z.looseObject({ mids: z.array(z.string()).optional(), watermark: z.number().optional() }).optional(),
  read: z.looseObject({ mid: z.string().optional(), watermark: z.number().optional() }).optional(),
});
export type MessagingEvent = z.infer<typeof messagingEventSchema>;

export const messagingWebhookSchema = z.looseObject({
  object: z.enum(['page', 'instagram']),
  entry: z.array(z.looseObject({
    id: z.string().optional(),
    time: z.number().optional(),
    messaging: z.array(messagingEventSchema).optional(),
  })),
});
export type MessagingWebhook = z.infer<typeof messagingWebhookSchema>;
