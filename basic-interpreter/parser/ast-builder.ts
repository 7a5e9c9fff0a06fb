/**
 * The CST visitor that turns a parsed script into the typed AST of ast.ts: one method per grammar
 * rule (grammar.ts), in the grammar's order, and plain functions for what they share (here, and
 * in cst-children.ts and build-text.ts). It is complete by construction: `validateVisitor` fails
 * at start-up if a grammar rule has no method. Every method is total: on a CST left partial by
 * error recovery it still returns a node (the errors are already reported), so building never
 * throws.
 *
 * Besides building, it reports what the grammar accepts loosely on purpose (so one slip does not
 * derail the rest of the file): closers without an opener, lines that are not statements, ELSE
 * after ELSE, NEXT j closing FOR i, SUB or PARAM inside a block.
 */
import { tokenMatcher, type CstElement, type CstNode, type IToken } from 'chevrotain';
import { TABLE_NAME } from '../host/stores.js';
import type { BinaryOp, CommandKeyword, Expr, HearSpec, Loc, Procedure, Program, Stmt, TableEvent, Target, ValueKeyword } from './ast.js';
import { plainText, promptBlock, stringLiteral, talkBlock, type BuildContext } from './build-text.js';
import { locOf, node, nodes, nowhere, onlyNode, token, tokens, type Ctx } from './cst-children.js';
import { basicParser } from './grammar.js';
import { describeToken } from './parse-errors.js';
import { canonicalPhrase } from './phrases.js';
import { readIndexLine, readTableBlock, type DefinitionError } from './table-definition.js';
import { readWorkflowStep } from './workflow-steps.js';
import { whereFilter } from './where-filter.js';
import * as T from './tokens.js';

export type { BuildContext } from './build-text.js';

/** What `.name` or `[index]` applies to the value before it. */
type Accessor = { kind: 'member'; name: string } | { kind: 'method'; name: string; args: Expr[] } | { kind: 'index'; index: Expr };

type Branch = { condition?: Expr; body: Stmt[]; loc: Loc; word: string };

/** A phrase's values and their labels, as phraseArguments builds them. */
interface PhraseArgs {
  args: Expr[];
  labels: (string | null)[];
}

/** What each closing word says when no open block is waiting for it. */
const strayMessages: Record<string, string> = {
  Next: 'NEXT without FOR', Loop: 'LOOP without DO', Wend: 'WEND without WHILE', Else: 'ELSE without IF',
  ElseIf: 'ELSEIF without IF', Case: 'CASE without SELECT CASE', EndIf: 'END IF without IF',
  EndSelect: 'END SELECT without SELECT CASE', EndSub: 'END SUB without SUB',
  EndFunction: 'END FUNCTION without FUNCTION', EndTalk: 'END TALK without BEGIN TALK',
  EndFor: 'END FOR without FOR', EndWith: 'END WITH without WITH', EndWhile: 'END WHILE without WHILE', EndSwitch: 'END SWITCH without SWITCH',
  EndOn: 'END ON without ON FORM SUBMIT, ON EMAIL or ON CHANGE',
  End: 'END must be followed by IF, SELECT, SUB or FUNCTION',
};

/**
 * A WEBHOOK endpoint's or a form's name: one segment of its URL (docs/basic.md, "Webhooks and
 * forms"), nothing to escape.
 */
const ENDPOINT_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

/** The watch declarations whose block form ends in `END ON` (docs/basic.md, "Event handlers"). */
const WATCH_PHRASES: ReadonlySet<string> = new Set(['ON EMAIL', 'ON EMAIL FROM', 'ON CHANGE']);

/** The stand-in for a value that error recovery left out. */
const missing = (): Expr => ({ kind: 'null', loc: nowhere });

function report(context: BuildContext, loc: Loc, message: string): void {
  context.errors.push({ file: context.file, line: loc.line, column: loc.column, message });
}

// ---------------------------------------------------------------- building expressions

/** The AST operator of an operator token; a token left out by error recovery reads as `+`. */
/** The templates' `&&` and `||` are AND and OR. */
const SYMBOL_OPS: Record<string, BinaryOp> = { '&&': 'AND', '||': 'OR' };

function binaryOp(op: CstElement | undefined): BinaryOp {
  const image = (op as IToken | undefined)?.image.toUpperCase() ?? '+';
  return SYMBOL_OPS[image] ?? (image as BinaryOp);
}

/** The negations of an expression (the first is the expression's own node) and the AND and OR between them. */
interface LogicRun {
  readonly first: Ctx;
  readonly more: readonly CstElement[];
  readonly ops: readonly CstElement[];
  next: number;
}

/** Operands and the operators between them (operator k after operand k), read left to right. */
interface Run {
  readonly operands: readonly CstElement[];
  readonly ops: readonly CstElement[];
  next: number;
}

const none: readonly CstElement[] = [];

/** How tightly a binary operator binds, loosest first (`^` is folded apart, tightest: 7). */
function precedence(op: IToken): number {
  if (tokenMatcher(op, T.CompareOp)) return 1;
  if (op.tokenType === T.Ampersand) return 2;
  if (tokenMatcher(op, T.MulOp)) return 6;
  if (op.tokenType === T.Mod) return 4;
  if (op.tokenType === T.Backslash) return 5;
  if (op.tokenType === T.Caret) return 7;
  return 3;
}

/** `a op b`; `a CONTAINS b` is CONTAINS(a, b): text holds it (ignoring case), a list has it, an object has the key. */
function combine(op: IToken, left: Expr, right: Expr): Expr {
  if (op.tokenType === T.Contains) return { kind: 'call', name: 'contains', args: [left, right], loc: left.loc };
  return { kind: 'binary', op: binaryOp(op), left, right, loc: left.loc };
}

/** `- +x`: the signs, innermost last, around a value. */
function withSigns(signs: readonly CstElement[] | undefined, value: Expr): Expr {
  if (signs === undefined) return value;
  let result = value;
  for (let i = signs.length - 1; i >= 0; i--) {
    const sign = signs[i] as IToken;
    result = { kind: 'unary', op: sign.image === '-' ? '-' : '+', operand: result, loc: locOf(sign) };
  }
  return result;
}

/**
 * The templates' method-style calls as the built-in functions they name: `x.trim()` is TRIM(x),
 * `list.push(v)` PUSH(list, v)… (docs/basic.md, "Expressions"); other names are called so too.
 */
const METHODS: Record<string, string> = {
  tolowercase: 'lcase', touppercase: 'ucase', includes: 'contains', indexof: 'instr', tostring: 'str', length: 'len',
};

function access(object: Expr, accessor: Accessor): Expr {
  if (accessor.kind === 'method') {
    const name = accessor.name.toLowerCase();
    return { kind: 'call', name: METHODS[name] ?? name, args: [object, ...accessor.args], loc: object.loc };
  }
  return accessor.kind === 'member'
    ? { kind: 'member', object, name: accessor.name, loc: object.loc }
    : { kind: 'index', object, index: accessor.index, loc: object.loc };
}

/** The literal a token stands for: a number, TRUE, FALSE or NULL. */
function literal(tok: IToken): Expr {
  const loc = locOf(tok);
  const word = tok.image.toUpperCase();
  if (word === 'NULL') return { kind: 'null', loc };
  if (word === 'TRUE' || word === 'FALSE') return { kind: 'boolean', value: word === 'TRUE', loc };
  return { kind: 'number', value: Number(tok.image), loc };
}

// ---------------------------------------------------------------- building statements

function keywordNode(keyword: ValueKeyword, args: Expr[], start: IToken | undefined): Expr {
  return { kind: 'keyword', keyword, args, loc: locOf(start) };
}

/** `x = CALL "/endpoint" [, body]` and `CALL "/endpoint", body`: the bot's WEBHOOK script `endpoint`. */
function callEndpoint(target: string, args: Expr[], loc: Loc): Extract<Stmt, { kind: 'phrase' }> {
  return { kind: 'phrase', phrase: 'CALL', args: [{ kind: 'string', parts: [target], loc }, ...args], labels: [null, ...args.map(() => null)], loc };
}

