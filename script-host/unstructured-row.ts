import type { ConversationEffect, Value } from '../basic-interpreter/index.js';
import type { HostContext, ScriptBot } from './script-host-context.js';

/**
 * SAVE FROM UNSTRUCTURED's free text (docs/basic.md, "SAVE FROM UNSTRUCTURED"): the bot's model
 * reads it into one record of the table, as a one-off generation (the session's context, knowledge
 * and tools stay out). The interpreter's host keeps the defined columns of what it answers.
 */
const INSTRUCTIONS = 'You read text into one record of a database table. Answer with one JSON object and nothing else. '
  + 'When the table\'s columns are given, its keys are those columns, with null for what the text does not say; '
  + 'otherwise they are short snake_case field names for what the text says.';

export async function readUnstructuredRow(ctx: Pick<HostContext, 'llm'>, bot: ScriptBot, request: Extract<ConversationEffect, { type: 'unstructured.read' }>): Promise<Value> {
  const columns = request.columns ? `Columns (name: type): ${request.columns.map((c) => `${c.name}: ${c.type}`).join(', ')}\n` : '';
  // Parsed JSON; whether it is an object is the interpreter's host's check (basic-interpreter/host/save-unstructured.ts).
  return await ctx.llm.generate({
    keyword: 'SAVE FROM UNSTRUCTURED', instructions: INSTRUCTIONS, format: 'json', bot_id: bot.id,
    prompt: `Table: "${request.table}"\n${columns}\nText:\n${request.text}`,
  }) as Value;
}
