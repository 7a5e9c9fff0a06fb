/**
 * CST → AST for expressions (the first layer of the visitor in ast-builder.ts). Every method is
 * total: on a CST left partial by error recovery it still returns a node (the errors are already
 * reported), so building never throws.
 */
import type { CstChildrenDictionary, CstElement, CstNode, IToken } from 'chevrotain';
import type { BinaryOp, Expr, Loc } from './ast.js';
import type { ParseError } from './parse-errors.js';
import { splitTemplate } from './parser-strings.js';
import { basicParser } from './parser.js';

/** The children of a CST node, by token type name, rule name or label. */
export type Ctx = CstChildrenDictionary;

/** What a build needs from its caller: where errors go, and how to parse a `${…}`. */
export interface BuildContext {
  file: string;
  /** Errors that stand on their own (a block left open, ELSE after ELSE…). */
  errors: ParseError[];
  /** Errors that often come in cascades on one line (parse.ts keeps the first per line). */
  syntaxErrors: ParseError[];
  /** Parses the source of one `${…}` found at (line, column); undefined when it had errors (reported). */
  parseEmbedded(source: string, line: number, column: number): Expr | undefined;
}

/** What `.name` or `[index]` applies to the value before it. */
export type Accessor = { kind: 'member'; name: string } | { kind: 'index'; index: Expr };

const isToken = (element: CstElement): element is IToken => 'image' in element;
const none: readonly CstElement[] = [];
const noTokens: readonly IToken[] = [];
const noNodes: readonly CstNode[] = [];

/**
 * Reading CST children: the tokens or nodes under `key` (all, or the first). They run for every
 * node, so they copy nothing when every child under the key is of the kind asked for (the usual
 * case: a key names either a token type or a rule).
 */
export function tokens(ctx: Ctx, key: string): readonly IToken[] {
  const children = ctx[key];
  if (children === undefined) return noTokens;
  if (children.every(isToken)) return children as IToken[];
  return children.filter(isToken);
}

export function token(ctx: Ctx, key: string): IToken | undefined {
  for (const element of ctx[key] ?? none) if (isToken(element)) return element;
  return undefined;
}

export function nodes(ctx: Ctx, key: string): readonly CstNode[] {
  const children = ctx[key];
  if (children === undefined) return noNodes;
  if (!children.some(isToken)) return children as CstNode[];
  return children.filter((e): e is CstNode => !isToken(e));
}

export function node(ctx: Ctx, key: string): CstNode | undefined {
  for (const element of ctx[key] ?? none) if (!isToken(element)) return element;
  return undefined;
}

/** The one child node of a rule that is a choice between sub-rules. */
export function onlyNode(ctx: Ctx): CstNode | undefined {
  for (const key in ctx) for (const element of ctx[key] ?? none) if (!isToken(element)) return element;
  return undefined;
}

/** Where a token starts (a token inserted by error recovery has no position: 0:0). */
export function locOf(tok: IToken | undefined): Loc {
  const line = tok?.startLine ?? 0;
  const column = tok?.startColumn ?? 0;
  return { line: Number.isNaN(line) ? 0 : line, column: Number.isNaN(column) ? 0 : column };
}

/** Binding of the operators of an operation, loosest first (`^` is folded apart, tightest). */
const PRECEDENCE: Record<string, number> = {
  '=': 1, '<>': 1, '<': 1, '>': 1, '<=': 1, '>=': 1, '&': 2, '+': 3, '-': 3, MOD: 4, '\\': 5, '*': 6, '/': 6, '^': 7,
};

/** The negations of an expression (the first is the expression's own node) and the AND and OR between them. */
interface LogicRun {
  readonly first: Ctx;
  readonly more: readonly CstNode[];
  readonly ops: readonly IToken[];
  next: number;
}

/** Operands and the operators between them (operator k after operand k), read left to right. */
interface Run {
  readonly operands: readonly CstNode[];
  readonly ops: readonly IToken[];
  next: number;
}

/** The AST operator of an operator token; a token left out by error recovery reads as `+`. */
function binaryOp(op: IToken | undefined): BinaryOp {
  return (op?.image.toUpperCase() ?? '+') as BinaryOp;
}

function precedence(op: IToken | undefined): number {
  return PRECEDENCE[binaryOp(op)] ?? 3;
}

/** The position of a node that error recovery left without tokens. */
export const nowhere: Loc = { line: 0, column: 0 };
const BaseVisitor = basicParser.getBaseCstVisitorConstructor<undefined, unknown>();

/** The expression layer of the CST visitor (the base of the one built in ast-builder.ts). */
export abstract class ExpressionBuilder extends BaseVisitor {
  protected context: BuildContext = { file: '', errors: [], syntaxErrors: [], parseEmbedded: () => undefined };

  protected report(loc: Loc, message: string): void {
    this.context.errors.push({ file: this.context.file, line: loc.line, column: loc.column, message });
  }

