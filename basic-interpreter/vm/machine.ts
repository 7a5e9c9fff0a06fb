import type { Output, OutputFile, ScriptLibrary, Suggestion, TurnLimits } from './dialog.js';
import type { Effect, EffectBody, EffectHost } from '../host/index.js';
import type { HearAttachment, HearPrompt } from '../keywords/index.js';
import type { Value } from '../values.js';
import { cloneValue, ScriptError } from './operators.js';
import type { HearSpec, Script, Unit } from './script.js';

/**
 * The VM's working state during one turn. Everything that outlives the turn is written out by
 * state.ts as plain JSON; the rest (host, clock, counters' deadlines) is rebuilt per turn.
 */

/** One activation: a script's top level or one of its procedures. */
export interface Frame {
  readonly script: Script;
  readonly unit: Unit;
  /** Next instruction (while waiting on HEAR: the Hear itself). */
  pc: number;
  regs: Value[];
  /** Registers of the script-level frame this frame's module variables live in (its own for a top level). */
  mod: Value[];
  /** Register of the calling frame that receives the returned value; -1 for the entry script. */
  readonly dst: number;
  /** While this frame waits (on a call, HEAR or WAIT), its temporaries below this register are live. */
  live: number;
}

/** Why the instruction loop stopped. */
export type Signal =
  /**
   * `sends`: the effect answers a link `{url, name}` the customer receives as a file with this caption (SEND FILE).
   * `hears`: the effect checks a HEAR's answer; its value goes to `Machine.heard` with the re-ask `prompt` (vm/hear.ts).
   */
  | { kind: 'effect'; effect: Effect; dst: number; sends?: { caption: string }; hears?: { prompt: HearPrompt } }
  | { kind: 'hear'; spec: HearSpec; options?: Suggestion[] }
  | { kind: 'wait'; seconds: number }
  | { kind: 'done'; value: Value; variables?: Record<string, Value> };

/** A runtime error with its place in the script. */
export class ScriptFailure extends Error {
  override readonly name = 'ScriptFailure';
  constructor(
    readonly text: string,
    readonly file: string,
    readonly line: number,
  ) {
    super(`${file}:${line}: ${text} (line ${line})`);
  }
}

/** Turns anything thrown while running `line` of `file` into a ScriptFailure. */
export function locate(error: unknown, file: string, line: number): ScriptFailure {
  if (error instanceof ScriptFailure) return error;
  const text = error instanceof Error ? error.message : String(error);
  return new ScriptFailure(text, file, line);
}

/** The named variables of a script's top-level frame (at the end of a run). */
export function topLevelVariables(frame: Frame): Record<string, Value> {
  const variables: Record<string, Value> = {};
  frame.unit.varNames.forEach((name, i) => {
    variables[name] = frame.regs[i] ?? null;
  });
  return variables;
}

/** Deepest call chain (procedures and scripts) before a runtime error. */
export const MAX_CALL_DEPTH = 5_000;
/** How often (in counted steps) the wall clock is looked at. */
const CHECK_EVERY = 20_000;

/** What a machine is given for one turn. */
export interface MachineOptions {
  library: ScriptLibrary;
  host: EffectHost;
  limits: TurnLimits;
  now: () => Date;
  /** Name of the entry script. */
  entry: string;
  /** Built-in variables given at start; every script frame sees them. */
  variables: Record<string, Value>;
  /** The `done` signal carries the entry script's top-level variables. */
  keepVariables?: boolean;
  /** RunOptions.hearPrompt. */
  hearPrompt?: (prompt: HearPrompt) => string;
}

/** The state of one turn: call frames, outputs, headers, suggestions, HEAR strikes and the limit counters. */
export class Machine {
  readonly frames: Frame[] = [];
  readonly outputs: Output[] = [];
  headers: Record<string, string> = {};
  suggestions: Suggestion[] = [];
  hearTries = 0;
  /** The customer's answer, until a HEAR takes it. */
  input: string | undefined;
  /** The files the customer's answer carries (HEAR's media types read them). */
  inputAttachments: readonly HearAttachment[] = [];
  /** The host's answer to a HEAR check's effect, until the HEAR runs again and takes it (within one turn). */
  heard: { value: Value; prompt: HearPrompt } | undefined;
  notice: string | undefined;
  /** SET MAX LINES: the most rows a FIND gives, for the rest of the dialog. */
  maxLines: number | undefined;
  /** TIMEOUT: when (ms after the turn started) this turn must have ended. */
  private timeout: { seconds: number; at: number } | undefined;
  steps = 0;
  httpCalls = 0;
  outputChars = 0;
  /** Step count at which `checkLimits` runs next. */
  checkAt: number;
  readonly ctx: { now(): Date; hearPrompt?: (prompt: HearPrompt) => string };
  private readonly startedAt = Date.now();

