/**
 * The CST visitor that turns a parsed script into the typed AST of ast.ts: lines and blocks here,
 * one-line statements and expressions in the parser-build-*.ts layers it extends. It is complete
 * by construction: `validateVisitor` fails at start-up if a grammar rule has no method.
 *
 * Besides building, it reports what the grammar accepts loosely on purpose (so one slip does not
 * derail the rest of the file): closers without an opener, lines that are not statements, ELSE
 * after ELSE, NEXT j closing FOR i, SUB or PARAM inside a block.
 */
import type { CstNode, IToken } from 'chevrotain';
import { TABLE_NAME } from '../host/stores.js';
import type { Expr, Loc, Procedure, Program, Stmt, TableEvent, Target } from './ast.js';
import { describeToken } from './parse-errors.js';
import { locOf, node, nodes, onlyNode, token, tokens, type Accessor, type BuildContext, type Ctx } from './parser-build-expressions.js';
import { StatementBuilder } from './parser-build-statements.js';

export type { BuildContext } from './parser-build-expressions.js';

type Branch = { condition?: Expr; body: Stmt[]; loc: Loc; word: string };

/** What each closing word says when no open block is waiting for it. */
const strayMessages: Record<string, string> = {
  Next: 'NEXT without FOR', Loop: 'LOOP without DO', Wend: 'WEND without WHILE', Else: 'ELSE without IF',
  ElseIf: 'ELSEIF without IF', Case: 'CASE without SELECT CASE', EndIf: 'END IF without IF',
  EndSelect: 'END SELECT without SELECT CASE', EndSub: 'END SUB without SUB',
  EndFunction: 'END FUNCTION without FUNCTION', EndTalk: 'END TALK without BEGIN TALK',
  EndFor: 'END FOR without FOR', EndWith: 'END WITH without WITH', EndSwitch: 'END SWITCH without SWITCH',
  EndOn: 'END ON without ON FORM SUBMIT, ON EMAIL or ON CHANGE',
  End: 'END must be followed by IF, SELECT, SUB or FUNCTION',
};

/**
 * A WEBHOOK endpoint's or a form's name: one segment of its URL (docs/basic.md, "Webhooks and
 * forms"), nothing to escape.
 */
const ENDPOINT_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

class AstBuilder extends StatementBuilder {
  private result: Program = { file: '', body: [], procedures: [], params: [], triggers: [], forms: [] };
  /** How many blocks enclose the line being built (0: top level). */
  private depth = 0;
  private descriptionLine = 0;
  private webhookLine = 0;
  /** The objects of the WITH blocks being built, innermost last. */
  private readonly withObjects: Expr[] = [];

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

  private lines(cstLines: readonly CstNode[]): Stmt[] {
    return cstLines.map((line) => this.stmt(line)).filter((s): s is Stmt => s !== undefined);
  }

  program(ctx: Ctx): Stmt[] { return this.lines(nodes(ctx, 'line')); }
  line(ctx: Ctx): Stmt | undefined { return this.stmt(onlyNode(ctx)); }

  restOfLine(): undefined { return undefined; }

  block(ctx: Ctx): Stmt[] {
    this.depth += 1;
    try {
      return this.lines(nodes(ctx, 'line'));
    } finally {
      this.depth -= 1;
    }
  }

  private body(cst: CstNode | undefined): Stmt[] {
    return cst === undefined ? [] : (this.visit(cst) as Stmt[]);
  }

  strayLine(ctx: Ctx): undefined {
    const word = Object.keys(ctx).find((key) => key in strayMessages) ?? 'End';
    if (word === 'EndOn' && this.openWatchLines > 0) {
      this.openWatchLines -= 1; // closes an ON EMAIL / ON CHANGE block: nothing to run
      return undefined;
    }
    const tok = token(ctx, word);
    const message = word === 'ElseIf' ? `${(tok?.image ?? '').toUpperCase().replace(/\s+/, ' ')} without IF` : strayMessages[word];
    this.report(locOf(tok), message ?? 'unexpected END');
    return undefined;
  }

  junkLine(ctx: Ctx): undefined {
    const tok = token(ctx, 'Junk');
    if (tok !== undefined) this.reportSyntax(locOf(tok), `expected a statement but found ${describeToken(tok)}`);
    return undefined;
  }