/** HEAR x WITH "prompt" DEFAULT v: say the prompt, hear, and take v for an empty or given-up answer. */
function hearWithPrompt(hear: Stmt, variable: string, prompt: Expr | undefined, fallback: Expr | undefined, loc: Loc): Stmt {
  const body: Stmt[] = [];
  if (prompt !== undefined) body.push({ kind: 'talk', value: prompt, loc });
  body.push(hear);
  if (fallback !== undefined) {
    const value: Expr = { kind: 'variable', name: variable, loc };
    const empty: Expr = { kind: 'binary', op: '=', left: value, right: { kind: 'string', parts: [''], loc }, loc };
    const none: Expr = { kind: 'binary', op: '=', left: value, right: { kind: 'null', loc }, loc };
    const assign: Stmt = { kind: 'assign', target: { kind: 'variable', name: variable, loc }, value: fallback, loc };
    body.push({ kind: 'if', branches: [{ condition: { kind: 'binary', op: 'OR', left: none, right: empty, loc }, body: [assign] }], elseBody: [], loc });
  }
  return { kind: 'sequence', body, loc };
}

const BaseVisitor = basicParser.getBaseCstVisitorConstructor<undefined, unknown>();

class AstBuilder extends BaseVisitor {
  private context: BuildContext = { file: '', errors: [], syntaxErrors: [], parseEmbedded: () => undefined };
  private result: Program = { file: '', body: [], procedures: [], params: [], triggers: [], forms: [] };
  /** How many blocks enclose the line being built (0: top level). */
  private depth = 0;
  private descriptionLine = 0;
  private webhookLine = 0;
  /** The objects of the WITH blocks being built, innermost last. */
  private readonly withObjects: Expr[] = [];
  /**
   * `ON EMAIL` / `ON CHANGE` lines not yet closed: the reference writes them as blocks ending in
   * `END ON`, which then closes nothing to run (the declaration is read from the line itself).
   */
  private openWatchLines = 0;

  constructor() {
    super();
    this.validateVisitor();
  }

  /** Builds a whole program; `context` receives every error found on the way. */
  buildProgram(cst: CstNode, context: BuildContext): Program {
    this.context = context;
    this.result = { file: context.file, body: [], procedures: [], params: [], triggers: [], forms: [] };
    this.depth = 0;
    this.openWatchLines = 0;
    this.descriptionLine = 0;
    this.result.body = this.visit(cst) as Stmt[];
    return this.result;
  }

  /** Builds one expression (the inside of a `${…}`), within the build in progress. */
  buildExpression(cst: CstNode, context: BuildContext): Expr {
    this.context = context;
    return this.expr(cst);
  }

  // ---------------------------------------------------------------- visiting

  /** The expression of a CST node; a `null` stand-in where recovery left nothing. */
  private expr(cst: CstNode | undefined): Expr {
    return cst === undefined ? missing() : (this.visit(cst) as Expr);
  }

  private exprs(ctx: Ctx, key: string): Expr[] {
    return nodes(ctx, key).map((n) => this.expr(n));
  }

  private stmt(cst: CstNode | undefined): Stmt | undefined {
    return cst === undefined ? undefined : (this.visit(cst) as Stmt | undefined);
  }

  private lines(cstLines: readonly CstNode[]): Stmt[] {
    return cstLines.map((line) => this.stmt(line)).filter((s): s is Stmt => s !== undefined);
  }

  private body(cst: CstNode | undefined): Stmt[] {
    return cst === undefined ? [] : (this.visit(cst) as Stmt[]);
  }

  private command(keyword: CommandKeyword, ctx: Ctx, start: IToken | undefined, key = 'expression'): Stmt {
    return { kind: 'command', keyword, args: this.exprs(ctx, key), loc: locOf(start) };
  }

  /** Reports a declaration that is not at the top level; true when it is. */
  private atTopLevel(start: IToken | undefined, what: string): boolean {
    if (this.depth === 0) return true;
    report(this.context, locOf(start), `${what} must be at the top level of the script, not inside a block`);
    return false;
  }

  // ---------------------------------------------------------------- program and lines

  program(ctx: Ctx): Stmt[] { return this.lines(nodes(ctx, 'line')); }
  line(ctx: Ctx): Stmt | undefined { return this.stmt(onlyNode(ctx)); }

  /** A statement and its line end (the Newline token is not a node, so `onlyNode` skips it). */
  statementLine(ctx: Ctx): Stmt | undefined {
    const talk = token(ctx, 'TalkBlock');
    if (talk !== undefined) return talkBlock(this.context, talk);
    const prompt = token(ctx, 'PromptBlock');
    if (prompt !== undefined) return promptBlock(this.context, prompt);
    const table = token(ctx, 'TableBlock') ?? token(ctx, 'IndexDeclaration');
    if (table !== undefined) return this.tableDeclaration(table);
    const step = token(ctx, 'WorkflowStep');
    if (step !== undefined) return readWorkflowStep(step, (loc, message) => report(this.context, loc, message));
    return this.stmt(onlyNode(ctx));
  }

  /** A TABLE block or CREATE INDEX line: kept in the program, nothing to run (docs/basic.md, "Table definitions"). */
  private tableDeclaration(tok: IToken): undefined {
    const loc = locOf(tok);
    if (!this.atTopLevel(tok, tok.tokenType.name === 'TableBlock' ? 'TABLE' : 'CREATE INDEX')) return undefined;
    const errors: DefinitionError[] = [];
    if (tok.tokenType.name === 'TableBlock') {
      const table = readTableBlock(tok.image, loc, errors);
      const tables = (this.result.tables ??= []);
      const earlier = tables.find((t) => t.name === table?.name);
      if (earlier !== undefined) report(this.context, loc, `TABLE ${earlier.name} is already defined on line ${earlier.loc.line}`);
      else if (table !== undefined) tables.push(table);
    } else {
      const index = readIndexLine(tok.image, loc, errors);
      if (index !== undefined) (this.result.indexes ??= []).push(index);
    }
    for (const error of errors) report(this.context, error.loc, error.message);
    return undefined;
  }

  strayLine(ctx: Ctx): undefined {
    const word = Object.keys(ctx).find((key) => key in strayMessages) ?? 'End';
    if (word === 'EndOn' && this.openWatchLines > 0) {
      this.openWatchLines -= 1; // closes an ON EMAIL / ON CHANGE block: nothing to run
      return undefined;
    }
    const tok = token(ctx, word);
    const message = word === 'ElseIf' ? `${(tok?.image ?? '').toUpperCase().replace(/\s+/, ' ')} without IF` : strayMessages[word];
    report(this.context, locOf(tok), message ?? 'unexpected END');
    return undefined;
  }

  junkLine(ctx: Ctx): undefined {
    const tok = token(ctx, 'Junk');
    if (tok !== undefined) {
      const { line, column } = locOf(tok);
      this.context.syntaxErrors.push({ file: this.context.file, line, column, message: `expected a statement but found ${describeToken(tok)}` });
    }
    return undefined;
  }

  restOfLine(): undefined { return undefined; }

  block(ctx: Ctx): Stmt[] {
    this.depth += 1;
    try {
      return this.lines(nodes(ctx, 'line'));
    } finally {
      this.depth -= 1;
    }
  }

  // ---------------------------------------------------------------- one-line statements

  simpleStatement(ctx: Ctx): Stmt | undefined {
    const keyword = node(ctx, 'keywordExpression');
    if (keyword === undefined) return this.stmt(onlyNode(ctx));
    // A value keyword as a statement; DELETE with two arguments is the data delete.
    const value = this.expr(keyword);
    if (value.kind === 'phrase') return value;
    if (value.kind !== 'keyword') return undefined;
    const isDataDelete = value.keyword === 'http_delete' && value.args.length === 2;
    return { kind: 'command', keyword: isDataDelete ? 'delete' : value.keyword, args: value.args, loc: value.loc };
  }

