/**
 * Scanning of string literals and BEGIN TALK blocks: where they end, and how their text splits
 * into literal pieces and `${expr}` interpolations. Shared by the lexer (tokens.ts), which only
 * needs the end, and the AST builder, which needs the pieces.
 */

/** Where a scan stopped; `error` is set when the text ran out (end of line or file) too early. */
export interface ScanResult {
  end: number;
  error?: string;
}

/** A piece of an interpolated text: literal text, or the source of one `${…}` and its offset. */
export type TemplatePiece =
  | { kind: 'text'; text: string }
  | { kind: 'expr'; source: string; offset: number };

/** `\n`, `\t`, `\r` in a string literal (General Bots scripts write line breaks so). */
const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r' };

const missingBrace = 'unterminated ${ in text: missing }';

const isLineBreak = (c: string | undefined): boolean => c === '\n' || c === '\r';

/** After a string's closing quote: blanks, then the line's end or what continues an expression. */
const afterMultilineString = /[ \t]*(?:[+&,)\r\n]|$)/y;

/**
 * Whether a string left open at the line break `at` goes on over the next lines, as the templates
 * write long prompts and mail bodies: when its closing `"` is followed by the line's end or by
 * `+ & , )`. Otherwise it is unterminated (a missing `"` on one line is not read as a string
 * running into the next statement).
 */
function continuesOverLines(text: string, at: number): boolean {
  const close = text.indexOf('"', at);
  if (close < 0) return false;
  afterMultilineString.lastIndex = close + 1;
  return afterMultilineString.test(text);
}

/** Scans a string literal opening at `start` (a `"`); `""` is an escaped quote. */
export function scanString(text: string, start: number): ScanResult {
  let i = start + 1;
  while (i < text.length) {
    const c = text[i];
    if (isLineBreak(c) && !continuesOverLines(text, i)) break;
    if (c === '"') {
      if (text[i + 1] !== '"') return { end: i + 1 };
      i += 2;
    } else if (c === '$' && text[i + 1] === '{') {
      const inner = scanInterpolation(text, i + 2);
      if (inner.error !== undefined) return inner;
      i = inner.end;
    } else {
      i += 1;
    }
  }
  return { end: i, error: 'unterminated string: a string must end with " on the same line' };
}

/**
 * Scans the inside of `${…}` from `start` (just after `${`) to just after its closing `}`, skipping
 * nested braces (object literals) and nested strings. Interpolations do not span lines.
 */
export function scanInterpolation(text: string, start: number): ScanResult {
  let depth = 0;
  let i = start;
  while (i < text.length && !isLineBreak(text[i])) {
    const c = text[i];
    if (c === '"') {
      const inner = scanString(text, i);
      if (inner.error !== undefined) return { end: inner.end, error: missingBrace };
      i = inner.end;
      continue;
    }
    if (c === '{') depth += 1;
    if (c === '}') {
      if (depth === 0) return { end: i + 1 };
      depth -= 1;
    }
    i += 1;
  }
  return { end: i, error: missingBrace };
}

/**
 * Splits `text` into literal pieces and interpolations. With `quoted`, `""` stands for one `"`
 * (string literals); without it, the text is raw (BEGIN TALK lines). A `$` not followed by `{`
 * is literal. Offsets of interpolations are relative to `text`. An unterminated `${` is kept as
 * literal text (the lexer has already reported it).
 */
export function splitTemplate(text: string, quoted: boolean): TemplatePiece[] {
  const pieces: TemplatePiece[] = [];
  // Plain characters are taken as whole runs (`text.slice(from, i)`), not one by one: a string
  // built a character at a time is one allocation per character.
  let literal = '';
  let from = 0;
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (quoted && c === '"' && text[i + 1] === '"') {
      literal += `${text.slice(from, i)}"`;
      i += 2;
      from = i;
    } else if (quoted && c === '\\' && (text[i + 1] === 'n' || text[i + 1] === 't' || text[i + 1] === 'r')) {
      literal += text.slice(from, i) + ESCAPES[text[i + 1] ?? 'n'];
      i += 2;
      from = i;
    } else if (c === '$' && text[i + 1] === '{') {
      const inner = scanInterpolation(text, i + 2);
      if (inner.error !== undefined) break;
      literal += text.slice(from, i);
      if (literal !== '') pieces.push({ kind: 'text', text: literal });
      literal = '';
      pieces.push({ kind: 'expr', source: text.slice(i + 2, inner.end - 1), offset: i + 2 });
      i = inner.end;
      from = i;
    } else {
      i += 1;
    }
  }
  // The rest: plain characters, or an unterminated `${` and all after it.
  literal += text.slice(from);
  if (literal !== '' || pieces.length === 0) pieces.push({ kind: 'text', text: literal });
  return pieces;
}

const beginTalkLine = /BEGIN[ \t]+TALK(?![A-Za-z0-9_])[^\r\n]*/iy;
const endTalkLine = /^[ \t]*END[ \t]+TALK(?![A-Za-z0-9_])[ \t]*(?:'.*)?$/i;
const beginPromptLine = /BEGIN[ \t]+SYSTEM[ \t]+PROMPT(?![A-Za-z0-9_])[^\r\n]*/iy;
const endPromptLine = /^[ \t]*END[ \t]+SYSTEM[ \t]+PROMPT(?![A-Za-z0-9_])[ \t]*(?:'.*)?$/i;

/**
 * Scans a BEGIN TALK block starting at `start`: through the line that holds only END TALK. Without
 * one, the block runs to the end of the file and `error` says so.
 */
export function scanTalkBlock(text: string, start: number): ScanResult | undefined {
  return scanBlock(text, start, beginTalkLine, endTalkLine, 'BEGIN TALK without END TALK');
}

const beginTableLine = /TABLE[ \t]+[A-Za-z_][A-Za-z0-9_]*[ \t]*(?:'[^\r\n]*)?(?=\r|\n|$)/iy;
const endTableLine = /^[ \t]*END[ \t]+TABLE(?![A-Za-z0-9_])[ \t]*(?:'.*)?$/i;

/**
 * Scans a `TABLE name` … `END TABLE` block (parser/table-definition.ts reads its lines); only when
 * TABLE is the first word of its line, so `table` stays a variable name elsewhere.
 */
export function scanTableBlock(text: string, start: number): ScanResult | undefined {
  for (let i = start - 1; i >= 0 && !isLineBreak(text[i]); i -= 1) if (text[i] !== ' ' && text[i] !== '\t') return undefined;
  return scanBlock(text, start, beginTableLine, endTableLine, 'TABLE without END TABLE');
}

/** Scans a BEGIN SYSTEM PROMPT block, as {@link scanTalkBlock} does a BEGIN TALK one. */
export function scanPromptBlock(text: string, start: number): ScanResult | undefined {
  return scanBlock(text, start, beginPromptLine, endPromptLine, 'BEGIN SYSTEM PROMPT without END SYSTEM PROMPT');
}

function scanBlock(text: string, start: number, beginLine: RegExp, endLine: RegExp, unclosed: string): ScanResult | undefined {
  beginLine.lastIndex = start;
  const begin = beginLine.exec(text);
  if (begin === null) return undefined;
  let lineStart = start + begin[0].length;
  while (lineStart < text.length) {
    lineStart += text.startsWith('\r\n', lineStart) ? 2 : 1;
    let lineEnd = lineStart;
    while (lineEnd < text.length && !isLineBreak(text[lineEnd])) lineEnd += 1;
    if (endLine.test(text.slice(lineStart, lineEnd))) return { end: lineEnd };
    lineStart = lineEnd;
  }
  return { end: text.length, error: unclosed };
}
