/**
 * The shapes of attendant assist: what each model answer must look like (checked
 * with zod before anything reaches the attendant) and what each use case returns. The same enums
 * serve the fallbacks, so a model answer and a rule-made answer are indistinguishable in shape.
 */
import { z } from 'zod';

/** Why an answer came from the fallback: no model for the bot, or the model's failure (infra/llm). */
export const FALLBACK_REASONS = ['not_configured', 'timeout', 'unavailable', 'invalid_answer'] as const;
export type FallbackReason = (typeof FALLBACK_REASONS)[number];

/** Every answer says where it came from, and why when it is the fallback. */
export type Sourced<T> = T & ({ source: 'model' } | { source: 'fallback'; fallback_reason: FallbackReason });

/** What a tip is about. */
export const TIP_TYPES = ['empathy', 'question', 'wait', 'lookup', 'escalation', 'general'] as const;
export const TONES = ['professional', 'friendly', 'empathetic'] as const;
export const REPLY_CATEGORIES = ['greeting', 'acknowledgement', 'empathy', 'question', 'answer', 'follow_up', 'closing'] as const;
export const SENTIMENTS = ['positive', 'neutral', 'negative'] as const;
export const LEVELS = ['low', 'medium', 'high'] as const;
export const TRENDS = ['improving', 'stable', 'declining'] as const;

// Models vary case and spacing of enum values; the answer is read leniently, the result is strict.
const lower = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess((v) => (typeof v === 'string' ? v.trim().toLowerCase().replace(/[\s-]+/g, '_') : v), z.enum(values));
const Line = z.string().trim().min(1).max(1000);
const Lines = (max: number) => z.array(Line).max(max);

export const TipSchema = z.object({
  type: lower(TIP_TYPES),
  content: Line,
  confidence: z.number().min(0).max(1),
  /** 1 is the most important. */
  priority: z.number().int().min(1).max(3),
});
export type Tip = z.infer<typeof TipSchema>;
/** The model's tips: one to five. */
export const TipsAnswerSchema = z.object({ tips: z.array(TipSchema).min(1).max(5) });
export type TipsAnswer = z.infer<typeof TipsAnswerSchema>;

/** The model's polish of a draft: the new text and what changed. */
export const PolishAnswerSchema = z.object({ polished: Line.max(4096), changes: Lines(20) });
export type PolishAnswer = z.infer<typeof PolishAnswerSchema>;

export const ReplySchema = z.object({ text: Line, tone: lower(TONES), category: lower(REPLY_CATEGORIES) });
export type Reply = z.infer<typeof ReplySchema>;
/**
 * The model's replies: at least three, of which the first three are kept; fewer is an invalid
 * answer (the fallback's three are used instead) so the console can always show exactly three.
 */
export const RepliesAnswerSchema = z.object({
  replies: z.array(ReplySchema).min(3).transform((replies) => replies.slice(0, 3)),
});
export type RepliesAnswer = z.infer<typeof RepliesAnswerSchema>;

/** The model's summary; `message_count` and `duration_minutes` are always counted from the transcript. */
export const SummaryAnswerSchema = z.object({
  brief: Line,
  key_points: Lines(10),
  customer_needs: Lines(10),
  unresolved_issues: Lines(10),
  sentiment_trend: lower(TRENDS),
  recommended_action: Line,
});
export type Summary = z.infer<typeof SummaryAnswerSchema> & { message_count: number; duration_minutes: number };

/** The model's reading of the customer's mood. */
export const SentimentAnswerSchema = z.object({
  overall: lower(SENTIMENTS),
  score: z.number().min(-1).max(1),
  emotions: z.array(z.string().trim().toLowerCase().min(1).max(40)).max(8),
  escalation_risk: lower(LEVELS),
  urgency: lower(LEVELS),
});
export type Sentiment = z.infer<typeof SentimentAnswerSchema>;