  nameStatement(ctx: Ctx): Stmt | undefined {
    const name = token(ctx, 'Name');
    const loc = locOf(name);
    const lower = (name?.image ?? '').toLowerCase();
    const phrase = this.wordPhrase(name, ctx);
    // `PUSH list, v` standing alone sets the list, as `list.push(v)` does.
    const list = phrase?.kind === 'phrase' && phrase.phrase === 'PUSH' ? phrase.args[0] : undefined;
    if (list?.kind === 'variable' || list?.kind === 'member' || list?.kind === 'index') return { kind: 'assign', target: list, value: phrase!, loc };
    if (phrase?.kind === 'phrase') return phrase;
    const args = node(ctx, 'callArguments');
    if (args !== undefined) return { kind: 'call', name: lower, args: this.visit(args) as Expr[], loc };
    const assigned = node(ctx, 'assignedValue')?.children;
    if (assigned === undefined) {
      if (nodes(ctx, 'accessor').length === 0) return { kind: 'call', name: lower, args: [], loc };
      return this.methodStatement(name, nodes(ctx, 'accessor'), loc);
    }
    const target = this.targetOf(name, nodes(ctx, 'accessor'));
    const hear = token(assigned, 'Hear');
    if (hear !== undefined) {
      // `x = HEAR [AS type]` is `HEAR x [AS type]`: HEAR fills a variable, not a member.
      if (target.kind !== 'variable') report(this.context, loc, `HEAR fills a variable: write HEAR answer, then ${name?.image ?? 'x'}… = answer`);
      const spec = node(assigned, 'hearSpec');
      return spec === undefined ? { kind: 'hear', variable: lower, loc } : { kind: 'hear', variable: lower, as: this.visit(spec) as HearSpec, loc };
    }
    return { kind: 'assign', target, value: this.expr(node(assigned, 'expression')), loc };
  }

  /**
   * `list.push(v)` standing alone: the list becomes PUSH(list, v) (the built-ins return new
   * values); any other method call standing alone is run for its effect.
   */
  private methodStatement(name: IToken | undefined, accessors: readonly CstNode[], loc: Loc): Stmt | undefined {
    const last = this.accessor(accessors[accessors.length - 1]!.children);
    if (last.kind !== 'method') {
      report(this.context, loc, 'expected "=" to assign a value');
      return undefined;
    }
    const owner = this.targetOf(name, accessors.slice(0, -1));
    const call = access(owner, last);
    if (last.name.toLowerCase() === 'push') return { kind: 'assign', target: owner, value: call, loc };
    return call.kind === 'call' ? { kind: 'call', name: call.name, args: call.args, loc } : undefined;
  }

  assignedValue(): undefined {
    return undefined;
  }

  setStatement(ctx: Ctx): Stmt | undefined {
    const set = token(ctx, 'Set');
    const forms: [string, CommandKeyword][] = [
      ['Header', 'set_header'], ['Session', 'set_session'], ['Bot', 'set_bot_memory'],
      ['Schedule', 'set_schedule'],
    ];
    const form = forms.find(([word]) => token(ctx, word) !== undefined);
    if (form?.[1] === 'set_schedule') {
      const list = node(ctx, 'schedule');
      return { kind: 'command', keyword: 'set_schedule', args: list === undefined ? [] : (this.visit(list) as Expr[]), loc: locOf(set) };
    }
    if (form?.[1] === 'set_header') return { kind: 'command', keyword: 'set_header', args: [this.expr(node(ctx, 'headerName')), ...this.exprs(ctx, 'expression')], loc: locOf(set) };
    if (form !== undefined) return this.command(form[1], ctx, set);
    const dotted = token(ctx, 'dottedKey');
    const fieldTexts = this.exprs(ctx, 'fieldText');
    if (dotted !== undefined && fieldTexts.length > 0) {
      // SET "table", filter, "field=value"…: UPDATE of the rows the filter finds.
      const args = [stringLiteral(this.context, dotted), this.expr(node(ctx, 'dottedValue')), ...fieldTexts];
      return { kind: 'phrase', phrase: 'UPDATE FIELDS', args, labels: args.map(() => null), loc: locOf(set) };
    }
    if (dotted !== undefined) return this.dottedSet(dotted, this.expr(node(ctx, 'dottedValue')), locOf(set));
    const setName = token(ctx, 'setName');
    if (setName !== undefined) {
      return { kind: 'assign', target: { kind: 'variable', name: setName.image.toLowerCase(), loc: locOf(setName) }, value: this.expr(node(ctx, 'setValue')), loc: locOf(set) };
    }
    if (token(ctx, 'Context') !== undefined) {
      // SET CONTEXT "name" AS text: the named form; its text is the context.
      const [name, text] = this.exprs(ctx, 'expression');
      return { kind: 'command', keyword: 'set_context', args: text === undefined ? [name ?? { kind: 'null', loc: locOf(set) }] : [text, name ?? { kind: 'null', loc: locOf(set) }], loc: locOf(set) };
    }
    return this.relocated(node(ctx, 'assignment'), set);
  }

  /** `SET "session.key", v` is SET SESSION "key", v; `SET "bot.key", v` is SET BOT MEMORY "key", v. */
  private dottedSet(key: IToken, value: Expr, loc: Loc): Stmt | undefined {
    const text = plainText(this.context, key, 'SET');
    const [scope = '', ...rest] = text.split('.');
    const keyword = ({ session: 'set_session', bot: 'set_bot_memory' } as const)[scope.toLowerCase() as 'session' | 'bot'];
    if (keyword === undefined || rest.length === 0) {
      report(this.context, loc, `SET "${text}" names no scope: write SET "session.key", value (or "bot.key"), or SET SESSION "key", value`);
      return undefined;
    }
    return { kind: 'command', keyword, args: [{ kind: 'string', parts: [rest.join('.')], loc }, value], loc };
  }

  letStatement(ctx: Ctx): Stmt | undefined { return this.relocated(node(ctx, 'assignment'), token(ctx, 'Let')); }

  /** The statement of `cst`, located at `start` (SET x = 1 starts at SET). */
  private relocated(cst: CstNode | undefined, start: IToken | undefined): Stmt | undefined {
    const stmt = this.stmt(cst);
    return stmt === undefined ? undefined : { ...stmt, loc: locOf(start) };
  }

  assignment(ctx: Ctx): Stmt {
    const cst = node(ctx, 'target');
    const target = cst === undefined ? this.targetOf(undefined, []) : (this.visit(cst) as Target);
    return { kind: 'assign', target, value: this.expr(node(ctx, 'expression')), loc: target.loc };
  }

  target(ctx: Ctx): Target { return this.targetOf(token(ctx, 'Name'), nodes(ctx, 'accessor')); }

  /** A variable name followed by `.member` / `[index]` accessors, as an assignment target. */
  private targetOf(name: IToken | undefined, accessors: readonly CstNode[]): Target {
    let target: Target = { kind: 'variable', name: (name?.image ?? '').toLowerCase(), loc: locOf(name) };
    for (const accessor of accessors) target = access(target, this.visit(accessor) as Accessor) as Target;
    return target;
  }

  callStatement(ctx: Ctx): Stmt {
    const list = node(ctx, 'callArguments');
    const args = list === undefined ? [] : (this.visit(list) as Expr[]);
    const loc = locOf(token(ctx, 'Call'));
    const quoted = token(ctx, 'StringLiteral');
    const endpointArgs = this.exprs(ctx, 'endpointArgument');
    const target = quoted === undefined ? undefined : plainText(this.context, quoted, 'CALL');
    // `CALL "/endpoint"` calls the bot's WEBHOOK script `endpoint` (vm/phrases.ts); `CALL "other.bas"` another script.
    if (target?.startsWith('/')) return callEndpoint(target, [...args, ...endpointArgs], loc);
    if (endpointArgs.length > 0) report(this.context, loc, 'CALL takes its arguments in parentheses: CALL name(a, b)');
    if (target !== undefined) return { kind: 'call', name: target.replace(/\.bas$/i, '').toLowerCase(), args, loc };
    const name = (token(ctx, 'Name')?.image ?? '').toLowerCase();
    return { kind: 'call', name, args, loc };
  }

