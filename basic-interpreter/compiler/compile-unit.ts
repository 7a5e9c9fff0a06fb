import type { Value } from '../values.js';
import { instr, Op, type AuxEntry, type Diagnostic, type Instr, type OpCode, type Unit } from '../vm/index.js';

/**
 * The compiler's bookkeeping: one ScriptBuilder per .bas file (code, aux table, diagnostics) and
 * one UnitBuilder per top level or procedure (register allocation, constants, loop exits).
 */

/** What the compiler knows about a procedure before compiling any body (they are hoisted). */
export interface ProcRef {
  unit: number;
  kind: 'sub' | 'function';
  params: number;
}

/** Where a variable name lives, seen from one unit. */
export type VarRef =
  | { kind: 'reg'; reg: number }
  | { kind: 'module'; slot: number }
  | { kind: 'proc'; proc: ProcRef }
  | { kind: 'now' | 'today' };

/** Code, aux table and diagnostics shared by all units of one script. */
export class ScriptBuilder {
  readonly code: Instr[] = [];
  readonly aux: AuxEntry[] = [];
  readonly diagnostics: Diagnostic[] = [];

  constructor(
    readonly file: string,
    readonly procs: ReadonlyMap<string, ProcRef>,
    /** Module variable → register of the top-level frame. */
    readonly moduleIndex: ReadonlyMap<string, number>,
  ) {}

  addAux(entry: AuxEntry): number {
    this.aux.push(entry);
    return this.aux.length - 1;
  }
}

/** Where a statement writes a variable: a register, plus the module slot to store it back to when not one of ours. */
export interface WriteTarget {
  reg: number;
  slot?: number;
}

interface LoopContext {
  kind: 'for' | 'do' | 'while';
  exits: number[];
}

/** Identity of a scalar constant: 1 and "1" and true are different constants. */
function constKey(value: Value): string {
  if (typeof value === 'number') return Object.is(value, -0) ? 'n:-0' : `n:${value}`;
  return `${typeof value}:${String(value)}`;
}

/** Register allocation, constants, jumps and loop exits of one unit (top level or procedure). */
export class UnitBuilder {
  readonly varIndex: Map<string, number>;
  private readonly constIndex = new Map<string, number>();
  private readonly template: Value[];
  readonly tempStart: number;
  private top: number;
  private maxTop: number;
  readonly loops: LoopContext[] = [];
  readonly entry: number;

  constructor(
    readonly script: ScriptBuilder,
    readonly kind: Unit['kind'],
    readonly name: string,
    readonly varNames: readonly string[],
    readonly paramCount: number,
    consts: readonly Value[],
  ) {
    this.varIndex = new Map(varNames.map((n, i) => [n, i]));
    this.template = varNames.map(() => null);
    for (const value of consts) {
      const key = constKey(value);
      if (this.constIndex.has(key)) continue;
      this.constIndex.set(key, this.template.length);
      this.template.push(value);
    }
    this.tempStart = this.template.length;
    this.top = this.maxTop = this.tempStart;
    this.entry = script.code.length;
  }

  get code(): Instr[] {
    return this.script.code;
  }

  emit(op: OpCode, a: number, b: number, c: number, d: number, line: number): number {
    this.script.code.push(instr(op, a, b, c, d, line));
    return this.script.code.length - 1;
  }

  here(): number {
    return this.script.code.length;
  }

  /** Points the jumps (their `d`) at `target`, by default the next instruction. */
  patch(jumps: readonly number[], target = this.here()): void {
    for (const at of jumps) this.script.code[at]!.d = target;
  }

  /** Register holding a preloaded constant, or a temporary loaded with it. */
  constReg(value: Value, line: number): number {
    const reg = this.constIndex.get(constKey(value));
    if (reg !== undefined) return reg;
    const t = this.temp();
    this.emit(Op.LoadConst, t, this.script.addAux({ kind: 'const', value }), 0, 0, line);
    return t;
  }

  temp(): number {
    const reg = this.top++;
    if (this.top > this.maxTop) this.maxTop = this.top;
    return reg;
  }

  /** `n` consecutive temporaries; returns the first. */
  temps(n: number): number {
    const base = this.top;
    for (let i = 0; i < n; i++) this.temp();
    return base;
  }

  mark(): number {
    return this.top;
  }

  release(mark: number): void {
    this.top = mark;
  }

  isTemp(reg: number): boolean {
    return reg >= this.tempStart;
  }

  resolve(name: string): VarRef {
    const reg = this.varIndex.get(name);
    if (reg !== undefined) return { kind: 'reg', reg };
    const slot = this.script.moduleIndex.get(name);
    if (slot !== undefined && this.kind !== 'top') return { kind: 'module', slot };
    const proc = this.script.procs.get(name);
    if (proc) return { kind: 'proc', proc };
    if (name === 'now' || name === 'today') return { kind: name };
    throw new Error(`compiler: variable "${name}" was not found by scope analysis`);
  }

  /** Where a statement stores into a variable: its register, or a temporary written back to the module (`storeBack`). */
  writeTarget(name: string): WriteTarget {
    const reg = this.varIndex.get(name);
    if (reg !== undefined) return { reg };
    const slot = this.script.moduleIndex.get(name);
    if (slot === undefined) throw new Error(`compiler: no slot for "${name}"`);
    return { reg: this.temp(), slot };
  }

  storeBack(target: WriteTarget, line: number): void {
    if (target.slot !== undefined) this.emit(Op.StoreModule, target.slot, target.reg, 0, 0, line);
  }

  /** Records a problem and compiles it as a runtime error at this spot. */
  fail(message: string, line: number): void {
    this.script.diagnostics.push({ message, line });
    this.emit(Op.Throw, 0, 0, 0, this.script.addAux(message), line);
  }

  finish(): Unit {
    const template = this.template.slice();
    while (template.length < this.maxTop) template.push(null);
    return {
      kind: this.kind,
      name: this.name,
      entry: this.entry,
      paramCount: this.paramCount,
      varNames: this.varNames,
      varIndex: this.varIndex,
      template,
      tempStart: this.tempStart,
    };
  }
}
