import type { SessionTurn } from '../engine/index.js';
import type { HostContext, ScriptBot } from './script-host-context.js';

/** Where ADD BOT keeps the conversation's other bots and their words (the session's context). */
export const BOT_TRIGGERS_KEY = 'bot_triggers';

/** One ADD BOT: the bot a message with one of the words goes to. */
export interface BotTrigger {
  bot: string;
  words: string[];
}

/** Case and accents ignored: "Empréstimo" matches "emprestimo". */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

export function storedTriggers(value: unknown): BotTrigger[] {
  if (!Array.isArray(value)) return [];
  return value.filter((t): t is BotTrigger => typeof t === 'object' && t !== null && typeof (t as BotTrigger).bot === 'string' && Array.isArray((t as BotTrigger).words));
}

/**
 * ADD BOT "name" WITH TRIGGER "words" (docs/basic.md, "ADD BOT"): the bot must be one this server
 * loaded; the conversation keeps it with its words (a second ADD BOT of the same bot replaces them).
 */
export function addBotTrigger(ctx: HostContext, bot: ScriptBot, turn: SessionTurn, trigger: BotTrigger): null {
  const target = ctx.bots(trigger.bot);
  if (!target) throw new Error(`ADD BOT: there is no bot "${trigger.bot}" on this server (a bot is a .gbai package in the bots folder)`);
  if (target.id === bot.id) throw new Error(`ADD BOT: "${trigger.bot}" is this bot itself`);
  const kept = storedTriggers(turn.context[BOT_TRIGGERS_KEY]).filter((t) => t.bot.toLowerCase() !== target.name.toLowerCase());
  turn.setContext(BOT_TRIGGERS_KEY, [...kept, { bot: target.name, words: trigger.words }]);
  return null;
}

/**
 * The bot a customer's message goes to: the first ADD BOT whose word (or phrase) the message holds
 * as whole words, case and accents ignored; undefined when none does (the conversation's own bot answers).
 */
export function triggeredBot(ctx: HostContext, turn: SessionTurn, text: string): ScriptBot | undefined {
  const message = ` ${fold(text).replace(/[^\p{L}\p{N}]+/gu, ' ')} `;
  for (const trigger of storedTriggers(turn.context[BOT_TRIGGERS_KEY])) {
    const hit = trigger.words.some((word) => {
      const folded = fold(word).replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
      return folded !== '' && message.includes(` ${folded} `);
    });
    if (hit) return ctx.bots(trigger.bot);
  }
  return undefined;
}