  returnStatement(ctx: Ctx): Stmt {
    const loc = locOf(token(ctx, 'Return'));
    const fields = node(ctx, 'fieldList');
    if (fields !== undefined) return { kind: 'return', value: this.expr(fields), loc };
    const value = node(ctx, 'expression');
    return value === undefined ? { kind: 'return', loc } : { kind: 'return', value: this.expr(value), loc };
  }

  exitStatement(ctx: Ctx): Stmt | undefined {
    const what = (['for', 'do', 'while', 'sub', 'function'] as const).find(
      (w) => token(ctx, w.charAt(0).toUpperCase() + w.slice(1)) !== undefined,
    );
    // A bare EXIT ends the script: RETURN at its top level.
    if (what === undefined) return { kind: 'phrase', phrase: 'EXIT', args: [], labels: [], loc: locOf(token(ctx, 'Exit')) };
    return { kind: 'exit', what, loc: locOf(token(ctx, 'Exit')) };
  }

  // ---------------------------------------------------------------- declarations

  /**
   * `PARAM name AS type [LIKE x] [DESCRIPTION "…"] [DEFAULT v] [OPTIONAL]`; `AS "text"` is a STRING
   * described so. With DEFAULT the parameter is optional, and the line sets it when the call gave none.
   */
  paramDeclaration(ctx: Ctx): Stmt | undefined {
    const start = token(ctx, 'Param');
    if (!this.atTopLevel(start, 'PARAM')) return undefined;
    const loc = locOf(start);
    const like = node(ctx, 'expression');
    const typeDescription = token(ctx, 'typeDescription');
    const choices = tokens(ctx, 'choice');
    // `AS "a", "b", "c"`: the choices, said in the description the model reads.
    const description = choices.length > 0 ? undefined : token(ctx, 'StringLiteral') ?? typeDescription;
    const listed = choices.length > 0 ? `one of: ${[typeDescription, ...choices].map((c) => plainText(this.context, c, 'PARAM')).join(', ')}` : undefined;
    const fallback = node(ctx, 'defaultValue');
    const optional = token(ctx, 'optional') !== undefined || fallback !== undefined;
    const name = (token(ctx, 'Name')?.image ?? '').toLowerCase();
    this.result.params.push({
      ...(optional ? { optional } : {}),
      name,
      type: typeDescription === undefined ? (token(ctx, 'type')?.image ?? '').toUpperCase() : 'STRING',
      ...(like === undefined ? {} : { like: this.expr(like) }),
      ...(description === undefined ? {} : { description: plainText(this.context, description, 'DESCRIPTION') }),
      ...(listed === undefined ? {} : { description: listed }),
      loc,
    });
    if (fallback === undefined) return undefined;
    const variable: Expr = { kind: 'variable', name, loc };
    const unset: Expr = { kind: 'binary', op: '=', left: variable, right: { kind: 'null', loc }, loc };
    return { kind: 'if', branches: [{ condition: unset, body: [{ kind: 'assign', target: { kind: 'variable', name, loc }, value: this.expr(fallback), loc }] }], elseBody: [], loc };
  }

  descriptionStatement(ctx: Ctx): undefined {
    const start = token(ctx, 'Description');
    if (!this.atTopLevel(start, 'DESCRIPTION')) return undefined;
    const loc = locOf(start);
    const text = plainText(this.context, token(ctx, 'StringLiteral'), 'DESCRIPTION');
    // The first DESCRIPTION describes the tool; the templates' catalogues write one per section, read as notes.
    if (this.descriptionLine > 0) return undefined;
    this.descriptionLine = loc.line;
    this.result.description = text;
    return undefined;
  }

  tableTriggerDeclaration(ctx: Ctx): undefined {
    const start = token(ctx, 'OnTableEvent');
    const event = ((start?.image ?? '').split(/[ \t]+/)[1] ?? '').toLowerCase() as TableEvent;
    const keyword = `ON ${event.toUpperCase()} OF`;
    const literal = token(ctx, 'StringLiteral');
    // Without the table's string the grammar has reported the line already.
    if (literal === undefined || literal.isInsertedInRecovery === true || !this.atTopLevel(start, keyword)) return undefined;
    const loc = locOf(start);
    const written = plainText(this.context, literal, keyword);
    if (written.includes('${')) return undefined; // plainText said so
    if (!TABLE_NAME.test(written)) {
      report(this.context, loc, `${keyword}: "${written}" is not a table name (letters, digits and _, not first)`);
      return undefined;
    }
    const table = written.toLowerCase();
    const known = this.result.triggers.find((t) => t.event === event && t.table === table);
    if (known) report(this.context, loc, `${keyword} "${written}" is already declared on line ${known.loc.line}`);
    else this.result.triggers.push({ event, table, loc });
    return undefined;
  }

  webhookDeclaration(ctx: Ctx): undefined {
    const start = token(ctx, 'WebhookDeclaration');
    const literal = token(ctx, 'StringLiteral');
    if (literal === undefined || !this.atTopLevel(start, 'WEBHOOK')) return undefined;
    const loc = locOf(start);
    const written = plainText(this.context, literal, 'WEBHOOK');
    if (!ENDPOINT_NAME.test(written)) {
      report(this.context, loc, `WEBHOOK: "${written}" is not an endpoint name (letters, digits, - and _, starting with a letter or digit, at most 64)`);
    } else if (this.result.webhook !== undefined) {
      report(this.context, loc, `WEBHOOK is already declared on line ${this.webhookLine}: a script is one endpoint`);
    } else {
      this.result.webhook = written.toLowerCase();
      this.webhookLine = loc.line;
    }
    return undefined;
  }

  // ---------------------------------------------------------------- blocks

  ifStatement(ctx: Ctx): Stmt {
    const loc = locOf(token(ctx, 'If'));
    const first = { condition: this.expr(node(ctx, 'expression')), loc, word: 'IF' };
    const inline = node(ctx, 'simpleStatement');
    const clauses: Branch[] = inline === undefined
      ? [{ ...first, body: this.body(node(ctx, 'block')) }, ...nodes(ctx, 'elseClause').map((n) => this.visit(n) as Branch)]
      : [{ ...first, body: this.lines([inline]) }, ...nodes(ctx, 'inlineElse').map((n) => this.visit(n) as Branch)];
    const branches: { condition: Expr; body: Stmt[] }[] = [];
    let elseClause: Branch | undefined;
    for (const clause of clauses) {
      if (elseClause !== undefined) {
        report(this.context, clause.loc, `${clause.word} after the ELSE of this IF (ELSE is on line ${elseClause.loc.line})`);
      } else if (clause.condition === undefined) {
        elseClause = clause;
      } else {
        branches.push({ condition: clause.condition, body: clause.body });
      }
    }
    return { kind: 'if', branches, elseBody: elseClause?.body ?? [], loc };
  }

  /** The head of a branch; `body` is filled by elseClause / inlineElse. */
  elseHead(ctx: Ctx): Branch {
    const elseIf = token(ctx, 'ElseIf');
    if (elseIf === undefined) return { body: [], loc: locOf(token(ctx, 'Else')), word: 'ELSE' };
    const word = elseIf.image.toUpperCase().replace(/\s+/, ' ');
    return { condition: this.expr(node(ctx, 'expression')), body: [], loc: locOf(elseIf), word };
  }

  elseClause(ctx: Ctx): Branch { return this.branch(ctx, this.body(node(ctx, 'block'))); }
  inlineElse(ctx: Ctx): Branch { return this.branch(ctx, this.lines(nodes(ctx, 'simpleStatement'))); }

