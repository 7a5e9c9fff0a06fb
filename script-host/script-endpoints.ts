import { formHandlerOf, formsOf, webhookOf } from '../basic-interpreter/index.js';
import type { ScriptBot } from './script-host-context.js';

/**
 * Which scripts of a bot answer its HTTP entry points (docs/basic.md, "Webhooks and forms"):
 * `WEBHOOK "name"` and `ON FORM SUBMIT "form"` are read from the compiled scripts, so an edited
 * file counts within a second, as for any script. One name, one script: a name two scripts
 * declare answers nothing until one is renamed.
 */

/** The scripts declaring `WEBHOOK "name"` (lower-case), by script name. */
export function webhookScripts(bot: ScriptBot, name: string): string[] {
  const wanted = name.toLowerCase();
  return bot.dialogs.names().filter((script) => {
    const compiled = bot.dialogs.get(script);
    return compiled !== undefined && webhookOf(compiled) === wanted;
  });
}

/** The scripts with an `ON FORM SUBMIT "form"` block, and whether it asked for validation. */
export function formScripts(bot: ScriptBot, form: string): { script: string; validation: boolean }[] {
  return bot.dialogs.names().flatMap((script) => {
    const compiled = bot.dialogs.get(script);
    const handler = compiled && formHandlerOf(compiled, form);
    return handler ? [{ script, validation: handler.validation }] : [];
  });
}

/**
 * The endpoint names more than one script of the bot declares, worded for the log: checked when
 * the bot loads (service-bots.ts), since such an endpoint answers no request.
 */
export function endpointConflicts(bot: Pick<ScriptBot, 'dialogs'>): string[] {
  const webhooks = new Map<string, string[]>();
  const forms = new Map<string, string[]>();
  for (const script of bot.dialogs.names()) {
    const compiled = bot.dialogs.get(script);
    if (!compiled) continue;
    const name = webhookOf(compiled);
    if (name !== undefined) webhooks.set(name, [...(webhooks.get(name) ?? []), script]);
    for (const form of formsOf(compiled)) forms.set(form, [...(forms.get(form) ?? []), script]);
  }
  const clashes = (kind: string, names: Map<string, string[]>) => [...names]
    .filter(([, scripts]) => scripts.length > 1)
    .map(([name, scripts]) => `${kind} "${name}" is declared by ${scripts.map((s) => `${s}.bas`).join(' and ')}: it answers no request until one is renamed`);
  return [...clashes('WEBHOOK', webhooks), ...clashes('ON FORM SUBMIT', forms)];
}
