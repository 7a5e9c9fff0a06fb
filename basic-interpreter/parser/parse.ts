/**
 * The front half of the interpreter in one call: source text → typed AST plus every error, worded
 * for script authors. Lexing, parsing (with chevrotain's error recovery) and building all happen
 * here; the lexer, parser and visitor themselves are built once, at start-up.
 */
import { createTokenInstance, type ILexingError, type IToken } from 'chevrotain';
import type { Expr, Program } from './ast.js';
import { astBuilder, type BuildContext } from './ast-builder.js';
import { unknownCharacterMessage, type ParseError } from './parse-errors.js';
import { basicParser, type GrammarError } from './grammar.js';
import * as T from './tokens.js';
import { PHRASE_NAMES } from './phrases.js';
import { readTemplateSpellings } from './template-spellings.js';
import { unknownStatementError } from './unknown-statement.js';

export type { ParseError } from './parse-errors.js';

/** A build context that also keeps the lexer's errors (unknown characters, unterminated strings). */
interface Collector extends BuildContext {
  lexical: ParseError[];
}

/** Where lexed text sits in its file: `${…}` sources are lexed alone, then moved into place. */
interface Origin {
  line: number;
  column: number;
}

/**
 * Parses one .bas source. Never throws: problems come back in `errors`, sorted by position; the
 * program is complete when there are none, and may be partial when there are some.
 */
export function parse(source: string, file: string): { program: Program; errors: ParseError[] } {
  const context: Collector = {
    file,
    errors: [],
    syntaxErrors: [],
    lexical: [],
    parseEmbedded: (text, line, column) => parseEmbedded(text, { line, column }, context),
  };
  let program: Program = { file, body: [], procedures: [], params: [], triggers: [], forms: [] };
  try {
    const text = spaceUnderscoredKeywords(source);
    const tokens = endLines(dialect(readTemplateSpellings(lex(text, { line: 1, column: 1 }, context), text)));
    const run = basicParser.run(tokens, 'program');
    const end = endOf(tokens);
    for (const error of run.syntaxErrors) push(context.syntaxErrors, context, at(error, end), error.message);
    context.syntaxErrors = context.syntaxErrors.map((error) => unknownStatementError(error, tokens));
    for (const error of run.structureErrors) push(context.errors, context, at(error, end), error.message);
    program = astBuilder.buildProgram(run.cst, context);
  } catch (error) {
    const message = error instanceof RangeError ? 'the script is nested too deeply to be read' : `internal parser error: ${String(error)}`;
    context.errors.push({ file, line: 1, column: 1, message });
  }
  return { program, errors: tidy(context) };
}

/**
 * Statement keywords of several words, spelled with `_` by the General Bots templates
 * (`SET_BOT_MEMORY`, `CREATE_TASK`, `ADD_TOOL`): read as the spaced keyword. Only as a line's first
 * word (so a variable named `send_email` stays a variable anywhere else), and only the spellings
 * of known statements; the text keeps its length, so every position stays where it was.
 */