  private branch(ctx: Ctx, body: Stmt[]): Branch {
    const head = node(ctx, 'elseHead'); // absent only in a recovered parse, which is reported already
    return { ...(head ? (this.visit(head) as Branch) : { loc: locOf(undefined), word: 'ELSE' }), body };
  }

  forStatement(ctx: Ctx): Stmt {
    const loc = locOf(token(ctx, 'For'));
    const variable = (token(ctx, 'Name')?.image ?? '').toLowerCase();
    const body = this.body(node(ctx, 'block'));
    const next = token(ctx, 'nextName');
    if (next !== undefined && next.image.toLowerCase() !== variable) {
      report(this.context, locOf(next), `NEXT ${next.image} does not match FOR ${variable} (line ${loc.line})`);
    }
    if (token(ctx, 'Each') !== undefined || token(ctx, 'In') !== undefined) {
      return { kind: 'for_each', variable, list: this.expr(node(ctx, 'expression')), body, loc };
    }
    const from = this.expr(node(ctx, 'from'));
    const to = this.expr(node(ctx, 'to'));
    const step = node(ctx, 'step');
    return step === undefined
      ? { kind: 'for', variable, from, to, body, loc }
      : { kind: 'for', variable, from, to, step: this.expr(step), body, loc };
  }

  doStatement(ctx: Ctx): Stmt {
    const loc = locOf(token(ctx, 'Do'));
    const before = node(ctx, 'before');
    const after = node(ctx, 'after');
    if (before !== undefined && after !== undefined) {
      report(this.context, loc, 'a DO loop has its condition after DO or after LOOP, not both');
    }
    const test = before !== undefined ? 'before' : after !== undefined ? 'after' : 'none';
    const body = this.body(node(ctx, 'block'));
    const condition = before ?? after;
    if (condition === undefined) return { kind: 'loop', loop: 'do', test, mode: 'while', body, loc };
    const { mode, value } = this.visit(condition) as { mode: 'while' | 'until'; value: Expr };
    return { kind: 'loop', loop: 'do', test, mode, condition: value, body, loc };
  }

  loopCondition(ctx: Ctx): { mode: 'while' | 'until'; value: Expr } {
    return { mode: token(ctx, 'Until') === undefined ? 'while' : 'until', value: this.expr(node(ctx, 'expression')) };
  }

  whileStatement(ctx: Ctx): Stmt {
    const condition = this.expr(node(ctx, 'expression'));
    const body = this.body(node(ctx, 'block'));
    return { kind: 'loop', loop: 'while', test: 'before', mode: 'while', condition, body, loc: locOf(token(ctx, 'While')) };
  }

  selectStatement(ctx: Ctx): Stmt {
    const loc = locOf(token(ctx, 'Select') ?? token(ctx, 'Switch'));
    this.depth += 1;
    for (const stray of this.lines(nodes(ctx, 'line'))) report(this.context, stray.loc, 'expected CASE: statements in SELECT CASE go under a CASE');
    this.depth -= 1;
    const cases: { values: Expr[]; body: Stmt[] }[] = [];
    let elseCase: { body: Stmt[]; loc: Loc } | undefined;
    for (const clause of nodes(ctx, 'caseClause')) {
      const built = this.visit(clause) as { values?: Expr[]; body: Stmt[]; loc: Loc };
      if (elseCase !== undefined) report(this.context, built.loc, `CASE after CASE ELSE (line ${elseCase.loc.line})`);
      else if (built.values === undefined) elseCase = built;
      else cases.push({ values: built.values, body: built.body });
    }
    return { kind: 'select', subject: this.expr(node(ctx, 'expression')), cases, elseBody: elseCase?.body ?? [], loc };
  }

  caseClause(ctx: Ctx): { values?: Expr[]; body: Stmt[]; loc: Loc } {
    const loc = locOf(token(ctx, 'Case'));
    const body = this.body(node(ctx, 'block'));
    const list = node(ctx, 'argumentList');
    if (token(ctx, 'Else') !== undefined || list === undefined) return { body, loc };
    return { values: this.visit(list) as Expr[], body, loc };
  }

  /** WITH obj … END WITH: each `.member = v` line assigns to a member of obj. */
  withStatement(ctx: Ctx): Stmt {
    const loc = locOf(token(ctx, 'With'));
    const object = this.expr(node(ctx, 'expression'));
    this.withObjects.push(object);
    try {
      return { kind: 'sequence', body: this.body(node(ctx, 'block')), loc };
    } finally {
      this.withObjects.pop();
    }
  }

  withMember(ctx: Ctx): Stmt | undefined {
    const object = this.withObjects[this.withObjects.length - 1];
    const member = token(ctx, 'AnyWord');
    const loc = locOf(token(ctx, 'Dot'));
    if (object === undefined || member === undefined) return undefined;
    let target: Target = { kind: 'member', object, name: member.image, loc };
    for (const accessor of nodes(ctx, 'accessor')) target = access(target, this.visit(accessor) as Accessor) as Target;
    return { kind: 'assign', target, value: this.expr(node(ctx, 'expression')), loc };
  }

  subDefinition(ctx: Ctx): undefined { return this.procedure(ctx, 'sub', token(ctx, 'Sub')); }
  functionDefinition(ctx: Ctx): undefined { return this.procedure(ctx, 'function', token(ctx, 'Function')); }

  /** Hoists a SUB or FUNCTION into `program.procedures` (it is not a statement of the body). */
  private procedure(ctx: Ctx, kind: 'sub' | 'function', start: IToken | undefined): undefined {
    const topLevel = this.atTopLevel(start, kind.toUpperCase());
    const header = node(ctx, 'procedureHeader');
    const { name, params } = header === undefined ? { name: '', params: [] } : (this.visit(header) as { name: string; params: string[] });
    const procedure: Procedure = { kind, name, params, body: this.body(node(ctx, 'block')), loc: locOf(start) };
    const previous = this.result.procedures.find((p) => p.name === name);
    if (previous !== undefined) report(this.context, procedure.loc, `${name} is already defined on line ${previous.loc.line}`);
    else if (topLevel) this.result.procedures.push(procedure);
    return undefined;
  }

  procedureHeader(ctx: Ctx): { name: string; params: string[] } {
    const name = (token(ctx, 'Name')?.image ?? '').toLowerCase();
    return { name, params: tokens(ctx, 'parameter').map((p) => p.image.toLowerCase()) };
  }

  formSubmitHandler(ctx: Ctx): undefined {
    const start = token(ctx, 'OnFormSubmit');
    const literal = token(ctx, 'StringLiteral');
    const body = this.body(node(ctx, 'block'));
    if (literal === undefined || !this.atTopLevel(start, 'ON FORM SUBMIT')) return undefined;
    const loc = locOf(start);
    const written = plainText(this.context, literal, 'ON FORM SUBMIT');
    const option = token(ctx, 'option');
    if (option !== undefined && option.image.toUpperCase() !== 'VALIDATION') {
      report(this.context, locOf(option), `ON FORM SUBMIT "${written}" WITH ${option.image}: the only option is WITH VALIDATION`);
    }
    const form = written.toLowerCase();
    const known = this.result.forms.find((f) => f.form === form);
    if (!ENDPOINT_NAME.test(written)) {
      report(this.context, loc, `ON FORM SUBMIT: "${written}" is not a form name (letters, digits, - and _, starting with a letter or digit, at most 64)`);
    } else if (known) {
      report(this.context, loc, `ON FORM SUBMIT "${written}" is already handled on line ${known.loc.line}`);
    } else {
      this.result.forms.push({ form, validation: option !== undefined, body, loc });
    }
    return undefined;
  }

  // ---------------------------------------------------------------- keyword statements

  talkStatement(ctx: Ctx): Stmt {
    const talk = token(ctx, 'Talk');
    if (token(ctx, 'To') !== undefined) return this.command('talk_to', ctx, talk);
    return { kind: 'talk', value: this.expr(node(ctx, 'expression')), loc: locOf(talk) };
  }

