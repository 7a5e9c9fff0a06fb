import {
  compileScript, resumeDialog, startDialog,
  type CompiledScript, type DialogState, type Effect, type EffectHost, type ScriptLibrary, type TurnLimits, type TurnResult, type Value,
} from '../../basic-interpreter/index.js';
import type {
  BinaryOp, CommandKeyword, Expr, HearSpec, Loc, ParamDecl, Procedure, Program, Stmt, Target, ValueKeyword,
} from '../../basic-interpreter/parser/index.js';

/**
 * Small builders for ASTs, so VM and compiler tests do not need the parser, plus a library of
 * compiled scripts and a host that records effects. Test support only.
 *
 * Plain JS numbers, strings, booleans and null stand for literals; `v("x")` is a variable.
 */

export type E = Expr | number | string | boolean | null;

const at = (line = 1): Loc => ({ line, column: 1 });

export function ex(e: E): Expr {
  if (e === null) return { kind: 'null', loc: at() };
  if (typeof e === 'number') return { kind: 'number', value: e, loc: at() };
  if (typeof e === 'string') return { kind: 'string', parts: [e], loc: at() };
  if (typeof e === 'boolean') return { kind: 'boolean', value: e, loc: at() };
  return e;
}

export const v = (name: string): Expr => ({ kind: 'variable', name, loc: at() });
/** "Hello ${name}!" is `interp("Hello ", v("name"), "!")`. */
export const interp = (...parts: (string | Expr)[]): Expr => ({ kind: 'string', parts, loc: at() });
export const arr = (...items: E[]): Expr => ({ kind: 'array', items: items.map(ex), loc: at() });
export const obj = (entries: Record<string, E>): Expr => ({
  kind: 'object',
  entries: Object.entries(entries).map(([key, value]) => ({ key, value: ex(value) })),
  loc: at(),
});
export const mem = (object: E, name: string): Expr & Target => ({ kind: 'member', object: ex(object), name, loc: at() });
export const idx = (object: E, index: E): Expr & Target => ({ kind: 'index', object: ex(object), index: ex(index), loc: at() });
export const bin = (op: BinaryOp, left: E, right: E): Expr => ({ kind: 'binary', op, left: ex(left), right: ex(right), loc: at() });
export const neg = (operand: E): Expr => ({ kind: 'unary', op: '-', operand: ex(operand), loc: at() });
export const not = (operand: E): Expr => ({ kind: 'unary', op: 'NOT', operand: ex(operand), loc: at() });
export const call = (name: string, ...args: E[]): Expr => ({ kind: 'call', name, args: args.map(ex), loc: at() });
export const kw = (keyword: ValueKeyword, ...args: E[]): Expr => ({ kind: 'keyword', keyword, args: args.map(ex), loc: at() });

// ---------------------------------------------------------------- statements

/** Puts a statement and its expressions (not its nested statements) on line `n`. */
export function line<S extends Stmt>(n: number, stmt: S): S {
  const relocate = (node: unknown, key = ''): unknown => {
    if (key === 'body' || key === 'elseBody') return node;
    if (Array.isArray(node)) return node.map((item) => relocate(item));
    if (typeof node !== 'object' || node === null) return node;
    const out: Record<string, unknown> = {};
    for (const [k, value] of Object.entries(node)) out[k] = k === 'loc' ? at(n) : relocate(value, k);
    return out;
  };
  return relocate(stmt) as S;
}

/** Puts statements on lines 1, 2, 3… in order (nested bodies keep their own lines). */
export function lines(...stmts: Stmt[]): Stmt[] {
  return stmts.map((s, i) => line(i + 1, s));
}

export const set = (target: string | Target, value: E): Stmt => ({
  kind: 'assign',
  target: typeof target === 'string' ? { kind: 'variable', name: target, loc: at() } : target,
  value: ex(value),
  loc: at(),
});
export const talk = (value: E): Stmt => ({ kind: 'talk', value: ex(value), loc: at() });
export const hear = (variable: string, as?: HearSpec): Stmt => ({ kind: 'hear', variable, ...(as ? { as } : {}), loc: at() });
export const asType = (type: string): HearSpec => ({ kind: 'type', type });
export const asMenu = (...options: E[]): HearSpec => ({ kind: 'menu', options: options.map(ex) });
export const iff = (condition: E, body: Stmt[], elseBody: Stmt[] = []): Stmt => ({ kind: 'if', branches: [{ condition: ex(condition), body }], elseBody, loc: at() });
export const ifs = (branches: [E, Stmt[]][], elseBody: Stmt[] = []): Stmt => ({
  kind: 'if',
  branches: branches.map(([condition, body]) => ({ condition: ex(condition), body })),
  elseBody,
  loc: at(),
});
export const forTo = (variable: string, from: E, to: E, body: Stmt[], step?: E): Stmt => ({
  kind: 'for', variable, from: ex(from), to: ex(to), ...(step !== undefined ? { step: ex(step) } : {}), body, loc: at(),
});
export const forEach = (variable: string, list: E, body: Stmt[]): Stmt => ({ kind: 'for_each', variable, list: ex(list), body, loc: at() });

type LoopStmt = Extract<Stmt, { kind: 'loop' }>;
const loop = (loopKind: LoopStmt['loop'], test: LoopStmt['test'], mode: LoopStmt['mode'], condition: E | undefined, body: Stmt[]): Stmt => ({
  kind: 'loop', loop: loopKind, test, mode, ...(condition !== undefined ? { condition: ex(condition) } : {}), body, loc: at(),
});
export const whileWend = (condition: E, body: Stmt[]) => loop('while', 'before', 'while', condition, body);
export const doWhile = (condition: E, body: Stmt[]) => loop('do', 'before', 'while', condition, body);
export const doUntil = (condition: E, body: Stmt[]) => loop('do', 'before', 'until', condition, body);
export const loopWhile = (body: Stmt[], condition: E) => loop('do', 'after', 'while', condition, body);
export const loopUntil = (body: Stmt[], condition: E) => loop('do', 'after', 'until', condition, body);
export const doLoop = (body: Stmt[]) => loop('do', 'none', 'while', undefined, body);

