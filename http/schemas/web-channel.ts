import { z } from 'zod';
import type { WebMessageBody } from '../../adapters/index.js';

/** Longest text a visitor may send in one message (item 8). */
export const WEB_TEXT_MAX = 4096;

export const BotParamsSchema = z.object({ bot: z.string().min(1).max(100) });

const SessionToken = z.string().min(1).max(4096).meta({ description: 'The visitor session token from an earlier answer; opaque' });

export const WebMessageRequestSchema = z
  .object({
    text: z
      .string()
      .max(WEB_TEXT_MAX)
      .refine((t) => t.trim().length > 0, 'must not be empty'),
    session_token: SessionToken.optional().meta({ description: 'Absent on a new visitor\'s first message' }),
    user_name: z.string().trim().min(1).max(200).optional(),
    client_message_id: z
      .string()
      .min(1)
      .max(200)
      .optional()
      .meta({ description: 'The client\'s id of this message: a retried POST with the same id (and token) is not processed twice' }),
  })
  .meta({ id: 'WebMessageRequest' }) satisfies z.ZodType<WebMessageBody>;

export const SuggestionSchema = z.object({ key: z.string(), label: z.string() }).meta({ id: 'Suggestion' });

/** A file sent with a reply (SEND FILE), fetched by the widget from its URL. */
export const WebAttachmentSchema = z
  .object({ type: z.string().meta({ description: 'image, audio, video or file' }), url: z.string().optional(), name: z.string().optional() })
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
