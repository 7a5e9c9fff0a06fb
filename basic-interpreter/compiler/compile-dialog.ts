import { hearTypes } from '../keywords/index.js';
import type { Stmt } from '../parser/index.js';
import { Op, type HearSpec } from '../vm/index.js';
import { compileKeyword, exprInto, operand } from './compile-expr.js';
import type { UnitBuilder } from './compile-unit.js';

/** The dialog statements: HEAR (with its check), SAVE, and keyword commands (effects and VM state). */

type StmtOf<K extends Stmt['kind']> = Extract<Stmt, { kind: K }>;

/** SAVE "table", a, b: columns are named after the variables (or members); other expressions are fieldN. */
export function compileSave(u: UnitBuilder, s: StmtOf<'save'>): void {
  const base = u.temps(1 + s.fields.length);
  [s.table, ...s.fields].forEach((e, i) => exprInto(u, e, base + i));
  const columns = s.fields.map((f, i) => (f.kind === 'variable' || f.kind === 'member' ? f.name : `field${i + 1}`));
  u.emit(Op.Save, 0, base, 1 + s.fields.length, u.script.addAux(columns), s.loc.line);
}

/** HEAR x [AS TYPE | AS "a", "b"]: the check is resolved now; an unknown type is a diagnostic. */
export function compileHear(u: UnitBuilder, s: StmtOf<'hear'>): void {
  const line = s.loc.line;
  const target = u.writeTarget(s.variable);
  const spec: HearSpec = { variable: s.variable, menu: s.as?.kind === 'menu' };
  let options = -1;
  if (s.as?.kind === 'type') {
    const check = Object.hasOwn(hearTypes, s.as.type) ? hearTypes[s.as.type] : undefined;
    if (!check) return u.fail(`unknown HEAR type ${s.as.type} (known: ${Object.keys(hearTypes).join(', ')})`, line);
    spec.type = s.as.type;
    spec.check = check;
  } else if (s.as?.kind === 'menu') {
    options = u.temp();
    const base = u.temps(s.as.options.length);
    s.as.options.forEach((e, i) => exprInto(u, e, base + i));
    u.emit(Op.MakeArray, options, base, s.as.options.length, 0, line);
    u.release(base);
  }
  u.emit(Op.Hear, target.reg, options, u.script.addAux(spec), u.mark(), line);
  u.storeBack(target, line);
}

/** Keyword statements: header and suggestion keywords change VM state; the rest are effects. */
export function compileCommand(u: UnitBuilder, s: StmtOf<'command'>): void {
  const line = s.loc.line;
  const arg = (i: number) => (s.args[i] ? operand(u, s.args[i]) : u.constReg(null, line));
  if (s.keyword === 'set_header') {
    const name = arg(0);
    u.emit(Op.SetHeader, name, arg(1), 0, 0, line);
  } else if (s.keyword === 'add_suggestion') {
    const key = arg(0);
    u.emit(Op.AddSuggestion, key, s.args.length > 1 ? arg(1) : key, 0, 0, line);
  } else if (s.keyword === 'clear_headers' || s.keyword === 'clear_suggestions') {
    u.emit(s.keyword === 'clear_headers' ? Op.ClearHeaders : Op.ClearSuggestions, 0, 0, 0, 0, line);
  } else {
    compileKeyword(u, s.keyword, s.args, u.temp(), line);
  }
}