const UNDERSCORED_AT_LINE_START = /^([ \t]*)([A-Za-z]+(?:_[A-Za-z]+)+)(?=[ \t(]|$)/gm;
const UNDERSCORED_STATEMENTS: ReadonlySet<string> = new Set([
  ...PHRASE_NAMES.filter((name) => name.includes(' ')),
  'SET BOT MEMORY', 'GET BOT MEMORY', 'SET CONTEXT', 'SET HEADER', 'SET SCHEDULE', 'CLEAR SUGGESTIONS', 'ADD SUGGESTION',
  'CLEAR HEADERS', 'SEND MAIL', 'TRANSFER TO HUMAN', 'CREATE MEETING', 'END IF', 'END FOR', 'END WHILE', 'END SUB', 'END FUNCTION', 'END WITH', 'END SELECT',
]);

/** `x = GENERATE_PDF …`: after `=`, the underscore spellings of keyword phrases (the ones that give a value). */
const UNDERSCORED_AFTER_EQUALS = /(=[ \t]*)([A-Za-z]+(?:_[A-Za-z]+)+)(?=[ \t]+["A-Za-z_])/g;
const UNDERSCORED_PHRASES: ReadonlySet<string> = new Set(PHRASE_NAMES.filter((name) => name.includes(' ')));

function spaceUnderscoredKeywords(source: string): string {
  if (!source.includes('_')) return source;
  return source
    .replace(UNDERSCORED_AT_LINE_START, (whole: string, indent: string, word: string) => {
      const spaced = word.replace(/_/g, ' ');
      return UNDERSCORED_STATEMENTS.has(spaced.toUpperCase()) ? indent + spaced : whole;
    })
    .replace(UNDERSCORED_AFTER_EQUALS, (whole: string, equals: string, word: string) => {
      const spaced = word.replace(/_/g, ' ');
      return UNDERSCORED_PHRASES.has(spaced.toUpperCase()) ? equals + spaced : whole;
    });
}

/** Parses the inside of one `${…}` (at `origin` in the file) as a full expression. */
function parseEmbedded(text: string, origin: Origin, context: Collector): Expr | undefined {
  const count = (): number => context.errors.length + context.syntaxErrors.length + context.lexical.length;
  const before = count();
  const tokens = dialect(lex(text, origin, context));
  // `${name}`, the usual interpolation: one identifier is a variable, as parser and builder would
  // read it; skipping them saves a parser run per such `${…}` (docs/performance.md, "Compile").
  const only = tokens.length === 1 ? tokens[0] : undefined;
  if (only?.tokenType === T.Identifier && count() === before) {
    return { kind: 'variable', name: only.image.toLowerCase(), loc: { line: only.startLine ?? 0, column: only.startColumn ?? 0 } };
  }
  const run = basicParser.run(tokens, 'expression');
  const end = { line: origin.line, column: origin.column + text.length };
  for (const error of run.syntaxErrors) {
    push(context.syntaxErrors, context, at(error, end), error.message.replace('end of file', '"}"'));
  }
  const expr = astBuilder.buildExpression(run.cst, context);
  return count() > before ? undefined : expr;
}

/** Lexes `text`, reporting unknown characters and unterminated strings or BEGIN TALK blocks. */
function lex(text: string, origin: Origin, context: Collector): IToken[] {
  const { tokens, errors } = T.basicLexer.tokenize(text);
  const shift = (line: number, column: number): Origin =>
    line === 1 ? { line: origin.line, column: column + origin.column - 1 } : { line: line + origin.line - 1, column };
  for (const error of errors as ILexingError[]) {
    const at = shift(error.line ?? 1, error.column ?? 1);
    push(context.lexical, context, at, unknownCharacterMessage(text.charAt(error.offset)));
  }
  const moved = origin.line !== 1 || origin.column !== 1;
  for (const token of tokens) {
    if (moved) moveToken(token, origin);
    const problem = (token.payload as { error?: string } | undefined)?.error;
    if (problem !== undefined) push(context.lexical, context, { line: token.startLine ?? 1, column: token.startColumn ?? 1 }, problem);
  }
  return tokens;
}

/** Moves a token lexed from text that starts at `origin` into place, as `shift` in `lex` does. */
function moveToken(token: IToken, origin: Origin): void {
  const { startLine = 1, startColumn = 1, endLine = 1, endColumn = 1 } = token;
  if (startLine === 1) token.startColumn = startColumn + origin.column - 1;
  if (endLine === 1) token.endColumn = endColumn + origin.column - 1;
  token.startLine = startLine + origin.line - 1;
  token.endLine = endLine + origin.line - 1;
}

/**
 * The General Bots spellings of core operators, as the core tokens: `x IS NULL` → `x = NULL`,
 * `x IS NOT NULL` → `x <> NULL`, `!=` → `<>`.
 */
function dialect(tokens: IToken[]): IToken[] {
  if (!tokens.some((t) => t.tokenType === T.IsNull || t.image === '!=')) return tokens;
  return tokens.flatMap((token) => {
    if (token.image === '!=') return [{ ...token, image: '<>' }];
    if (token.tokenType !== T.IsNull) return [token];
    const negated = /NOT/i.test(token.image);
    const at = (type: typeof T.Null, image: string): IToken => ({ ...token, tokenType: type, tokenTypeIdx: type.tokenTypeIdx ?? 0, image });
    return [at(negated ? T.NotEqual : T.Equals, negated ? '<>' : '='), at(T.Null, 'NULL')];
  });
}

/**
 * Tokens after which a line goes on: a statement continued on the next line after `,` `+` `&` `(`,
 * and after a line-final WITH (`POST url WITH` and its fields on the lines below).
 */
const CONTINUES = new Set([T.Comma, T.Plus, T.Ampersand, T.LParen, T.With]);

/**
 * Line ends inside `[…]`, `{…}` and `(…)` are not statement ends (arrays and objects may span lines);
 * only matched pairs count, so one missing `]` does not swallow the rest of the file. The last
 * line gets an end even when the file has no final newline.
 */
function endLines(tokens: IToken[]): IToken[] {
  // Plain loops: this runs over every token of a script (docs/performance.md, "The interpreter").
  const depth = new Int32Array(tokens.length + 1);
  const open: number[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const type = tokens[i]!.tokenType;
    if (type === T.LBracket || type === T.LBrace || type === T.LParen) open.push(i);
    const closes = type === T.RBracket ? T.LBracket : type === T.RBrace ? T.LBrace : type === T.RParen ? T.LParen : undefined;
    const opener = open[open.length - 1];
    if (closes !== undefined && opener !== undefined && tokens[opener]!.tokenType === closes) {
      open.pop();
      depth[opener + 1]! += 1;
      depth[i]! -= 1;
    }
  }
  let inside = 0;
  const kept: IToken[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    inside += depth[i]!;
    if (token.tokenType !== T.Newline) kept.push(token);
    else if (inside === 0 && (i === 0 || !CONTINUES.has(tokens[i - 1]!.tokenType))) kept.push(token);
  }
  const last = kept[kept.length - 1];
  if (last !== undefined && last.tokenType !== T.Newline) {
    const line = last.endLine ?? 1;
    const column = (last.endColumn ?? 0) + 1;
    const offset = (last.endOffset ?? 0) + 1;
    kept.push(createTokenInstance(T.Newline, '', offset, offset, line, line, column, column));
  }
  return kept;
}

/** Where the input ends: errors found there point at the last token (the end of the last line). */
function endOf(tokens: IToken[]): Origin {
  const last = tokens[tokens.length - 1];
  return last === undefined ? { line: 1, column: 1 } : { line: last.startLine ?? 1, column: last.startColumn ?? 1 };
}

/** Where an error is: its token, or `end` for the end of input (chevrotain's EOF has no position). */
function at(error: GrammarError, end: Origin): Origin {
  const { startLine, startColumn } = error.token;
  if (startLine === undefined || startColumn === undefined || Number.isNaN(startLine)) return end;
  return { line: startLine, column: startColumn };
}

function push(list: ParseError[], context: BuildContext, at: Origin, message: string): void {
  list.push({ file: context.file, line: at.line, column: at.column, message });
}

/**
 * All errors by position. Syntax errors often cascade along a line (an error, then the rest of the
 * line read as junk): only the first of each line is kept, and none on a line whose characters
 * already failed to lex (an unknown character, an unterminated string). The others are all kept.
 */
function tidy(context: Collector): ParseError[] {
  const byPosition = (a: ParseError, b: ParseError): number => a.line - b.line || a.column - b.column;
  const explained = new Set(context.lexical.map((e) => e.line));
  const firstPerLine = new Map<number, ParseError>();
  for (const error of [...context.syntaxErrors].sort(byPosition)) {
    if (!explained.has(error.line) && !firstPerLine.has(error.line)) firstPerLine.set(error.line, error);
  }
  const all = [...context.errors, ...context.lexical, ...firstPerLine.values()].sort(byPosition);
  return all.filter((e, i) => {
    const previous = all[i - 1];
    return previous === undefined || byPosition(previous, e) !== 0 || previous.message !== e.message;
  });
}
