/**
 * The BASIC interpreter: parse and compile `.bas` scripts, run dialogs that suspend on HEAR and
 * WAIT as plain JSON, and the pieces a host is built from. Pure: effects go out through the
 * EffectHost the caller passes in; it does no network or file I/O (the script host's side of the host
 * port is script-host/host/). Wiring only; the parts are the folders:
 * parser/ → compiler/ → vm/, with keywords/ (built-in functions, HEAR types) and host/ (the port).
 */
export type { Value, ObjectValue } from './values.js';
/** What a value means as text and as a condition, for hosts that render script values (FILL's document filler). */
export { isTruthy, toText } from './coercion.js';
export { parse, formatParseError, type ParseError, type Program, type TableEvent, type TableDecl, type IndexDecl } from './parser/index.js';
/** The parser's lookahead paths, for a host to keep between processes (script-host/lookahead-cache.ts). */
export { restoreLookaheadSnapshot, takeLookaheadSnapshot, type LookaheadSnapshot } from './parser/index.js';
export { compileScript, eventWatches, formHandlerOf, formsOf, handlesTableEvent, loadScript, tablesOf, webhookOf, toolSchema, type LoadResult, type ToolSchema } from './compiler/index.js';
export {
  DEFAULT_TURN_LIMITS,
  isAccountPath,
  startDialog,
  resumeDialog,
  refusedAnswers,
  turnLimitsFrom,
  type CompiledScript,
  type DialogState,
  type EventWatch,
  type FolderEvent,
  type Output,
  type ResumeOptions,
  type ScriptLibrary,
  type StartOptions,
  type Suggestion,
  type TurnLimits,
  type TurnLimitSettings,
  type TurnResult,
  type WaitingFor,
} from './vm/index.js';
export * from './host/index.js';
export {
  chartSvg, CHART_TYPES, defaultChartPath, englishPrompt, HEAR_PROMPTS, type ChartType, type HearAttachment, type HearFileKind, type HearPrompt, isEmailAddress,
} from './keywords/index.js';