  hearStatement(ctx: Ctx): Stmt {
    const variable = (token(ctx, 'Name')?.image ?? '').toLowerCase();
    const loc = locOf(token(ctx, 'Hear'));
    const spec = node(ctx, 'hearSpec');
    const hear: Stmt = spec === undefined ? { kind: 'hear', variable, loc } : { kind: 'hear', variable, as: this.visit(spec) as HearSpec, loc };
    const prompt = node(ctx, 'prompt');
    const fallback = node(ctx, 'defaultValue');
    if (prompt === undefined && fallback === undefined) return hear;
    return hearWithPrompt(hear, variable, prompt && this.expr(prompt), fallback && this.expr(fallback), loc);
  }

  hearSpec(ctx: Ctx): HearSpec {
    const type = token(ctx, 'Name');
    if (type !== undefined) return { kind: 'type', type: type.image.toUpperCase() };
    const list = node(ctx, 'argumentList');
    return { kind: 'menu', options: list === undefined ? [] : (this.visit(list) as Expr[]) };
  }

  addSuggestionStatement(ctx: Ctx): Stmt {
    const suggestion = this.command('add_suggestion', ctx, token(ctx, 'Add'));
    // ADD SUGGESTION "text": the text is the key and the label.
    if (suggestion.kind === 'command' && suggestion.args.length === 1) suggestion.args.push(suggestion.args[0]!);
    return suggestion;
  }

  clearStatement(ctx: Ctx): Stmt {
    const keyword = token(ctx, 'Headers') === undefined ? 'clear_suggestions' : 'clear_headers';
    return { kind: 'command', keyword, args: [], loc: locOf(token(ctx, 'Clear')) };
  }

  waitStatement(ctx: Ctx): Stmt {
    return { kind: 'wait', seconds: this.expr(node(ctx, 'expression')), loc: locOf(token(ctx, 'Wait')) };
  }

  saveStatement(ctx: Ctx): Stmt {
    const list = node(ctx, 'argumentList');
    const fields = node(ctx, 'fieldList');
    const values = fields !== undefined ? [this.expr(fields)] : list === undefined ? [] : (this.visit(list) as Expr[]);
    return { kind: 'save', table: this.expr(node(ctx, 'expression')), fields: values, loc: locOf(token(ctx, 'Save')) };
  }

  insertStatement(ctx: Ctx): Stmt {
    const start = token(ctx, 'Insert');
    const fields = node(ctx, 'fieldList');
    const [table, row] = this.exprs(ctx, 'expression');
    const more = this.exprs(ctx, 'more');
    // INSERT "t", a, b, c…: SAVE "t", a, b, c… (the variables' names are the columns).
    if (row !== undefined && more.length > 0) return { kind: 'save', table: table ?? { kind: 'null', loc: locOf(start) }, fields: [row, ...more], loc: locOf(start) };
    const value = fields !== undefined ? this.expr(fields) : row;
    if (value === undefined) report(this.context, locOf(start), 'expected the row: INSERT "table", object (or INSERT INTO "table" WITH a = x, …)');
    return { kind: 'command', keyword: 'insert', args: [table ?? { kind: 'null', loc: locOf(start) }, value ?? { kind: 'null', loc: locOf(start) }], loc: locOf(start) };
  }

  updateStatement(ctx: Ctx): Stmt {
    const start = token(ctx, 'Update');
    const fields = node(ctx, 'fieldList');
    const columns = this.exprs(ctx, 'column');
    if (columns.length > 0) return this.updateColumns(ctx, columns, locOf(start));
    if (fields === undefined) return this.command('update', ctx, start);
    // UPDATE "t" SET a = x WHERE …: without WHERE every row.
    const where = node(ctx, 'whereClause');
    const filter = where === undefined ? { kind: 'string' as const, parts: [''], loc: locOf(start) } : this.expr(where);
    return { kind: 'command', keyword: 'update', args: [this.expr(node(ctx, 'expression')), filter, this.expr(fields)], loc: locOf(start) };
  }

  /**
   * `UPDATE "t", filter, a, b, c`: the row's new values named after the variables, as SAVE names
   * its columns; a value that is no variable has no column name and is reported.
   */
  private updateColumns(ctx: Ctx, columns: Expr[], loc: Loc): Stmt {
    const [table = { kind: 'null', loc } as Expr, filter = { kind: 'null', loc } as Expr, ...first] = this.exprs(ctx, 'expression');
    const entries = [...first, ...columns].flatMap((value) => {
      if (value.kind === 'variable') return [{ key: value.name, value }];
      report(this.context, value.loc, 'UPDATE "table", filter, a, b… takes variables, whose names are the columns: write UPDATE "table", filter, {column: value}');
      return [];
    });
    return { kind: 'command', keyword: 'update', args: [table, filter, { kind: 'object', entries, loc }], loc };
  }

  whereClause(ctx: Ctx): Expr { return this.filterOf(this.expr(node(ctx, 'expression'))); }

  /** `FIND "t", "column", value`: WHERE column = value, the column given as a string. */
  private columnFilter(column: Expr, value: Expr): Expr {
    if (column.kind !== 'string' || column.parts.length !== 1 || typeof column.parts[0] !== 'string' || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(column.parts[0])) {
      report(this.context, column.loc, 'expected the column in quotes: FIND "table", "column", value');
      return { kind: 'null', loc: column.loc };
    }
    return { kind: 'phrase', phrase: 'WHERE', args: [value], labels: [`${column.parts[0].toLowerCase()} =`], loc: column.loc };
  }

  /** The filter of a WHERE (where-filter.ts); a condition it cannot read is reported, and filters nothing. */
  private filterOf(condition: Expr): Expr {
    const filter = whereFilter(condition);
    if ('error' in filter) {
      report(this.context, filter.loc, filter.error);
      return { kind: 'null', loc: filter.loc };
    }
    return filter;
  }

  fieldList(ctx: Ctx): Expr {
    const entries = nodes(ctx, 'fieldAssignment').map((n) => ({ key: token(n.children, 'AnyWord')?.image ?? '', value: this.expr(node(n.children, 'expression')) }));
    return { kind: 'object', entries, loc: locOf(token(nodes(ctx, 'fieldAssignment')[0]?.children ?? {}, 'AnyWord')) };
  }

  fieldAssignment(): undefined { return undefined; }
  rememberStatement(ctx: Ctx): Stmt { return this.command('remember', ctx, token(ctx, 'Remember')); }
  sendMailStatement(ctx: Ctx): Stmt { return this.command('send_mail', ctx, token(ctx, 'Send')); }

  // ---------------------------------------------------------------- keyword expressions

  keywordExpression(ctx: Ctx): Expr { return this.expr(onlyNode(ctx)); }

  getExpression(ctx: Ctx): Expr {
    const get = token(ctx, 'Get');
    if (token(ctx, 'Bot') !== undefined) return keywordNode('get_bot_memory', this.exprs(ctx, 'keyArgument'), get);
    // GET SESSION id, key: a script reads only its own conversation's session, so the key is what is read.
    const sessionKey = node(ctx, 'sessionKey');
    if (token(ctx, 'Session') !== undefined && sessionKey !== undefined) return keywordNode('get_session', [this.expr(sessionKey)], get);
    if (token(ctx, 'Session') !== undefined) return keywordNode('get_session', this.exprs(ctx, 'keyArgument'), get);
    return keywordNode('http_get', this.exprs(ctx, 'expression'), get);
  }

  keyArgument(ctx: Ctx): Expr { return this.expr(node(ctx, 'expression')); }

