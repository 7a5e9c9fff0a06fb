/**
 * Text in the AST: string literals and BEGIN TALK / BEGIN SYSTEM PROMPT blocks become `string`
 * expressions of literal parts and `${…}` interpolations (each parsed as a full expression through
 * the build's context), and the strings that must stay plain (DESCRIPTION, names) are checked.
 * Plain functions of the AST builder (ast-builder.ts).
 */
import type { IToken } from 'chevrotain';
import type { Expr, Loc, Stmt } from './ast.js';
import { locOf } from './cst-children.js';
import type { ParseError } from './parse-errors.js';
import { splitTemplate } from './parser-strings.js';

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

function report(context: BuildContext, loc: Loc, message: string): void {
  context.errors.push({ file: context.file, line: loc.line, column: loc.column, message });
}

/** True when a string token ends with its closing quote (the lexer has reported one that does not). */
function isClosed(tok: IToken): boolean {
  return tok.image.length >= 2 && tok.image.endsWith('"') && (tok.payload as { error?: string } | undefined)?.error === undefined;
}

/** A string literal: text pieces and `${…}` interpolations (parsed as full expressions). */
export function stringLiteral(context: BuildContext, tok: IToken): Expr {
  const loc = locOf(tok);
  const body = tok.image.slice(1, isClosed(tok) ? -1 : undefined);
  return template(context, body, true, loc, loc.column + 1);
}

/** Builds a string node from `text` on `loc.line`, its first character at column `firstColumn`. */
function template(context: BuildContext, text: string, quoted: boolean, loc: Loc, firstColumn: number): Expr {
  const parts = splitTemplate(text, quoted).map((piece) => {
    if (piece.kind === 'text') return piece.text;
    const column = firstColumn + piece.offset;
    if (piece.source.trim() === '') {
      report(context, { line: loc.line, column: column - 2 }, 'empty ${} in text: put an expression between the braces');
      return '';
    }
    return context.parseEmbedded(piece.source, loc.line, column) ?? '';
  });
  return { kind: 'string', parts, loc };
}

/** The text of a string that must not be interpolated (DESCRIPTION, object keys). */
export function plainText(context: BuildContext, tok: IToken | undefined, what: string): string {
  if (tok === undefined) return '';
  const pieces = splitTemplate(tok.image.slice(1, isClosed(tok) ? -1 : undefined), true);
  if (pieces.some((p) => p.kind === 'expr')) report(context, locOf(tok), `${what} must be a plain string, without \${…}`);
  return pieces.map((p) => (p.kind === 'text' ? p.text : `\${${p.source}}`)).join('');
}

/** `BEGIN TALK` … `END TALK`: the lines between, dedented, joined with "\n", with `${…}`. */
export function talkBlock(context: BuildContext, tok: IToken, begin = /^BEGIN[ \t]+TALK[ \t]*(?:'.*)?$/i, opener = 'BEGIN TALK'): Stmt {
  const loc = locOf(tok);
  const [first = '', ...rest] = tok.image.split(/\r\n|\r|\n/);
  if (!begin.test(first)) report(context, loc, `${opener} must be alone on its line`);
  const closed = (tok.payload as { error?: string } | undefined)?.error === undefined;
  const lines = closed ? rest.slice(0, -1) : rest;
  const indents = lines.filter((l) => l.trim() !== '').map((l) => /^[ \t]*/.exec(l)?.[0].length ?? 0);
  const indent = indents.length === 0 ? 0 : Math.min(...indents);
  const parts: (string | Expr)[] = [];
  lines.forEach((text, i) => {
    if (i > 0) parts.push('\n');
    const lineLoc = { line: loc.line + i + 1, column: 1 };
    const line = template(context, text.slice(indent), false, lineLoc, indent + 1);
    if (line.kind === 'string') parts.push(...line.parts);
  });
  return { kind: 'talk', value: { kind: 'string', parts: mergeText(parts), loc }, loc };
}

/** `BEGIN SYSTEM PROMPT` … `END SYSTEM PROMPT`: the lines between, as SET CONTEXT text. */
export function promptBlock(context: BuildContext, tok: IToken): Stmt {
  const talk = talkBlock(context, tok, /^BEGIN[ \t]+SYSTEM[ \t]+PROMPT[ \t]*(?:'.*)?$/i, 'BEGIN SYSTEM PROMPT');
  const value = talk.kind === 'talk' ? talk.value : { kind: 'null' as const, loc: talk.loc };
  return { kind: 'command', keyword: 'set_context', args: [value], loc: talk.loc };
}

/** Joins adjacent text parts; a text with nothing in it is one empty part. */
function mergeText(parts: (string | Expr)[]): (string | Expr)[] {
  const merged: (string | Expr)[] = [];
  for (const part of parts) {
    const last = merged[merged.length - 1];
    if (typeof part === 'string' && typeof last === 'string') merged[merged.length - 1] = last + part;
    else if (part !== '') merged.push(part);
  }
  return merged.length === 0 ? [''] : merged;
}