  constructor(readonly options: MachineOptions) {
    this.ctx = { now: options.now, ...(options.hearPrompt ? { hearPrompt: options.hearPrompt } : {}) };
    this.checkAt = Math.min(CHECK_EVERY, options.limits.maxSteps + 1);
  }

  get limits(): TurnLimits {
    return this.options.limits;
  }

  /** Starts `script`'s top level: built-in variables, then PARAMs from `args`. */
  pushScript(script: Script, args: readonly Value[], dst: number): Frame {
    const unit = script.units[0]!;
    if (args.length > script.params.length) {
      throw new ScriptError(`script ${script.name} takes ${script.params.length} argument${script.params.length === 1 ? '' : 's'}, got ${args.length}`);
    }
    if (this.frames.length >= MAX_CALL_DEPTH) throw new ScriptError(`calls nested deeper than ${MAX_CALL_DEPTH} (endless recursion?)`);
    const regs = unit.template.slice();
    for (const [name, value] of Object.entries(this.options.variables)) {
      const reg = unit.varIndex.get(name);
      if (reg !== undefined) regs[reg] = cloneValue(value);
    }
    const clock = this.options.now().toISOString();
    const nowReg = unit.varIndex.get('now');
    if (nowReg !== undefined && !Object.hasOwn(this.options.variables, 'now')) regs[nowReg] = clock;
    const todayReg = unit.varIndex.get('today');
    if (todayReg !== undefined && !Object.hasOwn(this.options.variables, 'today')) regs[todayReg] = clock.slice(0, 10);
    args.forEach((arg, i) => {
      regs[unit.varIndex.get(script.params[i]!.name)!] = arg;
    });
    const frame: Frame = { script, unit, pc: unit.entry, regs, mod: regs, dst, live: unit.tempStart };
    this.frames.push(frame);
    return frame;
  }

  /** Throws when the turn has run too many steps or too long; sets the next check point. */
  checkLimits(): void {
    const { maxSteps } = this.limits;
    if (this.steps > maxSteps) throw new ScriptError(`script exceeded ${maxSteps} steps in one turn (possible infinite loop)`);
    this.checkWall();
    this.checkAt = Math.min(this.steps + CHECK_EVERY, maxSteps + 1);
  }

  checkWall(): void {
    const { maxWallMs } = this.limits;
    const elapsed = Date.now() - this.startedAt;
    if (elapsed > maxWallMs) throw new ScriptError(`script ran longer than ${maxWallMs} ms in one turn`);
    if (this.timeout !== undefined && elapsed > this.timeout.at) throw new ScriptError(`script ran past its TIMEOUT ${this.timeout.seconds} (seconds)`);
  }

  /** TIMEOUT seconds: the rest of this turn may run that long at most (never past the turn's own limit). */
  setTimeout(seconds: number): void {
    this.timeout = { seconds, at: Date.now() - this.startedAt + seconds * 1000 };
  }

  /** FIND's rows capped by SET MAX LINES; other effects as they are. */
  capRows(body: EffectBody): EffectBody {
    return body.type === 'table.find' && this.maxLines !== undefined && !body.first ? { ...body, limit: this.maxLines } : body;
  }

  /** One TALK: pending suggestions (or the given ones) go with it. */
  talk(text: string, suggestions?: Suggestion[]): void {
    this.outputChars += text.length;
    if (this.outputChars > this.limits.maxOutputChars) {
      throw new ScriptError(`script output exceeded ${this.limits.maxOutputChars} characters in one turn`);
    }
    const attached = suggestions ?? this.suggestions;
    if (!suggestions) this.suggestions = [];
    this.outputs.push(attached.length > 0 ? { type: 'talk', text, suggestions: attached } : { type: 'talk', text });
  }

  /** SEND FILE: the file goes out in order with the TALKs, its caption as the text. */
  sendFile(file: OutputFile, caption: string): void {
    this.outputs.push({ type: 'talk', text: caption, files: [file] });
  }

  countHttpCall(): void {
    this.httpCalls++;
    if (this.httpCalls > this.limits.maxHttpCalls) {
      throw new ScriptError(`script made more than ${this.limits.maxHttpCalls} HTTP calls in one turn`);
    }
  }

  /** The frame running now. */
  get frame(): Frame {
    return this.frames[this.frames.length - 1]!;
  }
}