  protected reportSyntax(loc: Loc, message: string): void {
    this.context.syntaxErrors.push({ file: this.context.file, line: loc.line, column: loc.column, message });
  }

  /** The expression of a CST node; a `null` stand-in where recovery left nothing. */
  protected expr(cst: CstNode | undefined): Expr {
    return cst === undefined ? { kind: 'null', loc: nowhere } : (this.visit(cst) as Expr);
  }

  protected exprs(ctx: Ctx, key: string): Expr[] {
    return nodes(ctx, key).map((n) => this.expr(n));
  }

  /**
   * `a OR b AND c`: AND binds tighter than OR; both fold left. The first negation's parts are in
   * the expression's own node, the others in its `negation` nodes (parser-expressions.ts).
   */
  expression(ctx: Ctx): Expr {
    const more = nodes(ctx, 'negation');
    if (more.length === 0) return this.negationOf(ctx);
    const run: LogicRun = { first: ctx, more, ops: tokens(ctx, 'LogicOp'), next: 0 };
    return this.foldLogic(run, 0);
  }

  private foldLogic(run: LogicRun, min: number): Expr {
    const index = run.next++;
    let left = index === 0 ? this.negationOf(run.first) : this.expr(run.more[index - 1]);
    while (run.next <= run.more.length) {
      const level = run.ops[run.next - 1]?.image.toUpperCase() === 'OR' ? 1 : 2;
      if (level < min) break;
      const right = this.foldLogic(run, level + 1);
      left = { kind: 'binary', op: level === 1 ? 'OR' : 'AND', left, right, loc: left.loc };
    }
    return left;
  }

  negation(ctx: Ctx): Expr {
    return this.negationOf(ctx);
  }

  /**
   * NOTs around a flat run of operands and operators, folded by precedence (precedence climbing;
   * all operators fold left). `^` binds tightest: a run of `^` is folded first, and signs before
   * its first operand apply to the whole run (`-2 ^ 2` is `-(2 ^ 2)`), while a sign right after a
   * `^` belongs to the operand it stands before (`2 ^ -1`).
   */
  private negationOf(ctx: Ctx): Expr {
    const operands = nodes(ctx, 'operand');
    let result: Expr;
    if (operands.length === 0) result = this.expr(undefined);
    else if (operands.length === 1) result = this.operand(operands[0]!.children);
    else result = this.foldOperation({ operands, ops: tokens(ctx, 'BinaryOp'), next: 0 }, 0);
    const nots = ctx.Not;
    if (nots === undefined) return result;
    for (let i = nots.length - 1; i >= 0; i--) result = { kind: 'unary', op: 'NOT', operand: result, loc: locOf(nots[i] as IToken) };
    return result;
  }

  private foldOperation(run: Run, min: number): Expr {
    let left = this.nextOperand(run, false);
    while (run.next < run.operands.length) {
      const op = run.ops[run.next - 1];
      const level = precedence(op);
      if (level < min) break;
      const right = this.foldOperation(run, level + 1);
      left = { kind: 'binary', op: binaryOp(op), left, right, loc: left.loc };
    }
    return left;
  }

  /** The next operand of a run, with the `^` run it starts unless `ownSigns` (it follows a `^`). */
  private nextOperand(run: Run, ownSigns: boolean): Expr {
    const operand = run.operands[run.next++]!.children;
    let value = this.unsigned(operand);
    if (!ownSigns) {
      // Operator k stands between operand k and operand k + 1.
      while (run.next < run.operands.length && run.ops[run.next - 1]?.image === '^') {
        value = { kind: 'binary', op: '^', left: value, right: this.nextOperand(run, true), loc: value.loc };
      }
    }
    return this.withSigns(operand.AddOp, value);
  }

  operand(ctx: Ctx): Expr {
    return this.withSigns(ctx.AddOp, this.unsigned(ctx));
  }

  /** An operand's value without its signs: the primary and its accessors. */
  private unsigned(operand: Ctx): Expr {
    let result = this.primary(operand);
    const accessors = operand.accessor;
    if (accessors === undefined) return result;
    for (const accessor of accessors) result = this.access(result, this.visit(accessor as CstNode) as Accessor);
    return result;
  }

  /** `- +x`: the signs, innermost last, around a value. */
  private withSigns(signs: readonly CstElement[] | undefined, value: Expr): Expr {
    if (signs === undefined) return value;
    let result = value;
    for (let i = signs.length - 1; i >= 0; i--) {
      const sign = signs[i] as IToken;
      result = { kind: 'unary', op: sign.image === '-' ? '-' : '+', operand: result, loc: locOf(sign) };
    }
    return result;
  }

  protected access(object: Expr, accessor: Accessor): Expr {
    return accessor.kind === 'member'
      ? { kind: 'member', object, name: accessor.name, loc: object.loc }
      : { kind: 'index', object, index: accessor.index, loc: object.loc };
  }

