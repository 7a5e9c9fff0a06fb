/**
 * The resumable VM: running a dialog turn by turn (run-dialog.ts) with its limits, saving it as
 * JSON between turns (state.ts), and the public types of a run (dialog.ts). The instruction set
 * (instructions.ts) and the compiled form (script.ts) are exported for the compiler, which
 * targets them.
 */
export {
  DEFAULT_TURN_LIMITS,
  type CompiledScript, type DialogState, type Output, type ResumeOptions, type RunOptions, type ScriptLibrary,
  type StartOptions, type Suggestion, type TurnLimits, type TurnResult, type WaitingFor,
} from './dialog.js';
export { startDialog, resumeDialog } from './run-dialog.js';
export { refusedAnswers } from './state.js';
export { turnLimitsFrom, type TurnLimitSettings } from './turn-limits.js';
export { Op, OPERANDS, disassemble, instr, opName, type Instr, type OpCode } from './instructions.js';
export { isAccountPath, isScript, type AuxEntry, type Diagnostic, type EventWatch, type FolderEvent, type FormHandler, type HearSpec, type ParamInfo, type Script, type TableTrigger, type Unit } from './script.js';
