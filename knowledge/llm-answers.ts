/**
 * What the LLM keywords answer (docs/basic.md, "LLM"): the bot's model, grounded on the session's
 * knowledge when it has some. The script host reaches it through its language-model port, wired
 * by app/script-host.ts.
 */
import { completeWithTools, type ModelTool, type ToolCallingClient } from '../infra/llm/index.js';
import type { KnowledgeBase } from './knowledge-base.js';
import { documentMessages, groundedMessages, passagesAnswer, withSources } from './grounded-prompt.js';

/** One `r = LLM prompt`: the session's SET CONTEXT, SET ANSWER MODE, active knowledge and tools. */
export interface AnswerRequest {
  prompt: string;
  context?: string | undefined;
  answer_mode?: string | undefined;
  bot_id: string;
  knowledge?: readonly string[] | undefined;
  tools: readonly ModelTool[];
}

/** A keyword's one-off generation (CREATE SITE, CHART PROMPT); `keyword` names it in errors. */
export interface GenerationRequest {
  keyword: string;
  instructions: string;
  prompt: string;
  format: 'text' | 'json';
  bot_id: string;
}

export interface LlmAnswers {
  complete(request: AnswerRequest): Promise<string>;
  generate(request: GenerationRequest): Promise<unknown>;
}

/**
 * The session's SET CONTEXT is the system message; with knowledge active, the best passages of
 * its sources, cited, and without a model those passages themselves; with tools, the model's
 * calls run them.
 */
export function createLlmAnswers(deps: { modelOf(botId: string): ToolCallingClient | undefined; knowledge?: KnowledgeBase }): LlmAnswers {
  return {
    async complete({ prompt, context, answer_mode, bot_id, knowledge: active, tools }) {
      // SET ANSWER MODE "direct": the model alone; "document": only the context and knowledge (docs/basic.md).
      const sources = answer_mode === 'direct' ? undefined : active;
      const passages = sources?.length && deps.knowledge ? await deps.knowledge.search(bot_id, sources, prompt) : [];
      const model = deps.modelOf(bot_id);
      if (!model) {
        if (sources?.length) return passagesAnswer(passages);
        throw new Error('LLM: no language model is configured for this bot (set llm-url or llm-key in config.csv)');
      }
      const messages = passages.length
        ? groundedMessages({ prompt, passages, ...(context ? { context } : {}) })
        : answer_mode === 'document' ? documentMessages({ prompt, ...(context ? { context } : {}) })
          : [...(context ? [{ role: 'system' as const, content: context }] : []), { role: 'user' as const, content: prompt }];
      const answer = await completeWithTools(model, messages, tools);
      return passages.length ? withSources(answer, passages) : answer;
    },
    // CREATE SITE and CHART PROMPT: the keyword's instructions as the system message, the prompt as the user's.
    async generate({ keyword, instructions, prompt, format, bot_id }) {
      const model = deps.modelOf(bot_id);
      if (!model) throw new Error(`${keyword}: no language model is configured for this bot (set llm-url or llm-key in config.csv)`);
      const messages = [{ role: 'system' as const, content: instructions }, { role: 'user' as const, content: prompt }];
      try {
        return format === 'json' ? await model.json(messages) : await model.text(messages);
      } catch (error) {
        throw new Error(`${keyword}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
      }
    },
  };
}
