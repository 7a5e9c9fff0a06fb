/**
 * What every assist use case shares: the dependencies, the feature flag check, the conversation
 * and its transcript, and the one place that asks the model and turns any failure into a fallback
 * reason — so no use case can forget that a model answer is optional.
 */
import type { z } from 'zod';
import type { BotConfig } from '../../config/index.js';
import {
  type ConversationRow,
} from '../../db/index.js';
import { ConflictError, NotFoundError } from '../../infra/errors.js';
import { LlmError, type ChatMessage, type LlmClient } from '../../infra/llm/index.js';
import type { Logger } from '../../infra/logger.js';
import { currentConversation, type Actor } from '../commands/attendant-scope.js';
import type { FallbackReason, Sourced } from './assist-schemas.js';
import type { AttendanceRepositories } from '../attendance-repositories.js';

/** What the assist use cases need: the database, the bots' configuration and their models. */
export interface AssistDeps {
  repos: AttendanceRepositories;
  /** A bot by id or name. */
  bot: (idOrName: string) => { id: string; config: BotConfig } | undefined;
  /** The bot's language model (config `llm-*`), or undefined when none is configured. */
  llmFor: (botId: string) => LlmClient | undefined;
  now?: () => Date;
  /** Where fallbacks caused by a failing model are reported. */
  logger?: Pick<Logger, 'warn'>;
}

/** The config flag of each assist feature. */
export type AssistFeature =
  | 'attendant-llm-tips' | 'attendant-polish-message' | 'attendant-smart-replies' | 'attendant-auto-summary' | 'attendant-sentiment-analysis';

/** One line of the transcript, as the prompts and the fallbacks read it. */
export interface TranscriptLine {
  from: 'customer' | 'bot' | 'attendant' | 'system';
  text: string;
  at: Date;
}

/** A conversation ready for assist: its row, its bot, what was said, and why it came to a human. */
export interface AssistConversation {
  row: ConversationRow;
  botId: string;
  config: BotConfig;
  transcript: TranscriptLine[];
  transferReason: string | null;
}

/** The bot by id or name, or NotFoundError `bot_not_found`. */
export function botOf(deps: AssistDeps, idOrName: string): { id: string; config: BotConfig } {
  const bot = deps.bot(idOrName);
  if (!bot) throw new NotFoundError(`No bot ${idOrName}`, 'bot_not_found');
  return bot;
}

/** ConflictError `feature_disabled` (409) when the bot has the feature switched off. */
export function requireFeature(config: BotConfig, feature: AssistFeature): void {
  if (!config[feature]) throw new ConflictError(`${feature} is off for this bot`, 'feature_disabled', { feature });
}

/**
 * The conversation the actor asks about (the given one, which they must be allowed to see, else
 * the one they hold), with the feature checked for its bot and its transcript loaded.
 */
export async function assistConversation(
  deps: AssistDeps, input: { actor: Actor; sessionId?: string }, feature: AssistFeature,
): Promise<AssistConversation> {
  return loadConversation(deps, await currentConversation(deps.repos, input.actor, input.sessionId), feature);
}

/**
 * A conversation already in hand (no access check: the caller did it, or the system acts), with
 * the feature checked and the transcript loaded. Messages of TALK TO (payload.to) went to
 * someone else and are left out.
 */
export async function loadConversation(deps: AssistDeps, row: ConversationRow, feature: AssistFeature): Promise<AssistConversation> {
  const { id, config } = botOf(deps, row.bot_id);
  requireFeature(config, feature);
  const [messages, session] = await Promise.all([
    deps.repos.messages.listBySession(row.session_id),
    deps.repos.sessions.findById(row.session_id),
  ]);
  const transcript = messages
    .filter((m) => !('to' in m.payload) && m.text.trim() !== '')
    .map((m) => ({ from: m.sender, text: m.text, at: m.created_at }));
  const reason = session?.context_data.transfer_reason;
  return { row, botId: id, config, transcript, transferReason: typeof reason === 'string' && reason.trim() !== '' ? reason : null };
}

/** The outcome of one model call: its validated answer, or why the fallback must answer. */
export type ModelOutcome<T> = { ok: true; value: T } | { ok: false; reason: FallbackReason };

/**
 * Asks the bot's model for JSON and validates it. Never throws for the model's sake: no model is
 * `not_configured`, a late answer `timeout`, a failed call `unavailable`, an answer that is not
 * JSON or fails the schema `invalid_answer`.
 */
export async function askModel<S extends z.ZodType>(
  deps: AssistDeps, botId: string, messages: readonly ChatMessage[], schema: S,
): Promise<ModelOutcome<z.output<S>>> {
  const model = deps.llmFor(botId);
  if (!model) return { ok: false, reason: 'not_configured' };
  let answer: unknown;
  try {
    answer = await model.json(messages);
  } catch (error) {
    const reason = error instanceof LlmError ? error.reason : 'unavailable';
    deps.logger?.warn({ err: error, bot_id: botId, reason }, 'attendant assist: the model failed, using the fallback');
    return { ok: false, reason };
  }
  const parsed = schema.safeParse(answer);
  if (parsed.success) return { ok: true, value: parsed.data };
  deps.logger?.warn({ bot_id: botId, issues: parsed.error.issues.slice(0, 5) }, 'attendant assist: invalid model answer, using the fallback');
  return { ok: false, reason: 'invalid_answer' };
}

/** The model's answer marked as such, or the fallback's with the reason. */
export async function modelOr<T extends object>(outcome: ModelOutcome<T>, fallback: () => T | Promise<T>): Promise<Sourced<T>> {
  if (outcome.ok) return { ...outcome.value, source: 'model' };
  return { ...(await fallback()), source: 'fallback', fallback_reason: outcome.reason };
}
