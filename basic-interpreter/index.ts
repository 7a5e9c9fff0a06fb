/**
 * The BASIC interpreter: parse and compile `.bas` scripts, run dialogs that suspend on HEAR and
 * WAIT as plain JSON, and the pieces a host is built from. Pure: effects go out through the
 * EffectHost the caller passes in; nothing here knows about HTTP servers, sessions or attendants.
 */
export type { Program } from './ast.js';
export type { Value, ObjectValue } from './values.js';
export type { Effect, EffectBody, EffectHost } from './effects.js';
export {
  DEFAULT_TURN_LIMITS,
  type CompiledScript,
  type DialogState,
  type Output,
  type ResumeOptions,
  type ScriptLibrary,
  type StartOptions,
  type Suggestion,
  type TurnLimits,
  type TurnResult,
} from './dialog.js';
export { parse } from './parse.js';
export { formatParseError } from './parse-errors.js';
export { compileScript } from './compiler.js';
export { loadScript, type LoadResult } from './load-script.js';
export { ScriptFolder, type ProblemListener } from './script-folder.js';
export { startDialog, resumeDialog } from './run-dialog.js';
export { refusedAnswers } from './vm-state.js';
export { toolSchema } from './tool-schema.js';
export { createStandardHost, type ConversationEffect, type StandardHostParts } from './standard-host.js';
export * from './host/index.js';
export { turnLimitsFrom, type TurnLimitSettings } from './turn-limits.js';
