/**
 * `/summary`, `GET /api/attendance/llm/summary/{session_id}` and the auto-summary (
 * and §4): what the conversation was about, for the attendant who takes it over
 * (attendant-auto-summary). The counts always come from the transcript, never from the model.
 */
import type { ConversationRow } from '../../db/index.js';
import type { Actor } from '../commands/attendant-scope.js';
import { askModel, assistConversation, loadConversation, modelOr, type AssistDeps } from './assist-context.js';
import { SummaryAnswerSchema, type Sourced, type Summary } from './assist-schemas.js';
import { fallbackSummary } from './fallbacks/summary-fallback.js';
import { summaryPrompt } from './prompts/summary-prompt.js';

/** An actor's request (access checked), or a conversation the system already holds (the auto-summary). */
export type SummarizeConversationInput = { actor: Actor; sessionId?: string } | { row: ConversationRow };

/** The summary, and the conversation it is about. */
export type SummaryResult = Sourced<Summary> & { session_id: string };

/** The summary. Throws for access (404/403) and the flag (409 `feature_disabled`); a failing model falls back. */
export async function summarizeConversation(deps: AssistDeps, input: SummarizeConversationInput): Promise<SummaryResult> {
  const conversation = 'row' in input
    ? await loadConversation(deps, input.row, 'attendant-auto-summary')
    : await assistConversation(deps, input, 'attendant-auto-summary');
  const outcome = await askModel(deps, conversation.botId, summaryPrompt(conversation), SummaryAnswerSchema);
  const counted = await fallbackSummary(conversation);
  const result = await modelOr(outcome, () => counted);
  return { ...result, session_id: conversation.row.session_id, message_count: counted.message_count, duration_minutes: counted.duration_minutes };
}