  httpBodyExpression(ctx: Ctx): Expr {
    const verb = token(ctx, 'Post') ?? token(ctx, 'Put') ?? token(ctx, 'Patch');
    const word = (verb?.image ?? 'post').toUpperCase();
    const fields = node(ctx, 'fieldList');
    const args = this.keywordArgs(ctx, `${word}(url, body)`, 2, 2);
    if (fields !== undefined) args.push(this.expr(fields));
    // `POST url` alone sends no body.
    if (args.length === 1) args.push({ kind: 'null', loc: locOf(verb) });
    return keywordNode(`http_${word.toLowerCase()}` as ValueKeyword, args, verb);
  }

  deleteExpression(ctx: Ctx): Expr {
    const args = this.keywordArgs(ctx, 'DELETE(url) or DELETE("table", "filter")', 1, 2);
    const where = node(ctx, 'whereClause');
    if (where !== undefined) args.push(this.expr(where));
    return keywordNode('http_delete', args, token(ctx, 'Delete'));
  }

  findExpression(ctx: Ctx): Expr {
    const start = token(ctx, 'Find');
    const [table, filter] = this.keywordArgs(ctx, 'FIND("table", "filter")', 1, 2);
    const args = [table ?? { kind: 'null' as const, loc: locOf(start) }];
    // `FIND "table"` finds every row; `WHERE a = x AND …` and `WITH` are read as filters.
    const columnValue = node(ctx, 'columnValue');
    if (filter === undefined) args.push({ kind: 'string', parts: [''], loc: args[0]?.loc ?? nowhere });
    else if (columnValue !== undefined) args.push(this.columnFilter(filter, this.expr(columnValue)));
    else args.push(token(ctx, 'where') !== undefined || token(ctx, 'With') !== undefined ? this.filterOf(filter) : filter);
    const rows = keywordNode('find', args, start);
    const order = token(ctx, 'orderColumn');
    const limitValue = node(ctx, 'limitValue');
    const limit = limitValue === undefined ? undefined : this.expr(limitValue);
    const first = token(ctx, 'first') !== undefined;
    if (order === undefined && limit === undefined && !first) return rows;
    // ORDER BY / LIMIT / FIRST: the internal phrase FIND ROWS (vm/phrases.ts) sorts and cuts the rows found.
    const descending = (token(ctx, 'direction')?.image ?? '').toUpperCase() === 'DESC';
    const values: Expr[] = [rows];
    const labels: (string | null)[] = [null];
    if (order !== undefined) {
      values.push({ kind: 'string', parts: [order.image.toLowerCase()], loc: locOf(order) });
      labels.push(descending ? 'desc' : 'asc');
    }
    if (limit !== undefined) {
      values.push(limit);
      labels.push('limit');
    }
    if (first) {
      values.push({ kind: 'boolean', value: true, loc: locOf(start) });
      labels.push('first');
    }
    return { kind: 'phrase', phrase: 'FIND ROWS', args: values, labels, loc: locOf(start) };
  }

  transferExpression(ctx: Ctx): Expr {
    const usage = 'at most 4 values after TRANSFER TO HUMAN: target, priority, reason, destination';
    const list = node(ctx, 'argumentList');
    const args = list === undefined ? this.keywordArgs(ctx, usage, 0, 4) : (this.visit(list) as Expr[]);
    if (list !== undefined && args.length > 4) report(this.context, args[4]?.loc ?? nowhere, `expected ${usage}`);
    return keywordNode('transfer_to_human', args, token(ctx, 'Transfer'));
  }

  /** The arguments of a keyword: `(a, b)` in the call form, else the plain ones under `key`. */
  private keywordArgs(ctx: Ctx, usage: string, min: number, max: number, key = 'expression'): Expr[] {
    const inParens = node(ctx, 'parenthesizedArguments');
    if (inParens === undefined) return this.exprs(ctx, key);
    const args = this.visit(inParens) as Expr[];
    if (args.length < min || args.length > max) report(this.context, locOf(token(inParens.children, 'LParen')), `expected ${usage}`);
    return args;
  }

  parenthesizedArguments(ctx: Ctx): Expr[] {
    const list = node(ctx, 'argumentList');
    return list === undefined ? [] : (this.visit(list) as Expr[]);
  }

  meetingExpression(ctx: Ctx): Expr { return keywordNode('create_meeting', this.exprs(ctx, 'expression'), token(ctx, 'Create')); }
  llmExpression(ctx: Ctx): Expr { return keywordNode('llm', this.exprs(ctx, 'expression'), token(ctx, 'Llm')); }
  recallExpression(ctx: Ctx): Expr { return keywordNode('recall', this.exprs(ctx, 'keyArgument'), token(ctx, 'Recall')); }

  callEndpointExpression(ctx: Ctx): Expr {
    const loc = locOf(token(ctx, 'Call'));
    const target = plainText(this.context, token(ctx, 'StringLiteral'), 'CALL');
    if (!target.startsWith('/')) report(this.context, loc, `CALL "${target}" gives no value: call a script as a function, ${target.replace(/\.bas$/i, '')}(…), or an endpoint as CALL "/name"`);
    const body = node(ctx, 'expression');
    return callEndpoint(target, body === undefined ? [] : [this.expr(body)], loc);
  }

  phraseExpression(ctx: Ctx): Expr {
    const start = token(ctx, 'Phrase');
    const list = node(ctx, 'phraseArguments');
    const inParens = node(ctx, 'parenthesizedArguments');
    const called = inParens === undefined ? undefined : (this.visit(inParens) as Expr[]);
    const built = called !== undefined ? { args: called, labels: called.map(() => null) } : list === undefined ? { args: [], labels: [] } : (this.visit(list) as PhraseArgs);
    const phrase = canonicalPhrase(start?.image ?? '');
    const { args, labels } = phrase === 'QUERY METRICS' ? metricsArguments(built) : built;
    if (WATCH_PHRASES.has(phrase)) this.openWatchLines += 1;
    const value: Expr = { kind: 'phrase', phrase, args, labels, loc: locOf(start) };
    // GENERATE SECURE LINK answers the link, the url of the shared file's {url, name}.
    return phrase === 'GENERATE SECURE LINK' ? { kind: 'member', object: value, name: 'url', loc: value.loc } : value;
  }

  /**
   * An argument without words of its own is labelled by the word joining it to the one before
   * (`CHART PROMPT "pie" TO "a.svg"`: "to"), so an optional argument left out is told apart.
   */
  phraseArguments(ctx: Ctx): PhraseArgs {
    const built = nodes(ctx, 'phraseArgument').map((n) => this.visit(n) as { value: Expr; label: string | null });
    const separators = [...tokens(ctx, 'Comma'), ...tokens(ctx, 'joiner')].sort((a, b) => a.startOffset - b.startOffset);
    const joiner = (i: number): string | null => {
      const before = i === 0 ? undefined : separators[i - 1];
      return before === undefined || before.image === ',' ? null : before.image.toLowerCase();
    };
    return { args: built.map((b) => b.value), labels: built.map((b, i) => b.label ?? joiner(i)) };
  }

  phraseArgument(ctx: Ctx): { value: Expr; label: string | null } {
    const words = tokens(ctx, 'label');
    const label = words.length === 0 ? null : words.map((w) => w.image.toLowerCase()).join('_');
    return { value: this.expr(node(ctx, 'expression')), label };
  }

  /** A name used as a one-word phrase (`PRINT x`), when arguments follow it. */
  private wordPhrase(name: IToken | undefined, ctx: Ctx): Expr | undefined {
    const list = node(ctx, 'phraseArguments');
    if (list === undefined) return undefined;
    const { args, labels } = this.visit(list) as PhraseArgs;
    return { kind: 'phrase', phrase: (name?.image ?? '').toUpperCase(), args, labels, loc: locOf(name) };
  }

  argumentList(ctx: Ctx): Expr[] { return this.exprs(ctx, 'expression'); }

  // ---------------------------------------------------------------- expressions
  //
  // The grammar reads expressions flat (grammar.ts, "expressions"): the precedence is given
  // here, by precedence climbing over each run of operands, so an operand costs one call.

