import { startDialog, toolSchema, turnLimitsFrom, type EffectHost, type Value } from '../basic-interpreter/index.js';
import type { ScriptBot } from './script-host-context.js';
import type { ScriptTool } from './ports.js';

/** Where ADD TOOL / USE TOOL keep the session's tools for later LLM calls (docs/basic.md). */
export const LLM_TOOLS_KEY = 'llm_tools';

/** `"create-ticket.bas"` and `"Create-Ticket"` name the same script. */
export function toolScriptName(name: string): string {
  return name.trim().replace(/\.bas$/i, '').toLowerCase();
}

/**
 * ADD TOOL / USE TOOL: checks the script exists in the bot's .gbdialog (a tool that cannot run
 * must fail where the script names it, not when the model calls it) and gives the session's
 * new tool list.
 */
export function addTool(bot: ScriptBot, current: unknown, name: string): string[] {
  const script = toolScriptName(name);
  if (!bot.dialogs.get(script)) throw new Error(`ADD TOOL: there is no script "${script}.bas" in the bot's .gbdialog folder`);
  const tools = storedNames(current);
  return tools.includes(script) ? tools : [...tools, script];
}

/** The names a session keeps in a context key (tools, knowledge sources); anything else there counts as none. */
export function storedNames(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/**
 * The session's tools for the model: each script's PARAM/DESCRIPTION schema, and a run that starts
 * the script with the bot's `param-*` values and the model's arguments as its variables, on the
 * same host as the turn. Its top-level RETURN value is the result the model gets; what it says
 * with TALK goes to the customer (`say`). A tool cannot HEAR or WAIT: that, or a runtime error,
 * is an error the model is told about.
 */
export function scriptTools(bot: ScriptBot, names: readonly string[], host: () => EffectHost, say: (text: string) => void): ScriptTool[] {
  return names.flatMap((name) => {
    const script = bot.dialogs.get(name);
    if (!script) return [];
    return [{
      schema: toolSchema(script),
      async run(args: Record<string, unknown>): Promise<Value> {
        const variables = { ...bot.params, ...lowerKeys(args) };
        const result = await startDialog({ entry: name, variables, library: bot.dialogs, host: host(), limits: turnLimitsFrom(bot.config) });
        for (const output of result.outputs) say(output.text);
        switch (result.status) {
          case 'done':
            return result.value;
          case 'error':
            throw new Error(result.error.message);
          case 'waiting': case 'sleeping':
            throw new Error(`the tool ${name} waits for the customer (HEAR or WAIT), which a tool cannot do`);
        }
      },
    }];
  });
}

/** Script variables are case-insensitive and kept lower-case. */
function lowerKeys(args: Record<string, unknown>): Record<string, Value> {
  return Object.fromEntries(Object.entries(args).map(([k, v]) => [k.toLowerCase(), v as Value]));
}
