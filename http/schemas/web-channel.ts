import { z } from 'zod';
import { WEB_ATTACHMENTS_MAX, type WebMessageBody } from '../../adapters/index.js';

/** Longest text a visitor may send in one message (item 8). */
export const WEB_TEXT_MAX = 4096;

export const BotParamsSchema = z.object({ bot: z.string().min(1).max(100) });

const SessionToken = z.string().min(1).max(4096).meta({ description: 'The visitor session token from an earlier answer; opaque' });

const AttachmentKind = z.enum(['image', 'audio', 'video', 'file']);

/** A file the visitor uploaded (`POST …/uploads`), sent with a message by its link. */
export const WebMessageAttachmentSchema = z
  .object({
    url: z.string().min(1).max(4096).meta({ description: 'The link the upload answered: only the visitor\'s own, unexpired uploads to this bot are accepted' }),
    name: z.string().trim().min(1).max(200).optional(),
    mime_type: z.string().min(1).max(200).optional(),
    type: AttachmentKind.optional().meta({ description: 'From mime_type, else the name\'s extension, when absent' }),
    voice: z.boolean().optional()
      .meta({ description: 'An audio file recorded as a voice message: with no text, the bot\'s voice service transcribes it and the replies are spoken' }),
  })
  .meta({ id: 'WebMessageAttachment' });

const UtmValue = z.string().trim().min(1).max(200);

/** The host page's `utm_*` parameters, which the widget's loader passes on (docs/channels/web.md, "Campaigns"). */
export const WebReferralSchema = z
  .object({
    utm_source: UtmValue.optional(), utm_medium: UtmValue.optional(),
    utm_campaign: UtmValue.optional().meta({ description: 'The campaign\'s `ref`' }),
    utm_id: UtmValue.optional().meta({ description: 'The ad\'s id' }),
    page_url: z.string().max(2048).optional(),
  })
  .meta({ id: 'WebReferral' });

export const WebMessageRequestSchema = z
  .object({
    text: z.string().max(WEB_TEXT_MAX).meta({ description: 'May be empty when the message carries attachments' }),
    attachments: WebMessageAttachmentSchema.array().max(WEB_ATTACHMENTS_MAX).optional(),
    session_token: SessionToken.optional().meta({ description: 'Absent on a new visitor\'s first message' }),
    user_name: z.string().trim().min(1).max(200).optional()
      .meta({ description: 'The visitor\'s name (the widget\'s pre-chat form): the session\'s `customer_name` (docs/crm.md, "Names from every channel")' }),
    user_email: z.email().max(254).optional().meta({ description: 'The visitor\'s e-mail (the widget\'s pre-chat form): the session\'s `customer_email`' }),
    client_message_id: z
      .string()
      .min(1)
      .max(200)
      .optional()
      .meta({ description: 'The client\'s id of this message: a retried POST with the same id (and token) is not processed twice' }),
    referral: WebReferralSchema.optional(),
  })
  // A message says something: a text, a file, or both.
  .refine((m) => m.text.trim().length > 0 || (m.attachments?.length ?? 0) > 0, { path: ['text'], message: 'must not be empty' })
  .meta({ id: 'WebMessageRequest' }) satisfies z.ZodType<WebMessageBody>;

export const SuggestionSchema = z.object({ key: z.string(), label: z.string() }).meta({ id: 'Suggestion' });

/** A file of a message (SEND FILE's, or the visitor's upload), fetched by the widget from its URL. */
export const WebAttachmentSchema = z
  .object({
    type: z.string().meta({ description: 'image, audio, video or file' }), url: z.string().optional(), name: z.string().optional(),
    mime_type: z.string().optional(),
    voice: z.boolean().optional().meta({ description: 'A voice message, or the spoken audio of a reply (played inline by the widget)' }),
  })
  .meta({ id: 'WebAttachment' });

