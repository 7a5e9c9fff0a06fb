import type { TableEvent } from '../parser/index.js';
import { isScript, type CompiledScript } from '../vm/index.js';

/**
 * Whether `script` declared `ON <event> OF "<table>"` (docs/basic.md, "Event handlers"): the host
 * asks after each change of a bot table, to know which scripts to run for it. The table name is
 * compared as tables are kept, case-insensitively.
 */
export function handlesTableEvent(script: CompiledScript, event: TableEvent, table: string): boolean {
  if (!isScript(script)) return false;
  const name = table.toLowerCase();
  return script.triggers.some((t) => t.event === event && t.table === name);
}