  accessor(ctx: Ctx): Accessor {
    if (token(ctx, 'Dot') !== undefined) return { kind: 'member', name: token(ctx, 'AnyWord')?.image ?? '' };
    return { kind: 'index', index: this.expr(node(ctx, 'expression')) };
  }

  /** The value part of an operand (its children besides the signs and accessors). */
  private primary(ctx: Ctx): Expr {
    const literal = token(ctx, 'NumberLiteral') ?? token(ctx, 'True') ?? token(ctx, 'False') ?? token(ctx, 'Null');
    if (literal !== undefined) {
      const loc = locOf(literal);
      const word = literal.image.toUpperCase();
      if (word === 'NULL') return { kind: 'null', loc };
      if (word === 'TRUE' || word === 'FALSE') return { kind: 'boolean', value: word === 'TRUE', loc };
      return { kind: 'number', value: Number(literal.image), loc };
    }
    const string = token(ctx, 'StringLiteral');
    if (string !== undefined) return this.stringLiteral(string);
    const name = token(ctx, 'Name');
    if (name !== undefined) {
      const loc = locOf(name);
      const lower = name.image.toLowerCase();
      const phrase = node(ctx, 'phraseArguments');
      if (phrase !== undefined) {
        const built = this.visit(phrase) as { args: Expr[]; labels: (string | null)[] };
        return { kind: 'phrase', phrase: name.image.toUpperCase(), ...built, loc };
      }
      const args = node(ctx, 'callArguments');
      return args === undefined ? { kind: 'variable', name: lower, loc } : { kind: 'call', name: lower, args: this.visit(args) as Expr[], loc };
    }
    const keyword = node(ctx, 'keywordExpression');
    if (keyword === undefined) {
      return this.expr(node(ctx, 'parenthesized') ?? node(ctx, 'arrayLiteral') ?? node(ctx, 'objectLiteral') ?? node(ctx, 'callEndpointExpression'));
    }
    const value = this.expr(keyword);
    if (value.kind === 'keyword' && value.keyword === 'http_delete' && value.args.length > 1) {
      this.report(value.loc, 'DELETE "table", "filter" is a statement and gives no value (use DELETE url for HTTP)');
    }
    return value;
  }

  callArguments(ctx: Ctx): Expr[] { return this.exprs(ctx, 'expression'); }
  parenthesized(ctx: Ctx): Expr { return this.expr(node(ctx, 'expression')); }
  argumentList(ctx: Ctx): Expr[] { return this.exprs(ctx, 'expression'); }
  keyArgument(ctx: Ctx): Expr { return this.expr(node(ctx, 'expression')); }

  arrayLiteral(ctx: Ctx): Expr {
    return { kind: 'array', items: this.exprs(ctx, 'expression'), loc: locOf(token(ctx, 'LBracket')) };
  }

  objectLiteral(ctx: Ctx): Expr {
    const entries = nodes(ctx, 'objectEntry').map((n) => this.visit(n) as { key: string; value: Expr });
    return { kind: 'object', entries, loc: locOf(token(ctx, 'LBrace')) };
  }

  objectEntry(ctx: Ctx): { key: string; value: Expr } {
    const word = token(ctx, 'AnyWord');
    const key = word?.image ?? this.plainText(token(ctx, 'StringLiteral'), 'an object key');
    return { key, value: this.expr(node(ctx, 'expression')) };
  }

  /** A string literal: text pieces and `${…}` interpolations (parsed as full expressions). */
  protected stringLiteral(tok: IToken): Expr {
    const loc = locOf(tok);
    const body = tok.image.slice(1, this.isClosed(tok) ? -1 : undefined);
    return this.template(body, true, loc, loc.column + 1);
  }

  /** Builds a string node from `text` on `loc.line`, its first character at column `firstColumn`. */
  protected template(text: string, quoted: boolean, loc: Loc, firstColumn: number): Expr {
    const parts = splitTemplate(text, quoted).map((piece) => {
      if (piece.kind === 'text') return piece.text;
      const column = firstColumn + piece.offset;
      if (piece.source.trim() === '') {
        this.report({ line: loc.line, column: column - 2 }, 'empty ${} in text: put an expression between the braces');
        return '';
      }
      return this.context.parseEmbedded(piece.source, loc.line, column) ?? '';
    });
    return { kind: 'string', parts, loc };
  }

  /** The text of a string that must not be interpolated (DESCRIPTION, object keys). */
  protected plainText(tok: IToken | undefined, what: string): string {
    if (tok === undefined) return '';
    const pieces = splitTemplate(tok.image.slice(1, this.isClosed(tok) ? -1 : undefined), true);
    if (pieces.some((p) => p.kind === 'expr')) this.report(locOf(tok), `${what} must be a plain string, without \${…}`);
    return pieces.map((p) => (p.kind === 'text' ? p.text : `\${${p.source}}`)).join('');
  }

  private isClosed(tok: IToken): boolean {
    return tok.image.length >= 2 && tok.image.endsWith('"') && (tok.payload as { error?: string } | undefined)?.error === undefined;
  }
}
