/**
 * The channel-neutral messages of the one path every message takes (docs/architecture.md). Adapters
 * turn provider payloads into InboundMessage and send OutboundMessage; nothing else crosses the
 * boundary between a channel and the engine.
 */

/** Customer-facing channels. */
export const CHANNELS = ['mobile_msg', 'bot_msg', 'sms', 'social_dm', 'page_msg', 'workchat', 'web', 'rtc_sip'] as const;
export type Channel = (typeof CHANNELS)[number];

export interface Attachment {
  type: 'image' | 'audio' | 'video' | 'file' | 'location';
  url?: string;
  mime_type?: string;
  name?: string;
  /** The provider's id of the file, when it keeps files by id (fetched on demand through our media endpoint). */
  media_id?: string;
  caption?: string;
  /** A voice note recorded in the app (an `audio` attachment). */
  voice?: boolean;
  /** A shared location (`location` attachment). */
  latitude?: number;
  longitude?: number;
}

/** What a provider said became of a message we sent (delivery receipts on webhooks). */
export interface DeliveryStatusUpdate {
  channel: Channel;
  bot: string;
  /** The provider's id of the sent message, as its send answered (DeliveryReceipt). */
  provider_message_id: string;
  status: 'sent' | 'delivered' | 'read' | 'failed';
  /** On `failed`: the provider's code and words. */
  error?: { code: number | string; title: string };
}

/** Who the customer is, as far as the channel tells. */
export interface CustomerRef {
  /** The provider's stable id for the customer (phone number, chat id, visitor id…). */
  external_id: string;
  display_name?: string;
  /** E.164 when known. */
  phone?: string;
  email?: string;
  /**
   * The person's id in the organisation's directory, where `external_id` is a conversation's and
   * not the person's (workchat: the AAD object id); CRM matching knows them by it (docs/crm.md).
   */
  directory_id?: string;
}

/** A customer's message, normalised by an adapter. */
export interface InboundMessage {
  channel: Channel;
  /** Bot name (the `<name>.gbai` folder). */
  bot: string;
  customer: CustomerRef;
  text: string;
  attachments: Attachment[];
  /** The provider's id of this message: the dedupe key with (bot, channel). Absent: never deduped. */
  provider_message_id?: string;
  /**
   * The channel has just made up this customer's id (a web visitor's first message), so no session
   * of theirs can exist yet and the turn need not look for one.
   */
  first_contact?: boolean;
  received_at: Date;
  /** The provider payload as received, for debugging and later re-processing. */
  raw: unknown;
  /** Set when the channel recognised one of its own commands in the message (see ChannelCommand below). */
  command?: ChannelCommand;
  /** Where the customer came from, when the channel says (docs/crm.md, "Campaigns"). */
  referral?: CampaignReferral;
}

/**
 * What a channel tells of the campaign that brought the customer: the web widget page's UTM
 * parameters, a mobile_msg click-to-chat `referral`, a page_msg/social_dm referral, a bot_msg
 * `/start <payload>` deep link. `ref` is the campaign's short code (`utm_campaign`, the deep
 * link's payload, a Messenger `ref`); `ad_id` the ad's id at the provider.
 */
export interface CampaignReferral {
  /** The campaign itself, when known by id: a reply to a proactive campaign's message (docs/crm.md, "Proactive campaigns"). */
  campaign_id?: string;
  ref?: string;
  ad_id?: string;
  utm_source?: string;
  utm_medium?: string;
  source_url?: string;
}

/**
 * What a channel's own command asks of the turn instead of an ordinary message (bot_msg `/start`
 * and `/agent`, an edited message; sms HELP, STOP and START). The adapter recognises the command —
 * it knows the channel's conventions and settings — and the engine applies it (receive-message.ts):
 * - `restart`: the bot's dialog starts again from the top with this message;
 * - `human`: the session is handed to a human, as TRANSFER TO HUMAN with `reason` (and `target`, a queue: a phone
 *   number routed straight to one, docs/channels/rtc-sip.md);
 * - `record`: the message is kept in the transcript and nothing runs;
 * - `answer`: kept, and answered with `text` (from `system`); nothing runs.
 * While a human has the session, `restart` and `human` messages go to the attendant like any other.
 */
export type ChannelCommand =
  | { kind: 'restart' }
  | { kind: 'human'; reason: string; target?: string }
  | { kind: 'record' }
  | { kind: 'answer'; text: string };

/** A quick reply offered with a message, or an option of a HEAR … AS menu (adapters render buttons where they can). */
export interface Suggestion {
  key: string;
  label: string;
}

/** Who speaks in an outbound message. */
export type Sender = 'bot' | 'attendant' | 'system';

/** A message to a customer, committed to the outbox before any delivery attempt. */
export interface OutboundMessage {
  session_id: string;
  channel: Channel;
  /** The customer's external id on the channel. */
  to: string;
  text: string;
  /** Quick replies, or the options of a HEAR … AS menu (adapters render buttons where they can). */
  suggestions?: Suggestion[];
  attachments?: Attachment[];
  from: Sender;
  /** The bot whose channel credentials deliver it: set when the message is committed to the outbox. */
  bot_id?: string;
  /**
   * To be spoken (engine/voice/spoken-reply.ts): the bot answers a message the customer spoke,
   * or the session's `voice_response` is on. A channel with voice also sends it as audio when its
   * voice setting is on (docs/basic.md, "Voice on each channel").
   */
  voice_reply?: boolean;
}