  /** A statement and its line end (the Newline token is not a node, so `onlyNode` skips it). */
  statementLine(ctx: Ctx): Stmt | undefined {
    const talk = token(ctx, 'TalkBlock');
    if (talk !== undefined) return this.talkBlock(talk);
    const prompt = token(ctx, 'PromptBlock');
    if (prompt !== undefined) return this.promptBlock(prompt);
    return this.stmt(onlyNode(ctx));
  }

  /** Reports a declaration that is not at the top level; true when it is. */
  private atTopLevel(start: IToken | undefined, what: string): boolean {
    if (this.depth === 0) return true;
    this.report(locOf(start), `${what} must be at the top level of the script, not inside a block`);
    return false;
  }

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
        this.report(clause.loc, `${clause.word} after the ELSE of this IF (ELSE is on line ${elseClause.loc.line})`);
      } else if (clause.condition === undefined) {
        elseClause = clause;
      } else {
        branches.push({ condition: clause.condition, body: clause.body });
      }
    }
    return { kind: 'if', branches, elseBody: elseClause?.body ?? [], loc };
  }

  elseClause(ctx: Ctx): Branch { return this.branch(ctx, this.body(node(ctx, 'block'))); }
  inlineElse(ctx: Ctx): Branch { return this.branch(ctx, this.lines(nodes(ctx, 'simpleStatement'))); }

  /** The head of a branch; `body` is filled by elseClause / inlineElse. */
  elseHead(ctx: Ctx): Branch {
    const elseIf = token(ctx, 'ElseIf');
    if (elseIf === undefined) return { body: [], loc: locOf(token(ctx, 'Else')), word: 'ELSE' };
    const word = elseIf.image.toUpperCase().replace(/\s+/, ' ');
    return { condition: this.expr(node(ctx, 'expression')), body: [], loc: locOf(elseIf), word };
  }

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
      this.report(locOf(next), `NEXT ${next.image} does not match FOR ${variable} (line ${loc.line})`);
    }
    if (token(ctx, 'Each') !== undefined) {
      return { kind: 'for_each', variable, list: this.expr(node(ctx, 'expression')), body, loc };
    }
    const from = this.expr(node(ctx, 'from'));
    const to = this.expr(node(ctx, 'to'));
    const step = node(ctx, 'step');
    return step === undefined
      ? { kind: 'for', variable, from, to, body, loc }
      : { kind: 'for', variable, from, to, step: this.expr(step), body, loc };
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
    for (const accessor of nodes(ctx, 'accessor')) target = this.access(target, this.visit(accessor) as Accessor) as Target;
    return { kind: 'assign', target, value: this.expr(node(ctx, 'expression')), loc };
  }

  doStatement(ctx: Ctx): Stmt {
    const loc = locOf(token(ctx, 'Do'));
    const before = node(ctx, 'before');
    const after = node(ctx, 'after');
    if (before !== undefined && after !== undefined) {
      this.report(loc, 'a DO loop has its condition after DO or after LOOP, not both');
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
    for (const stray of this.lines(nodes(ctx, 'line'))) this.report(stray.loc, 'expected CASE: statements in SELECT CASE go under a CASE');
    this.depth -= 1;
    const cases: { values: Expr[]; body: Stmt[] }[] = [];
    let elseCase: { body: Stmt[]; loc: Loc } | undefined;
    for (const clause of nodes(ctx, 'caseClause')) {
      const built = this.visit(clause) as { values?: Expr[]; body: Stmt[]; loc: Loc };
      if (elseCase !== undefined) this.report(built.loc, `CASE after CASE ELSE (line ${elseCase.loc.line})`);
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

  subDefinition(ctx: Ctx): undefined { return this.procedure(ctx, 'sub', token(ctx, 'Sub')); }
  functionDefinition(ctx: Ctx): undefined { return this.procedure(ctx, 'function', token(ctx, 'Function')); }

  /** Hoists a SUB or FUNCTION into `program.procedures` (it is not a statement of the body). */
  private procedure(ctx: Ctx, kind: 'sub' | 'function', start: IToken | undefined): undefined {
    const topLevel = this.atTopLevel(start, kind.toUpperCase());
    const header = node(ctx, 'procedureHeader');
    const { name, params } = header === undefined ? { name: '', params: [] } : (this.visit(header) as { name: string; params: string[] });
    const procedure: Procedure = { kind, name, params, body: this.body(node(ctx, 'block')), loc: locOf(start) };
    const previous = this.result.procedures.find((p) => p.name === name);
    if (previous !== undefined) this.report(procedure.loc, `${name} is already defined on line ${previous.loc.line}`);
    else if (topLevel) this.result.procedures.push(procedure);
    return undefined;
  }

  procedureHeader(ctx: Ctx): { name: string; params: string[] } {
    const name = (token(ctx, 'Name')?.image ?? '').toLowerCase();
    return { name, params: tokens(ctx, 'parameter').map((p) => p.image.toLowerCase()) };
  }

  paramDeclaration(ctx: Ctx): undefined {
    const start = token(ctx, 'Param');
    if (!this.atTopLevel(start, 'PARAM')) return undefined;
    const like = node(ctx, 'expression');
    const description = token(ctx, 'StringLiteral');
    const optional = token(ctx, 'optional') !== undefined;
    this.result.params.push({
      ...(optional ? { optional } : {}),
      name: (token(ctx, 'Name')?.image ?? '').toLowerCase(),
      type: (token(ctx, 'type')?.image ?? '').toUpperCase(),
      ...(like === undefined ? {} : { like: this.expr(like) }),
      ...(description === undefined ? {} : { description: this.plainText(description, 'DESCRIPTION') }),
      loc: locOf(start),
    });
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
    const written = this.plainText(literal, keyword);
    if (written.includes('${')) return undefined; // plainText said so
    if (!TABLE_NAME.test(written)) {
      this.report(loc, `${keyword}: "${written}" is not a table name (letters, digits and _, not first)`);
      return undefined;
    }
    const table = written.toLowerCase();
    const known = this.result.triggers.find((t) => t.event === event && t.table === table);
    if (known) this.report(loc, `${keyword} "${written}" is already declared on line ${known.loc.line}`);
    else this.result.triggers.push({ event, table, loc });
    return undefined;
  }

  webhookDeclaration(ctx: Ctx): undefined {
    const start = token(ctx, 'WebhookDeclaration');
    const literal = token(ctx, 'StringLiteral');
    if (literal === undefined || !this.atTopLevel(start, 'WEBHOOK')) return undefined;
    const loc = locOf(start);
    const written = this.plainText(literal, 'WEBHOOK');
    if (!ENDPOINT_NAME.test(written)) {
      this.report(loc, `WEBHOOK: "${written}" is not an endpoint name (letters, digits, - and _, starting with a letter or digit, at most 64)`);
    } else if (this.result.webhook !== undefined) {
      this.report(loc, `WEBHOOK is already declared on line ${this.webhookLine}: a script is one endpoint`);
    } else {
      this.result.webhook = written.toLowerCase();
      this.webhookLine = loc.line;
    }
    return undefined;
  }

  formSubmitHandler(ctx: Ctx): undefined {
    const start = token(ctx, 'OnFormSubmit');
    const literal = token(ctx, 'StringLiteral');
    const body = this.body(node(ctx, 'block'));
    if (literal === undefined || !this.atTopLevel(start, 'ON FORM SUBMIT')) return undefined;
    const loc = locOf(start);
    const written = this.plainText(literal, 'ON FORM SUBMIT');
    const option = token(ctx, 'option');
    if (option !== undefined && option.image.toUpperCase() !== 'VALIDATION') {
      this.report(locOf(option), `ON FORM SUBMIT "${written}" WITH ${option.image}: the only option is WITH VALIDATION`);
    }
    const form = written.toLowerCase();
    const known = this.result.forms.find((f) => f.form === form);
    if (!ENDPOINT_NAME.test(written)) {
      this.report(loc, `ON FORM SUBMIT: "${written}" is not a form name (letters, digits, - and _, starting with a letter or digit, at most 64)`);
    } else if (known) {
      this.report(loc, `ON FORM SUBMIT "${written}" is already handled on line ${known.loc.line}`);
    } else {
      this.result.forms.push({ form, validation: option !== undefined, body, loc });
    }
    return undefined;
  }

  descriptionStatement(ctx: Ctx): undefined {
    const start = token(ctx, 'Description');
    if (!this.atTopLevel(start, 'DESCRIPTION')) return undefined;
    const loc = locOf(start);
    if (this.descriptionLine > 0) this.report(loc, `DESCRIPTION is already given on line ${this.descriptionLine}`);
    this.descriptionLine = loc.line;
    this.result.description = this.plainText(token(ctx, 'StringLiteral'), 'DESCRIPTION');
    return undefined;
  }
}

/** The visitor, built (and checked complete) once, at start-up. */
export const astBuilder = new AstBuilder();