  /**
   * `a OR b AND c`: AND binds tighter than OR; both fold left. The first negation's parts are in
   * the expression's own node, the others in its `negation` nodes.
   */
  expression(ctx: Ctx): Expr {
    const ops = ctx.LogicOp;
    if (ops === undefined) return this.negation(ctx);
    return this.foldLogic({ first: ctx, more: ctx.negation ?? none, ops, next: 0 }, 0);
  }

  private foldLogic(run: LogicRun, min: number): Expr {
    const index = run.next++;
    const more = index === 0 ? undefined : (run.more[index - 1] as CstNode | undefined);
    let left = index === 0 ? this.negation(run.first) : more === undefined ? missing() : this.negation(more.children);
    // Operator k stands between negation k and negation k + 1.
    while (run.next <= run.ops.length) {
      const or = tokenMatcher(run.ops[run.next - 1] as IToken, T.Or);
      const level = or ? 1 : 2;
      if (level < min) break;
      const right = this.foldLogic(run, level + 1);
      left = { kind: 'binary', op: or ? 'OR' : 'AND', left, right, loc: left.loc };
    }
    return left;
  }

  /** `NOT NOT a = b`: the NOTs around an operation. */
  negation(ctx: Ctx): Expr {
    let result = this.operation(ctx.operand, ctx.BinaryOp);
    const nots = ctx.Not;
    if (nots === undefined) return result;
    for (let i = nots.length - 1; i >= 0; i--) result = { kind: 'unary', op: 'NOT', operand: result, loc: locOf(nots[i] as IToken) };
    return result;
  }

  headerName(ctx: Ctx): Expr { return this.operation(ctx.operand, ctx.TightOp); }

  /** A run of operands and the operators between them, folded by precedence. */
  private operation(operands: CstElement[] | undefined, ops: CstElement[] | undefined): Expr {
    if (ops === undefined) {
      const only = operands?.[0] as CstNode | undefined;
      return only === undefined ? missing() : this.operand(only.children);
    }
    return this.foldOperation({ operands: operands ?? none, ops, next: 0 }, 0);
  }

  /** Precedence climbing; every level folds left. */
  private foldOperation(run: Run, min: number): Expr {
    let left = this.nextOperand(run, false);
    while (run.next <= run.ops.length) {
      const op = run.ops[run.next - 1] as IToken;
      const level = precedence(op);
      if (level < min) break;
      left = combine(op, left, this.foldOperation(run, level + 1));
    }
    return left;
  }

  /**
   * The next operand of a run, and the `^` run it starts unless `ownSigns` (it follows a `^`):
   * `^` binds tightest, and the signs before its first operand apply to the whole run (`-2 ^ 2`
   * is `-(2 ^ 2)`), while a sign right after a `^` belongs to its operand (`2 ^ -1`).
   */
  private nextOperand(run: Run, ownSigns: boolean): Expr {
    const cst = run.operands[run.next++] as CstNode | undefined;
    let value = cst === undefined ? missing() : this.unsigned(cst.children);
    if (!ownSigns) {
      while (run.next <= run.ops.length && (run.ops[run.next - 1] as IToken).tokenType === T.Caret) {
        value = { kind: 'binary', op: '^', left: value, right: this.nextOperand(run, true), loc: value.loc };
      }
    }
    return cst === undefined ? value : withSigns(cst.children.AddOp, value);
  }

  /** A value with its signs and accessors. */
  operand(ctx: Ctx): Expr {
    return withSigns(ctx.AddOp, this.unsigned(ctx));
  }

  /** A value and its accessors. */
  private unsigned(ctx: Ctx): Expr {
    let result = this.value(ctx);
    const accessors = ctx.accessor;
    if (accessors === undefined) return result;
    for (const accessor of accessors) result = access(result, this.accessor((accessor as CstNode).children));
    return result;
  }

  /** The value of an operand (its children besides the signs and accessors). */
  private value(ctx: Ctx): Expr {
    const literalToken = token(ctx, 'NumberLiteral') ?? token(ctx, 'True') ?? token(ctx, 'False') ?? token(ctx, 'Null');
    if (literalToken !== undefined) return literal(literalToken);
    const string = token(ctx, 'StringLiteral');
    if (string !== undefined) return stringLiteral(this.context, string);
    const ifCall = token(ctx, 'If');
    if (ifCall !== undefined) {
      const args = node(ctx, 'callArguments');
      return { kind: 'call', name: 'iif', args: args === undefined ? [] : this.callArguments(args.children), loc: locOf(ifCall) };
    }
    const name = token(ctx, 'Name');
    if (name !== undefined) {
      const loc = locOf(name);
      const phrase = this.wordPhrase(name, ctx);
      if (phrase !== undefined) return phrase;
      const args = node(ctx, 'callArguments');
      const lower = name.image.toLowerCase();
      return args === undefined ? { kind: 'variable', name: lower, loc } : { kind: 'call', name: lower, args: this.callArguments(args.children), loc };
    }
    const keyword = node(ctx, 'keywordExpression');
    if (keyword === undefined) {
      return this.expr(node(ctx, 'parenthesized') ?? node(ctx, 'arrayLiteral') ?? node(ctx, 'objectLiteral') ?? node(ctx, 'callEndpointExpression'));
    }
    const value = this.expr(keyword);
    if (value.kind === 'keyword' && value.keyword === 'http_delete' && value.args.length > 1) {
      report(this.context, value.loc, 'DELETE "table", "filter" is a statement and gives no value (use DELETE url for HTTP)');
    }
    return value;
  }

  accessor(ctx: Ctx): Accessor {
    const args = node(ctx, 'callArguments');
    if (token(ctx, 'Dot') !== undefined && args !== undefined) return { kind: 'method', name: token(ctx, 'AnyWord')?.image ?? '', args: this.visit(args) as Expr[] };
    if (token(ctx, 'Dot') !== undefined) return { kind: 'member', name: token(ctx, 'AnyWord')?.image ?? '' };
    return { kind: 'index', index: this.expr(node(ctx, 'expression')) };
  }

  callArguments(ctx: Ctx): Expr[] { return this.exprs(ctx, 'expression'); }
  parenthesized(ctx: Ctx): Expr { return this.expr(node(ctx, 'expression')); }

  arrayLiteral(ctx: Ctx): Expr {
    return { kind: 'array', items: this.exprs(ctx, 'expression'), loc: locOf(token(ctx, 'LBracket')) };
  }

  objectLiteral(ctx: Ctx): Expr {
    const entries = nodes(ctx, 'objectEntry').map((n) => this.objectEntry(n.children));
    return { kind: 'object', entries, loc: locOf(token(ctx, 'LBrace')) };
  }

  objectEntry(ctx: Ctx): { key: string; value: Expr } {
    const word = token(ctx, 'AnyWord');
    const key = word?.image ?? plainText(this.context, token(ctx, 'StringLiteral'), 'an object key');
    return { key, value: this.expr(node(ctx, 'expression')) };
  }
}

/** The visitor, built (and checked complete) once, at start-up. */
export const astBuilder = new AstBuilder();

/**
 * QUERY METRICS "name" FOR range BY interval OFFSET n: a variable before BY or OFFSET is read as
 * the label's words (`range_by`); it is the FOR value, and the value after it is BY's or OFFSET's.
 */
function metricsArguments({ args, labels }: PhraseArgs): PhraseArgs {
  const out: PhraseArgs = { args: [], labels: [] };
  args.forEach((arg, i) => {
    const label = labels[i] ?? null;
    const words = label?.split('_') ?? [];
    const last = words.at(-1);
    if (words.length > 1 && (last === 'by' || last === 'offset')) {
      out.args.push({ kind: 'variable', name: words.slice(0, -1).join('_'), loc: arg.loc });
      out.labels.push(out.labels.includes('for') ? 'by' : 'for');
      out.args.push(arg);
      out.labels.push(last);
      return;
    }
    out.args.push(arg);
    out.labels.push(label);
  });
  return out;
}