export const exit = (what: Extract<Stmt, { kind: 'exit' }>['what']): Stmt => ({ kind: 'exit', what, loc: at() });
export const select = (subject: E, cases: [E[], Stmt[]][], elseBody: Stmt[] = []): Stmt => ({
  kind: 'select', subject: ex(subject), cases: cases.map(([values, body]) => ({ values: values.map(ex), body })), elseBody, loc: at(),
});
export const callStmt = (name: string, ...args: E[]): Stmt => ({ kind: 'call', name, args: args.map(ex), loc: at() });
export const ret = (value?: E): Stmt => ({ kind: 'return', ...(value !== undefined ? { value: ex(value) } : {}), loc: at() });
export const wait = (seconds: E): Stmt => ({ kind: 'wait', seconds: ex(seconds), loc: at() });
export const save = (table: E, ...fields: E[]): Stmt => ({ kind: 'save', table: ex(table), fields: fields.map(ex), loc: at() });
export const cmd = (keyword: CommandKeyword, ...args: E[]): Stmt => ({ kind: 'command', keyword, args: args.map(ex), loc: at() });

// ---------------------------------------------------------------- programs

export const sub = (name: string, params: string[], body: Stmt[]): Procedure => ({ kind: 'sub', name, params, body, loc: at() });
export const fn = (name: string, params: string[], body: Stmt[]): Procedure => ({ kind: 'function', name, params, body, loc: at() });
export const param = (name: string, type: string, extra: { like?: E; description?: string } = {}): ParamDecl => ({
  name, type, ...(extra.like !== undefined ? { like: ex(extra.like) } : {}), ...(extra.description !== undefined ? { description: extra.description } : {}), loc: at(),
});

export function program(file: string, body: Stmt[], extra: Partial<Omit<Program, 'file' | 'body'>> = {}): Program {
  return { file, body, procedures: extra.procedures ?? [], params: extra.params ?? [], triggers: extra.triggers ?? [], forms: [], ...(extra.description ? { description: extra.description } : {}) };
}

/** A library of programs compiled now; `source` (for the hash) defaults to the program's JSON. */
export class TestLibrary implements ScriptLibrary {
  readonly scripts = new Map<string, CompiledScript>();

  constructor(...programs: Program[]) {
    for (const p of programs) this.add(p);
  }

  add(p: Program, source = JSON.stringify(p)): this {
    const script = compileScript(p, source);
    this.scripts.set(script.name, script);
    return this;
  }

  get(name: string): CompiledScript | undefined {
    return this.scripts.get(name);
  }
}

/** Records every effect and answers from `answers` (by effect type), else NULL. */
export class RecordingHost implements EffectHost {
  readonly effects: Effect[] = [];

  constructor(private readonly answers: Partial<Record<Effect['type'], (effect: Effect) => Value | Promise<Value>>> = {}) {}

  async perform(effect: Effect): Promise<Value> {
    this.effects.push(effect);
    const answer = this.answers[effect.type];
    return answer ? answer(effect) : null;
  }
}

// ---------------------------------------------------------------- conversations

/** Options of {@link converse}. */
export interface ConverseOptions {
  inputs?: string[];
  /** Round-trip the state through JSON and recompile the scripts before every resume. */
  fresh?: boolean;
  host?: EffectHost;
  variables?: Record<string, Value>;
  now?: () => Date;
  limits?: Partial<TurnLimits>;
}

/**
 * Plays a dialog to its end (or until the inputs run out) and returns it as transcript lines:
 * `< said`, `> answered`, `= sleeping 30`, `= waiting`, `= done value`, `= error message`.
 */
export async function converse(programs: Program[], entry: string, options: ConverseOptions = {}): Promise<string[]> {
  const inputs = [...(options.inputs ?? [])];
  const now = options.now ?? (() => new Date('2026-03-10T12:00:00Z'));
  const run = { host: options.host ?? new RecordingHost(), now, ...(options.limits ? { limits: options.limits } : {}) };
  let library: ScriptLibrary = new TestLibrary(...programs);
  const lines: string[] = [];
  let result: TurnResult = await startDialog({ ...run, library, entry, ...(options.variables ? { variables: options.variables } : {}) });
  for (;;) {
    if (result.notice) lines.push(`! ${result.notice}`);
    for (const o of result.outputs) lines.push(`< ${o.text}${o.suggestions ? ` [${o.suggestions.map((s) => `${s.key}:${s.label}`).join('|')}]` : ''}`);
    if (result.status === 'done') return [...lines, `= done${result.value === null ? '' : ` ${JSON.stringify(result.value)}`}`];
    if (result.status === 'error') return [...lines, `= error ${result.error.message}`];
    if (options.fresh) library = new TestLibrary(...programs);
    const state = options.fresh ? (JSON.parse(JSON.stringify(result.state)) as DialogState) : result.state;
    if (result.status === 'sleeping') {
      lines.push(`= sleeping ${(Date.parse(result.resume_at) - now().getTime()) / 1000}`);
      result = await resumeDialog({ ...run, library, state });
      continue;
    }
    const input = inputs.shift();
    if (input === undefined) return [...lines, '= waiting'];
    lines.push(`> ${input}`);
    result = await resumeDialog({ ...run, library, state, input });
  }
}
