import type { IndexDecl, TableDecl } from '../parser/index.js';
import { isScript, type CompiledScript } from '../vm/index.js';

/**
 * What a compiled script declares for its bot: the HTTP entry points (docs/basic.md, "Webhooks and forms"): the
 * host asks, to find the script behind `/api/{bot}/webhook/{name}` and `/api/{bot}/forms/{form}`.
 */

/** The endpoint name of the script's `WEBHOOK "name"` (lower-case), if it declares one. */
export function webhookOf(script: CompiledScript): string | undefined {
  return isScript(script) ? script.webhook : undefined;
}

/** The script's `ON FORM SUBMIT "form"` block (name compared lower-case), if it has one. */
export function formHandlerOf(script: CompiledScript, form: string): { validation: boolean } | undefined {
  if (!isScript(script)) return undefined;
  const handler = script.forms.find((f) => f.form === form.toLowerCase());
  return handler && { validation: handler.validation };
}

/** The forms the script's `ON FORM SUBMIT` blocks handle (lower-case). */
export function formsOf(script: CompiledScript): string[] {
  return isScript(script) ? script.forms.map((f) => f.form) : [];
}

/** The `TABLE` blocks and `CREATE INDEX` lines the script declares (docs/basic.md, "Table definitions"). */
export function tablesOf(script: CompiledScript): { tables: readonly TableDecl[]; indexes: readonly IndexDecl[] } {
  return isScript(script) ? { tables: script.tables, indexes: script.indexes } : { tables: [], indexes: [] };
}
