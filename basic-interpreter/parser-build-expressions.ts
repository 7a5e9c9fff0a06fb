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
/** Reading CST children: the tokens or nodes under `key` (all, or the first). */
export const tokens = (ctx: Ctx, key: string): IToken[] => (ctx[key] ?? []).filter(isToken);
export const token = (ctx: Ctx, key: string): IToken | undefined => tokens(ctx, key)[0];
export const nodes = (ctx: Ctx, key: string): CstNode[] => (ctx[key] ?? []).filter((e): e is CstNode => !isToken(e));
export const node = (ctx: Ctx, key: string): CstNode | undefined => nodes(ctx, key)[0];
/** The one child node of a rule that is a choice between sub-rules. */
export const onlyNode = (ctx: Ctx): CstNode | undefined =>
  Object.values(ctx).flat().find((e): e is CstNode => !isToken(e));

/** Where a token starts (a token inserted by error recovery has no position: 0:0). */
export function locOf(tok: IToken | undefined): Loc {
  const line = tok?.startLine ?? 0;
  const column = tok?.startColumn ?? 0;
  return { line: Number.isNaN(line) ? 0 : line, column: Number.isNaN(column) ? 0 : column };
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

  /** Folds `a op b op c` left-associatively. */
  private chain(ctx: Ctx, operandKey: string, opKey: string): Expr {
    const [first, ...rest] = this.exprs(ctx, operandKey);
    const ops = tokens(ctx, opKey);
    let result = first ?? this.expr(undefined);
    rest.forEach((right, i) => {
      const op = (ops[i]?.image ?? '+').toUpperCase() as BinaryOp;
      result = { kind: 'binary', op, left: result, right, loc: result.loc };
    });
    return result;
  }

  expression(ctx: Ctx): Expr { return this.chain(ctx, 'andExpression', 'Or'); }
  andExpression(ctx: Ctx): Expr { return this.chain(ctx, 'notExpression', 'And'); }
  comparison(ctx: Ctx): Expr { return this.chain(ctx, 'concatenation', 'CompareOp'); }
  concatenation(ctx: Ctx): Expr { return this.chain(ctx, 'additive', 'Ampersand'); }
  additive(ctx: Ctx): Expr { return this.chain(ctx, 'modulo', 'AddOp'); }
  modulo(ctx: Ctx): Expr { return this.chain(ctx, 'integerDivision', 'Mod'); }
  integerDivision(ctx: Ctx): Expr { return this.chain(ctx, 'multiplicative', 'Backslash'); }
  multiplicative(ctx: Ctx): Expr { return this.chain(ctx, 'unary', 'MulOp'); }

  notExpression(ctx: Ctx): Expr {
    const not = token(ctx, 'Not');
    if (not === undefined) return this.expr(node(ctx, 'comparison'));
    return { kind: 'unary', op: 'NOT', operand: this.expr(node(ctx, 'notExpression')), loc: locOf(not) };
  }

  unary(ctx: Ctx): Expr { return this.signed(ctx, 'unary', 'power'); }
  exponent(ctx: Ctx): Expr { return this.signed(ctx, 'exponent', 'postfix'); }

  private signed(ctx: Ctx, selfKey: string, operandKey: string): Expr {
    const sign = token(ctx, 'AddOp');
    if (sign === undefined) return this.expr(node(ctx, operandKey));
    const op = sign.image === '-' ? '-' : '+';
    return { kind: 'unary', op, operand: this.expr(node(ctx, selfKey)), loc: locOf(sign) };
  }

  power(ctx: Ctx): Expr {
    let result = this.expr(node(ctx, 'postfix'));
    for (const right of this.exprs(ctx, 'exponent')) result = { kind: 'binary', op: '^', left: result, right, loc: result.loc };
    return result;
  }

  postfix(ctx: Ctx): Expr {
    let result = this.expr(node(ctx, 'primary'));
    for (const accessor of nodes(ctx, 'accessor')) result = this.access(result, this.visit(accessor) as Accessor);
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

  primary(ctx: Ctx): Expr {
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
    const keyword = node(ctx, 'keywordExpression');
    if (keyword === undefined) return this.expr(onlyNode(ctx));
    const value = this.expr(keyword);
    if (value.kind === 'keyword' && value.keyword === 'http_delete' && value.args.length > 1) {
      this.report(value.loc, 'DELETE "table", "filter" is a statement and gives no value (use DELETE url for HTTP)');
    }
    return value;
  }

  nameOrCall(ctx: Ctx): Expr {
    const name = token(ctx, 'Name');
    const loc = locOf(name);
    const lower = (name?.image ?? '').toLowerCase();
    const args = node(ctx, 'callArguments');
    return args === undefined ? { kind: 'variable', name: lower, loc } : { kind: 'call', name: lower, args: this.visit(args) as Expr[], loc };
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
