/**
 * The attendant assist use cases bound to their dependencies, so the REST routes, the commands and
 * the auto-summary share one object built in the composition root.
 */
import { analyzeSentiment, type AnalyzeSentimentInput } from './analyze-sentiment.js';
import type { AssistDeps } from './assist-context.js';
import { getTips, type GetTipsInput } from './get-tips.js';
import { polishMessage, type PolishMessageInput } from './polish-message.js';
import { suggestReplies, type SuggestRepliesInput } from './suggest-replies.js';
import { summarizeConversation, type SummarizeConversationInput } from './summarize-conversation.js';

/** Builds the service; each call asks the bot's model and falls back on its own. */
export function createAssistService(deps: AssistDeps) {
  return {
    deps,
    tips: (input: GetTipsInput) => getTips(deps, input),
    polish: (input: PolishMessageInput) => polishMessage(deps, input),
    replies: (input: SuggestRepliesInput) => suggestReplies(deps, input),
    summary: (input: SummarizeConversationInput) => summarizeConversation(deps, input),
    sentiment: (input: AnalyzeSentimentInput) => analyzeSentiment(deps, input),
  };
}

export type AssistService = ReturnType<typeof createAssistService>;
