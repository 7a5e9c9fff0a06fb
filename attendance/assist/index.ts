/**
 * Attendant assist: tips, polish, replies, summary and sentiment from the bot's language
 * model, each with an offline fallback (rules and the nlp.js lexicons) so the attendant always
 * gets an answer, marked `source: "model" | "fallback"`.
 */
export { analyzeSentiment, type AnalyzeSentimentInput, type SentimentResult } from './analyze-sentiment.js';
export { assistCommand, fallbackNote } from './assist-command.js';
export { type AssistConversation, type AssistDeps, type AssistFeature, type TranscriptLine } from './assist-context.js';
export {
  FALLBACK_REASONS, LEVELS, REPLY_CATEGORIES, SENTIMENTS, TIP_TYPES, TONES, TRENDS,
  type FallbackReason, type PolishAnswer, type Reply, type Sentiment, type Sourced, type Summary, type Tip,
} from './assist-schemas.js';
export { createAssistService, type AssistService } from './assist-service.js';
export { createAutoSummaryListener, type AutoSummaryListenerDeps } from './auto-summary-listener.js';
export { getTips, type GetTipsInput, type TipsResult } from './get-tips.js';
export { polishMessage, type PolishMessageInput, type PolishResult } from './polish-message.js';
export { suggestReplies, type RepliesResult, type SuggestRepliesInput } from './suggest-replies.js';
export { summarizeConversation, type SummarizeConversationInput, type SummaryResult } from './summarize-conversation.js';