export const WebMessageAnswerSchema = z
  .object({
    session_id: z.uuid(),
    session_token: z.string().meta({ description: 'Send it with later messages; it changes when a new session starts' }),
    replies: z
      .object({ text: z.string(), suggestions: SuggestionSchema.array().optional(), attachments: WebAttachmentSchema.array().optional() })
      .array()
      .meta({ description: 'What the bot said in this turn; empty when a human has the session or for a retried message' }),
  })
  .meta({ id: 'WebMessageAnswer' });

export const WebHistoryQuerySchema = z.object({ session_token: SessionToken });

export const WebHistorySchema = z
  .object({
    messages: z
      .object({
        direction: z.enum(['inbound', 'outbound']),
        from: z.enum(['customer', 'bot', 'attendant', 'system']),
        text: z.string(),
        at: z.iso.datetime(),
        attachments: WebAttachmentSchema.array().optional().meta({ description: 'The message\'s files, when it has any' }),
      })
      .array(),
  })
  .meta({ id: 'WebHistory' });

export const WebSessionRenewRequestSchema = z.object({ session_token: SessionToken }).meta({ id: 'WebSessionRenewRequest' });

export const WebSessionRenewAnswerSchema = z
  .object({
    session_token: z.string().meta({ description: 'Use it instead of the old one from now on' }),
    expires_at: z.iso.datetime().meta({ description: 'When this token stops being accepted unless renewed or used again' }),
  })
  .meta({ id: 'WebSessionRenewAnswer' });

export const WebUploadQuerySchema = z.object({
  name: z.string().min(1).max(200).meta({ description: 'The file\'s name; kept as one safe path segment (other characters become _)' }),
});

export const WebUploadAnswerSchema = z
  .object({
    type: AttachmentKind.meta({ description: 'From the Content-Type, else the name\'s extension' }),
    url: z.string().meta({ description: 'The file\'s signed drive link (valid 7 days): send it as attachments[].url with a message' }),
    name: z.string().meta({ description: 'The name as kept' }),
    mime_type: z.string(),
    size: z.number().int().meta({ description: 'Bytes' }),
  })
  .meta({ id: 'WebUploadAnswer' });

/** The bot as the widget sees it before the first message (`GET …/info`). */
export const WebBotInfoSchema = z
  .object({
    bot: z.string(),
    language: z.string().nullable().meta({ description: 'The bot\'s `language` setting (a BCP 47 tag), or null when it sets none: the widget then follows the browser' }),
    prechat_form: z.boolean().meta({ description: 'The bot\'s `web-prechat-form`: the widget asks a new visitor\'s name and e-mail before the chat' }),
    voice: z.boolean().meta({ description: 'The bot has a voice service (`voice-models-url`): the widget shows its microphone, and spoken messages are answered aloud' }),
    call: z.boolean().meta({ description: 'The bot takes calls from the browser here (it has `sip-enabled`): the widget shows its Call button' }),
  })
  .meta({ id: 'WebBotInfo' });

/** A call from the visitor's browser (docs/channels/web.md, "Calls"): its SDP offer, complete (no trickle ICE). */
export const WebCallRequestSchema = z
  .object({
    session_token: SessionToken,
    sdp: z.string().min(1).max(20_000).meta({ description: 'The browser\'s SDP offer with its ICE candidates; audio in PCMU or PCMA' }),
  })
  .meta({ id: 'WebCallRequest' });

export const WebCallAnswerSchema = z
  .object({
    call_id: z.string().meta({ description: 'The call, to hang up by' }),
    sdp: z.string().meta({ description: 'The SDP answer, with the service\'s ICE candidates' }),
  })
  .meta({ id: 'WebCallAnswer' });

export const WebCallParamsSchema = z.object({ bot: z.string().min(1).max(100), call_id: z.string().min(1).max(100) });

export const WebHangUpRequestSchema = z.object({ session_token: SessionToken }).meta({ id: 'WebHangUpRequest' });

export const WebHangUpAnswerSchema = z.object({ ok: z.literal(true) }).meta({ id: 'WebHangUpAnswer' });
