import { LlmError, type ChatMessage, type ToolCallingClient, type ToolDefinition } from './llm-client.js';

/** A tool the model may call, and what runs when it does. */
export interface ModelTool extends ToolDefinition {
  /** Runs the tool with the model's arguments; its result goes back to the model as JSON. */
  run(args: Record<string, unknown>): Promise<unknown>;
}

/** Rounds of tool calls one answer may take before it is abandoned (a model calling tools in a loop). */
const MAX_ROUNDS = 5;

/**
 * Asks the model with `tools` on offer and carries out the calls it makes, each result sent back
 * as a `tool` message, until it answers with text. A tool that fails, or arguments that are not
 * JSON, answer the model `{"error": …}` so it can recover; an unknown tool name likewise.
 */
export async function completeWithTools(client: ToolCallingClient, messages: readonly ChatMessage[], tools: readonly ModelTool[]): Promise<string> {
  if (tools.length === 0) return client.text(messages);
  const definitions = tools.map(({ name, description, parameters }) => ({ name, description, parameters }));
  const history = [...messages];
  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    const turn = await client.chat(history, definitions);
    if (turn.tool_calls.length === 0) return turn.content as string;
    history.push({ role: 'assistant', content: turn.content, tool_calls: turn.tool_calls });
    for (const call of turn.tool_calls) {
      const result = await runCall(tools.find((t) => t.name === call.name), call.arguments);
      history.push({ role: 'tool', tool_call_id: call.id, content: JSON.stringify(result ?? null) });
    }
  }
  throw new LlmError('invalid_answer', `The model was still calling tools after ${MAX_ROUNDS} rounds`);
}

async function runCall(tool: ModelTool | undefined, json: string): Promise<unknown> {
  if (!tool) return { error: 'no such tool' };
  let args: unknown;
  try {
    args = json.trim() === '' ? {} : JSON.parse(json);
  } catch {
    return { error: 'the arguments are not valid JSON' };
  }
  if (typeof args !== 'object' || args === null || Array.isArray(args)) return { error: 'the arguments must be a JSON object' };
  try {
    return await tool.run(args as Record<string, unknown>);
  } catch (error) {
    return { error: (error as Error).message };
  }
}
