/**
 * `/polish <message>` and `POST /api/attendance/llm/polish`: the attendant's
 * draft, corrected and in the asked tone, returned to the attendant. Nothing is sent to the
 * customer here — the attendant sends the text themselves if they like it.
 */
import type { Actor } from '../commands/attendant-scope.js';
import { askModel, assistConversation, botOf, modelOr, requireFeature, type AssistDeps, type TranscriptLine } from './assist-context.js';
import { PolishAnswerSchema, type PolishAnswer, type Sourced, type TONES } from './assist-schemas.js';
import { fallbackPolish } from './fallbacks/polish-fallback.js';
import { polishPrompt } from './prompts/polish-prompt.js';

export interface PolishMessageInput {
  actor: Actor;
  text: string;
  /** The conversation the draft is for: its bot's model and flag apply, its transcript is context. */
  sessionId?: string;
  /** Without a conversation, the bot (id or name) whose model and flag apply. */
  botId?: string;
  tone?: (typeof TONES)[number];
}

export type PolishResult = Sourced<PolishAnswer>;

/**
 * The polished draft. The bot is the conversation's (`sessionId`), else `botId`'s, else that of
 * the conversation the actor holds. Throws for access (404/403) and the flag (409
 * `feature_disabled`, attendant-polish-message); a failing model falls back to the rules.
 */
export async function polishMessage(deps: AssistDeps, input: PolishMessageInput): Promise<PolishResult> {
  let botId: string;
  let transcript: TranscriptLine[] = [];
  if (input.sessionId === undefined && input.botId !== undefined) {
    const bot = botOf(deps, input.botId);
    requireFeature(bot.config, 'attendant-polish-message');
    botId = bot.id;
  } else {
    const conversation = await assistConversation(deps, input, 'attendant-polish-message');
    ({ botId, transcript } = conversation);
  }
  const tone = input.tone ?? 'professional';
  const outcome = await askModel(deps, botId, polishPrompt({ text: input.text, tone, transcript }), PolishAnswerSchema);
  return modelOr(outcome, () => fallbackPolish(input.text));
}
