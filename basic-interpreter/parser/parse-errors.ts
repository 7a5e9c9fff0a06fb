/**
 * Parse errors as script authors see them: the error value, its `file:line:col` rendering with a
 * caret, and the wording of chevrotain's errors (what was expected, in words, and what was found)
 * instead of its token-name dumps.
 */
import { EOF, tokenMatcher, type IParserErrorMessageProvider, type IToken, type TokenType } from 'chevrotain';
import * as T from './tokens.js';

/** One problem found while reading a script; `line` and `column` are 1-based. */
export interface ParseError {
  file: string;
  line: number;
  column: number;
  message: string;
}

/**
 * Renders an error for a terminal or a log: `file:line:col: message`, then the offending source
 * line, then a caret under the column (tabs kept, so the caret lines up).
 */
export function formatParseError(err: ParseError, source: string): string {
  const text = source.split(/\r\n|\r|\n/)[err.line - 1] ?? '';
  const before = text.slice(0, Math.max(0, err.column - 1)).replace(/[^\t]/g, ' ');
  const pad = before + ' '.repeat(Math.max(0, err.column - 1 - before.length));
  return `${err.file}:${err.line}:${err.column}: ${err.message}\n${text}\n${pad}^`;
}

/** How a token found in the source is named in a message: its text, or "end of line". */
export function describeToken(token: IToken): string {
  if (token.tokenType === EOF) return 'end of file';
  if (token.tokenType === T.Newline) return 'end of line';
  if (token.tokenType === T.TalkBlock) return 'BEGIN TALK';
  const image = token.image.length > 24 ? `${token.image.slice(0, 21)}...` : token.image;
  return token.tokenType === T.StringLiteral ? image : `"${image}"`;
}

/** How an expected token type is named: `THEN`, `")"`, `a name`, `end of line`. */
function describeType(type: TokenType): string {
  return type === EOF ? 'end of file' : (type.LABEL ?? type.name);
}

/** `post = 1`: a reserved word used as a variable gets a message that says so. */
function reservedWordMisuse(previous: IToken | undefined, found: IToken | undefined): string | undefined {
  if (previous === undefined || found === undefined || found.tokenType !== T.Equals) return undefined;
  if (!tokenMatcher(previous, T.AnyWord) || tokenMatcher(previous, T.Name)) return undefined;
  return `${previous.image.toUpperCase()} is a reserved word and cannot be used as a variable name`;
}

/** The message for an unknown character in the source. */
export function unknownCharacterMessage(char: string): string {
  if (/\p{L}/u.test(char)) {
    return `unknown character "${char}": names may use only the letters A-Z, digits and _`;
  }
  return `unknown character "${char}"`;
}

const oneStatementPerLine = '":" cannot separate statements: write one statement per line';

/** The parser's error wording (chevrotain calls it when it raises an error). */
export const basicErrorMessages: IParserErrorMessageProvider = {
  buildMismatchTokenMessage({ expected, actual, previous }) {
    if (actual.tokenType === T.Colon && expected === T.Newline) return oneStatementPerLine;
    if (expected === EOF) return `unexpected ${describeToken(actual)}`;
    return reservedWordMisuse(previous, actual) ?? `expected ${describeType(expected)} but found ${describeToken(actual)}`;
  },
  buildNotAllInputParsedMessage({ firstRedundant }) {
    return `unexpected ${describeToken(firstRedundant)}`;
  },
  buildNoViableAltMessage({ customUserDescription, actual, previous }) {
    const found = actual[0];
    if (found?.tokenType === T.Colon && customUserDescription === 'expected end of line') return oneStatementPerLine;
    const misuse = reservedWordMisuse(previous, found);
    if (misuse !== undefined) return misuse;
    if (customUserDescription === undefined) return `unexpected ${found === undefined ? 'input' : describeToken(found)}`;
    return found === undefined ? customUserDescription : `${customUserDescription} but found ${describeToken(found)}`;
  },
  buildEarlyExitMessage({ actual, previous }) {
    const found = actual[0];
    return reservedWordMisuse(previous, found) ?? `expected a value but found ${found === undefined ? 'nothing' : describeToken(found)}`;
  },
};
