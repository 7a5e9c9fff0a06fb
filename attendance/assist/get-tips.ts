/**
 * `/tips` and `POST /api/attendance/llm/tips`: coaching for the attendant on the
 * conversation in front of them, from the bot's model, or from rules when there is no usable
 * model answer (attendant-llm-tips).
 */
import type { Actor } from '../commands/attendant-scope.js';
import { askModel, assistConversation, modelOr, type AssistDeps } from './assist-context.js';
import { TipsAnswerSchema, type Sourced, type Tip } from './assist-schemas.js';
import { fallbackSentiment } from './fallbacks/sentiment-fallback.js';
import { fallbackTips } from './fallbacks/tips-fallback.js';
import { recentCustomerText } from './fallbacks/transcript-facts.js';
import { tipsPrompt } from './prompts/tips-prompt.js';

export interface GetTipsInput {
  actor: Actor;
  /** The conversation; the one the actor holds when absent. */
  sessionId?: string;
}

/** The tips, and the conversation they are about. */
export type TipsResult = Sourced<{ tips: Tip[] }> & { session_id: string };

/** Tips, most important first. Throws only for access (404/403) and the flag (409 `feature_disabled`). */
export async function getTips(deps: AssistDeps, input: GetTipsInput): Promise<TipsResult> {
  const conversation = await assistConversation(deps, input, 'attendant-llm-tips');
  const outcome = await askModel(deps, conversation.botId, tipsPrompt(conversation), TipsAnswerSchema);
  const result = await modelOr(outcome, async () => ({
    tips: fallbackTips({
      transcript: conversation.transcript,
      sentiment: await fallbackSentiment(recentCustomerText(conversation.transcript)),
      now: deps.now?.() ?? new Date(),
    }),
  }));
  return { ...result, session_id: conversation.row.session_id, tips: [...result.tips].sort((a, b) => a.priority - b.priority) };
}
