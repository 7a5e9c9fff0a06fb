/**
 * AST → the VM's register code (compiler.ts and compile-*.ts), and the things built on a
 * compiled script: loading a source with every error as a value (load-script.ts), its
 * description as an LLM tool (tool-schema.ts), the table changes it handles (table-triggers.ts),
 * the mail and drive folders it watches (event-watches.ts) and the HTTP entry points it declares
 * (script-endpoints.ts).
 */
export { compileScript } from './compiler.js';
export { loadScript, type LoadResult } from './load-script.js';
export { toolSchema, type ToolSchema, type ToolParameterSchema } from './tool-schema.js';
export { handlesTableEvent } from './table-triggers.js';
export { eventWatches } from './event-watches.js';
export { formHandlerOf, formsOf, tablesOf, webhookOf } from './script-endpoints.js';
