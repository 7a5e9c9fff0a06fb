/**
 * AST → the VM's register code (compiler.ts and compile-*.ts), and the two things built on a
 * compiled script: loading a source with every error as a value (load-script.ts) and its
 * description as an LLM tool (tool-schema.ts).
 */
export { compileScript } from './compiler.js';
export { loadScript, type LoadResult } from './load-script.js';
export { toolSchema, type ToolSchema, type ToolParameterSchema } from './tool-schema.js';
