/**
 * The attendant assist endpoints: requests validated here at the edge, and the
 * answers described for OpenAPI. Every answer carries `source` and, from the fallback,
 * `fallback_reason`.
 */
import { z } from 'zod';
import {
  FALLBACK_REASONS, LEVELS, REPLY_CATEGORIES, SENTIMENTS, TIP_TYPES, TONES, TRENDS,
} from '../../attendance/index.js';
import { ATTENDANT_TEXT_MAX } from './attendance.js';

const Text = z.string().max(ATTENDANT_TEXT_MAX).refine((t) => t.trim().length > 0, 'must not be empty');
const BotId = z.string().trim().min(1).max(200).meta({ description: "A bot's id or name: whose model and flag apply" });

export const AssistSessionRequestSchema = z
  .object({ session_id: z.uuid().meta({ description: 'A conversation in attendance the caller may see' }) })
  .meta({ id: 'AssistSessionRequest' });

export const PolishRequestSchema = z
  .object({
    text: Text.meta({ description: 'The draft; it is returned polished and never sent to the customer' }),
    session_id: z.uuid().optional().meta({ description: 'The conversation the draft is for (context, bot)' }),
    bot_id: BotId.optional(),
    tone: z.enum(TONES).optional().meta({ description: 'Default professional; the fallback keeps the tone as written' }),
  })
  .refine((b) => b.session_id !== undefined || b.bot_id !== undefined, { message: 'give session_id or bot_id', path: ['session_id'] })
  .meta({ id: 'PolishRequest' });

export const SentimentRequestSchema = z
  .object({
    text: Text.optional().meta({ description: "A text to read; without it, the customer's recent messages of session_id" }),
    session_id: z.uuid().optional(),
    bot_id: BotId.optional(),
  })
  .refine((b) => b.session_id !== undefined || (b.text !== undefined && b.bot_id !== undefined), {
    message: 'give session_id, or text with bot_id', path: ['session_id'],
  })
  .meta({ id: 'SentimentRequest' });

const source = {
  source: z.enum(['model', 'fallback']).meta({ description: 'Whether the bot’s language model or the built-in fallback answered' }),
  fallback_reason: z.enum(FALLBACK_REASONS).optional().meta({ description: 'Why the fallback answered (only with source fallback)' }),
};

export const TipsResultSchema = z
  .object({
    session_id: z.uuid(),
    tips: z.array(z.object({
      type: z.enum(TIP_TYPES), content: z.string(), confidence: z.number().min(0).max(1),
      priority: z.number().int().min(1).max(3).meta({ description: '1 is the most important' }),
    })),
    ...source,
  })
  .meta({ id: 'AssistTips' });

export const PolishResultSchema = z
  .object({ polished: z.string(), changes: z.array(z.string()), ...source })
  .meta({ id: 'AssistPolish' });

export const RepliesResultSchema = z
  .object({
    session_id: z.uuid(),
    replies: z.array(z.object({ text: z.string(), tone: z.enum(TONES), category: z.enum(REPLY_CATEGORIES) })).length(3),
    ...source,
  })
  .meta({ id: 'AssistReplies' });

export const SummaryResultSchema = z
  .object({
    session_id: z.uuid(),
    brief: z.string(),
    key_points: z.array(z.string()),
    customer_needs: z.array(z.string()),
    unresolved_issues: z.array(z.string()),
    sentiment_trend: z.enum(TRENDS),
    recommended_action: z.string(),
    message_count: z.number().int(),
    duration_minutes: z.number().int(),
    ...source,
  })
  .meta({ id: 'AssistSummary' });

export const SentimentResultSchema = z
  .object({
    overall: z.enum(SENTIMENTS),
    score: z.number().min(-1).max(1),
    emotions: z.array(z.string()),
    escalation_risk: z.enum(LEVELS),
    urgency: z.enum(LEVELS),
    ...source,
  })
  .meta({ id: 'AssistSentiment' });
