/**
 * `/replies` and `POST /api/attendance/llm/smart-replies`: three replies the
 * attendant could send next (attendant-smart-replies). Suggestions only: nothing is sent.
 */
import type { Actor } from '../commands/attendant-scope.js';
import { askModel, assistConversation, modelOr, type AssistDeps } from './assist-context.js';
import { RepliesAnswerSchema, type Reply, type Sourced } from './assist-schemas.js';
import { fallbackReplies } from './fallbacks/replies-fallback.js';
import { fallbackSentiment } from './fallbacks/sentiment-fallback.js';
import { recentCustomerText } from './fallbacks/transcript-facts.js';
import { repliesPrompt } from './prompts/replies-prompt.js';

export interface SuggestRepliesInput {
  actor: Actor;
  /** The conversation; the one the actor holds when absent. */
  sessionId?: string;
}

/** The replies, and the conversation they are for. */
export type RepliesResult = Sourced<{ replies: Reply[] }> & { session_id: string };

/**
 * Exactly three replies. A model answer with more than three keeps its first three; with fewer it
 * is invalid and the rules' three are returned (`fallback_reason: invalid_answer`).
 */
export async function suggestReplies(deps: AssistDeps, input: SuggestRepliesInput): Promise<RepliesResult> {
  const conversation = await assistConversation(deps, input, 'attendant-smart-replies');
  const outcome = await askModel(deps, conversation.botId, repliesPrompt(conversation), RepliesAnswerSchema);
  const result = await modelOr(outcome, async () => ({
    replies: fallbackReplies({
      transcript: conversation.transcript,
      sentiment: await fallbackSentiment(recentCustomerText(conversation.transcript)),
    }),
  }));
  return { ...result, session_id: conversation.row.session_id };
}
