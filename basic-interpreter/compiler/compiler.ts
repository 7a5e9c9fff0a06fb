import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Procedure, Program, Stmt } from '../parser/index.js';
import { Op, type ParamInfo, type Script, type Unit } from '../vm/index.js';
import { compileBody } from './compile-stmt.js';
import { ScriptBuilder, UnitBuilder, type ProcRef } from './compile-unit.js';
import { collectConsts, constantValue, walkStmts } from './compile-walk.js';
import { collectWatches } from './event-watches.js';

/**
 * Compiles a parsed .bas file to the flat register code the VM runs (see instructions.ts).
 *
 * Scoping is decided here, once, the VB way: every name the top level uses, and every PARAM, is a
 * module variable (a register of the script's top-level frame). Inside a SUB or FUNCTION, its
 * parameters are locals; a name it assigns updates the module variable when the top level
 * assigns that name too (or it is a PARAM), and is a local otherwise; a name it only reads is
 * the module variable. A FUNCTION may also assign its own name to set the value returned at
 * END FUNCTION.
 *
 * `now` and `today` read the clock unless the script assigns them; a bare name that is a
 * procedure of this script (and no variable) calls it.
 *
 * Problems found here (EXIT outside its loop, unknown HEAR type, too many arguments) are listed in
 * `diagnostics` and compiled as runtime errors at their line, so one bad line never stops a bot
 * from loading.
 */
export function compileScript(program: Program, source: string): Script {
  const procs = new Map<string, ProcRef>();
  program.procedures.forEach((p, i) => procs.set(p.name, { unit: i + 1, kind: p.kind, params: p.params.length }));
  const scope = analyseScope(program, procs);
  const moduleIndex = new Map(scope.module.map((n, i) => [n, i]));
  const builder = new ScriptBuilder(program.file, procs, moduleIndex);

  const units: Unit[] = [];
  const top = new UnitBuilder(builder, 'top', '', scope.module, 0, collectConsts(topLevelCode(program)));
  compileBody(top, program.body);
  top.emit(Op.ReturnNull, 0, 0, 0, 0, lastLine(program.body, 1));
  // Each ON FORM SUBMIT block is top-level code out of line: a form's run starts at it and ends
  // at its END ON, with the script's variables and procedures (docs/basic.md, "Webhooks and forms").
  const forms = program.forms.map(({ form, validation, body, loc }) => {
    const entry = builder.code.length;
    compileBody(top, body);
    top.emit(Op.ReturnNull, 0, 0, 0, 0, lastLine(body, loc.line));
    return { form, validation, entry };
  });
  units.push(top.finish());

  program.procedures.forEach((proc) => {
    const unit = new UnitBuilder(builder, proc.kind, proc.name, scope.locals.get(proc)!, proc.params.length, collectConsts(proc.body));
    compileBody(unit, proc.body);
    compileEnd(unit, proc);
    units.push(unit.finish());
  });

  const params: ParamInfo[] = program.params.map((p) => {
    const example = p.like ? constantValue(p.like) : undefined;
    return {
      name: p.name,
      type: p.type,
      ...(p.description !== undefined ? { description: p.description } : {}),
      ...(example ? { example: example.value } : {}),
      ...(p.optional ? { optional: true } : {}),
    };
  });

  const watched = collectWatches(program.body);
  builder.diagnostics.push(...watched.diagnostics);

  return {
    name: path.basename(program.file).replace(/\.bas$/i, '').toLowerCase(),
    file: program.file,
    hash: createHash('sha256').update(source).digest('hex'),
    code: builder.code,
    units,
    procedures: new Map([...procs].map(([name, ref]) => [name, ref.unit])),
    aux: builder.aux,
    params,
    ...(program.description !== undefined ? { description: program.description } : {}),
    triggers: program.triggers.map(({ event, table }) => ({ event, table })),
    watches: watched.watches,
    ...(program.webhook !== undefined ? { webhook: program.webhook } : {}),
    forms,
    tables: program.tables ?? [],
    indexes: program.indexes ?? [],
    diagnostics: builder.diagnostics,
  };
}

/** The statements that run in the top-level frame: the body and the ON FORM SUBMIT blocks. */
function topLevelCode(program: Program): Stmt[] {
  return program.forms.length === 0 ? program.body : [...program.body, ...program.forms.flatMap((f) => f.body)];
}

function lastLine(body: readonly Stmt[], fallback: number): number {
  return body[body.length - 1]?.loc.line ?? fallback;
}

function compileEnd(unit: UnitBuilder, proc: Procedure): void {
  const line = lastLine(proc.body, proc.loc.line);
  if (proc.kind === 'function') unit.emit(Op.Return, unit.varIndex.get(proc.name)!, 0, 0, 0, line);
  else unit.emit(Op.ReturnNull, 0, 0, 0, 0, line);
}

interface Scope {
  /** Module variables, in order of first use (PARAMs first). */
  module: string[];
  /** Per procedure: parameters, then (for a FUNCTION) its own name, then other locals. */
  locals: Map<Procedure, string[]>;
}

function analyseScope(program: Program, procs: ReadonlyMap<string, ProcRef>): Scope {
  const module = new Set<string>(program.params.map((p) => p.name));
  const topWrites = new Set<string>();
  const topReads: string[] = [];
  walkStmts(topLevelCode(program), {
    write: (name) => {
      topWrites.add(name);
      module.add(name);
    },
    expr: (e) => {
      if (e.kind === 'variable') topReads.push(e.name);
    },
  });
  const special = (name: string) => procs.has(name) || name === 'now' || name === 'today';
  const moduleLevel = new Set(module);
  for (const name of topReads) if (!special(name) || topWrites.has(name)) module.add(name);

  const locals = new Map<Procedure, string[]>();
  for (const proc of program.procedures) {
    const own = new Set<string>(proc.params);
    if (proc.kind === 'function') own.add(proc.name);
    const reads: string[] = [];
    walkStmts(proc.body, {
      write: (name) => {
        if (!moduleLevel.has(name)) own.add(name);
      },
      expr: (e) => {
        if (e.kind === 'variable') reads.push(e.name);
      },
    });
    for (const name of reads) if (!own.has(name) && !special(name)) module.add(name);
    locals.set(proc, [...own]);
  }
  return { module: [...module], locals };
}
