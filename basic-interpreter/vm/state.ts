import type { DialogState, ScriptLibrary, Suggestion } from './dialog.js';
import { isObjectValue, type Value } from '../values.js';
import type { Frame, Machine } from './machine.js';
import { isScript, type Script } from './script.js';
import { cloneValue } from './operators.js';

/**
 * A suspended dialog as JSON, and back. Frames are saved by script name, content hash, procedure
 * name and program counter, with their variables by name and their live temporaries; constants
 * are not saved (they come back from the compiled code). A frame whose script's hash differs from
 * the library's current version cannot be resumed: the caller restarts the dialog.
 *
 * Shape (all plain JSON):
 * ```
 * { version: 1, vm: 1, entry, variables, status: 'waiting'|'sleeping',
 *   frames: [{ script, hash, size, proc, pc, dst, vars: {name: value}, temps: [] }],
 *   headers, suggestions, hear_tries, counters: { steps, http_calls, output_chars } }
 * ```
 */

/** Bumped whenever the instruction set or register layout changes, so old states restart instead of misbehaving. */
export const VM_VERSION = 1;

interface FrameState {
  script: string;
  hash: string;
  /** Instructions in the script: a different compiler gives a different count, and the pc would mean nothing. */
  size: number;
  proc: string | null;
  pc: number;
  dst: number;
  vars: { [name: string]: Value };
  temps: Value[];
}

/** The JSON a suspended dialog is saved as (what `DialogState` holds). */
export interface SavedState {
  version: 1;
  vm: number;
  entry: string;
  variables: { [name: string]: Value };
  status: 'waiting' | 'sleeping';
  frames: FrameState[];
  headers: { [name: string]: string };
  suggestions: Suggestion[];
  hear_tries: number;
  counters: { steps: number; http_calls: number; output_chars: number };
  /** SET MAX LINES, when the dialog set it. */
  max_lines?: number;
}

function saveFrame(frame: Frame): FrameState {
  const { unit, regs } = frame;
  const vars: { [name: string]: Value } = {};
  unit.varNames.forEach((name, i) => {
    const value = regs[i]!;
    if (value !== null) vars[name] = value;
  });
  return {
    script: frame.script.name,
    hash: frame.script.hash,
    size: frame.script.code.length,
    proc: unit.kind === 'top' ? null : unit.name,
    pc: frame.pc,
    dst: frame.dst,
    vars,
    temps: regs.slice(unit.tempStart, Math.max(unit.tempStart, frame.live)),
  };
}

/** The machine as JSON, waiting on HEAR or sleeping after WAIT. */
export function saveState(m: Machine, status: SavedState['status']): DialogState {
  const state: SavedState = {
    version: 1,
    vm: VM_VERSION,
    entry: m.options.entry,
    variables: m.options.variables,
    status,
    frames: m.frames.map(saveFrame),
    headers: m.headers,
    suggestions: m.suggestions,
    hear_tries: m.hearTries,
    counters: { steps: m.steps, http_calls: m.httpCalls, output_chars: m.outputChars },
    ...(m.maxLines === undefined ? {} : { max_lines: m.maxLines }),
  };
  return state as unknown as DialogState;
}

/** The saved state's own fields, checked enough to run; undefined when it is not a state this VM wrote. */
export function readState(state: DialogState): SavedState | undefined {
  const s = state as unknown as Partial<SavedState>;
  if (s.version !== 1 || typeof s.entry !== 'string' || !Array.isArray(s.frames) || s.frames.length === 0) return undefined;
  if (!isObjectValue((s.variables ?? null) as Value)) return undefined;
  return s as SavedState;
}

/**
 * How many answers the HEAR a dialog waits on has refused so far (0 when none). Hosts watch it
 * to notice an answer that did not pass validation: only the last refusal becomes an effect
 * (`hear.failed`).
 */
export function refusedAnswers(state: DialogState): number {
  const tries = (state as { hear_tries?: unknown }).hear_tries;
  return typeof tries === 'number' ? tries : 0;
}

/** The script whose frame cannot be resumed (changed, gone, or saved by another VM version), if any. */
export function changedScript(saved: SavedState, library: ScriptLibrary): string | undefined {
  if (saved.vm !== VM_VERSION) return saved.entry;
  for (const f of saved.frames) {
    const script = library.get(f.script);
    if (!script || !isScript(script) || script.hash !== f.hash || script.code.length !== f.size) return f.script;
    const unit = f.proc === null ? script.units[0] : script.units[script.procedures.get(f.proc) ?? -1];
    if (!unit || !Number.isInteger(f.pc) || f.pc < 0 || f.pc >= script.code.length) return f.script;
  }
  return undefined;
}

/** Rebuilds the machine's frames and dialog state; call `changedScript` first. */
export function restoreState(m: Machine, saved: SavedState): void {
  for (const f of saved.frames) {
    const script = m.options.library.get(f.script) as Script;
    const unit = f.proc === null ? script.units[0]! : script.units[script.procedures.get(f.proc)!]!;
    const regs = unit.template.slice();
    for (const [name, value] of Object.entries(f.vars)) {
      const reg = unit.varIndex.get(name);
      if (reg !== undefined) regs[reg] = cloneValue(value);
    }
    f.temps.forEach((value, i) => {
      regs[unit.tempStart + i] = cloneValue(value);
    });
    const below = m.frames.findLast((frame) => frame.unit.kind === 'top');
    const mod = unit.kind === 'top' || !below ? regs : below.mod;
    m.frames.push({ script, unit, pc: f.pc, regs, mod, dst: f.dst, live: unit.tempStart + f.temps.length });
  }
  m.headers = { ...saved.headers };
  m.suggestions = [...(saved.suggestions ?? [])];
  m.hearTries = saved.hear_tries ?? 0;
  if (typeof saved.max_lines === 'number') m.maxLines = saved.max_lines;
}
