/**
 * `POST /api/attendance/llm/sentiment`: how the customer feels — about one text, or
 * across their recent messages in a conversation (attendant-sentiment-analysis). The offline
 * fallback reads the nlp.js lexicons and keyword lists.
 */
import type { Actor } from '../commands/attendant-scope.js';
import { askModel, assistConversation, botOf, modelOr, requireFeature, type AssistDeps } from './assist-context.js';
import { SentimentAnswerSchema, type Sentiment, type Sourced } from './assist-schemas.js';
import { fallbackSentiment } from './fallbacks/sentiment-fallback.js';
import { recentCustomerText } from './fallbacks/transcript-facts.js';
import { sentimentPrompt } from './prompts/sentiment-prompt.js';

export interface AnalyzeSentimentInput {
  actor: Actor;
  /** A text to read; without it, the customer's recent messages of the conversation. */
  text?: string;
  /** The conversation (its bot's model and flag apply). */
  sessionId?: string;
  /** With a text and no conversation, the bot (id or name) whose model and flag apply. */
  botId?: string;
}

export type SentimentResult = Sourced<Sentiment>;

/**
 * The sentiment. The bot is the conversation's (`sessionId`), else `botId`'s (a `text` is then
 * required), else that of the conversation the actor holds.
 */
export async function analyzeSentiment(deps: AssistDeps, input: AnalyzeSentimentInput): Promise<SentimentResult> {
  if (input.sessionId === undefined && input.botId !== undefined && input.text !== undefined) {
    const bot = botOf(deps, input.botId);
    requireFeature(bot.config, 'attendant-sentiment-analysis');
    const text = input.text;
    return modelOr(await askModel(deps, bot.id, sentimentPrompt({ text }), SentimentAnswerSchema), () => fallbackSentiment(text));
  }
  const conversation = await assistConversation(deps, input, 'attendant-sentiment-analysis');
  const text = input.text ?? recentCustomerText(conversation.transcript);
  const prompt = sentimentPrompt(input.text !== undefined ? { text: input.text } : { transcript: conversation.transcript });
  return modelOr(await askModel(deps, conversation.botId, prompt, SentimentAnswerSchema), () => fallbackSentiment(text));
}
