import { convertFunctions } from './functions-convert.js';
import { dateFunctions } from './functions-date.js';
import { formatFunctions } from './functions-format.js';
import { listFunctions } from './functions-list.js';
import { mathFunctions } from './functions-math.js';
import type { BuiltinFunction } from './functions-shared.js';
import { textFunctions } from './functions-text.js';

/**
 * The keyword library the VM calls: built-in functions, HEAR types and menu matching. Wiring
 * only; each family lives in its own file.
 */

export type { BuiltinContext, BuiltinFunction } from './functions-shared.js';
export { BuiltinError } from './functions-shared.js';
export type { HearAttachment, HearResult, HearType } from './hear-types.js';
export { englishPrompt, HEAR_PROMPTS, type HearPrompt, type HearPromptKey } from './hear-prompts.js';
export { hearTypes, isEmailAddress } from './hear-types.js';
export type { HearFileKind } from './hear-files.js';
export { matchMenuOption } from './menu-match.js';
export { parseDueDate } from './due-date.js';
export { scoreLead } from './lead-score.js';
export { chartSvg, CHART_TYPES, defaultChartPath, type ChartType } from './chart-svg.js';

/** Every built-in function, by lower-case name (the language is case-insensitive). */
export const builtinFunctions: Record<string, BuiltinFunction> = {
  ...textFunctions,
  ...mathFunctions,
  ...dateFunctions,
  ...formatFunctions,
  ...listFunctions,
  ...convertFunctions,
};
