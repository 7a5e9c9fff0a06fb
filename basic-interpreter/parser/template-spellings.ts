/**
 * The General Bots templates' spellings that are core forms once a few tokens are read otherwise
 * (docs/basic.md, "Compatibility"). Each rewrite keeps every token where it was, so errors still
 * point at the script as written:
 * - `'text'` where a value stands is the string "text";
 * - `post = GET url`: a statement keyword assigned at a line start is a variable of that script,
 *   everywhere except as the first word of a line that does not assign it;
 * - `case`, a variable in the CRM templates (`FOR EACH case IN cases`, `case.status`), is a name
 *   unless it starts a line of a SELECT (`CASE 1`, `CASE ELSE`) or follows SELECT;
 * - `REMEMBER key = value` is `REMEMBER key, value`;
 * - `SET SCHEDULE "cron" "script.bas" "job"` is `SET SCHEDULE "cron", "script.bas", "job"`;
 * - `DESCRIPTION words…` without quotes is `DESCRIPTION "words…"`;
 * - `HEAR x AS "a", "b", *` takes any answer: `HEAR x`;
 * - `GENERATE SECURE LINK path EXPIRES 7 DAYS`: the phrase and its EXPIRES argument, without the unit.
 */
import { createTokenInstance, tokenMatcher, type IToken, type TokenType } from 'chevrotain';
import * as T from './tokens.js';

/** Statement keywords a template may also use as a variable's name (`post`, `update`, `delete`…). */
const NAMEABLE: ReadonlySet<TokenType> = new Set([
  T.Post, T.Put, T.Patch, T.Get, T.Delete, T.Save, T.Find, T.Insert, T.Update, T.Remember, T.Recall,
  T.Wait, T.Send, T.Create, T.Transfer, T.Llm, T.Clear,
]);

const retype = (token: IToken, type: TokenType, image = token.image): IToken => ({ ...token, tokenType: type, tokenTypeIdx: type.tokenTypeIdx ?? 0, image });

/** The tokens of `source` with the templates' spellings read as the core forms. */
export function readTemplateSpellings(tokens: IToken[], source: string): IToken[] {
  let out = tokens;
  if (out.some((t) => t.tokenType === T.QuotedText)) out = out.map((t) => (t.tokenType === T.QuotedText ? quotedText(t) : t));
  const lines = lineStarts(out);
  out = nameableKeywords(out, lines);
  if (out.some((t) => t.tokenType === T.Case)) out = caseAsName(out);
  // Edits that change the number of tokens, applied last to first so the positions stay right.
  const edits: Edit[] = [];
  for (const start of lines) {
    const first = out[start];
    if (first === undefined) continue;
    if (first.tokenType === T.Remember) edits.push(...rememberEquals(out, start));
    else if (first.tokenType === T.Set && out[start + 1]?.tokenType === T.Schedule) edits.push(...scheduleCommas(out, start + 2));
    else if (first.tokenType === T.Description) edits.push(...unquotedDescription(out, start, source));
    else if (first.tokenType === T.Hear) edits.push(...anyAnswer(out, start));
    edits.push(...expiresUnit(out, start));
  }
  if (edits.length === 0) return out;
  const result = [...out];
  for (const edit of edits.sort((a, b) => b.at - a.at)) result.splice(edit.at, edit.remove, ...edit.tokens);
  return result;
}

/** Replace `remove` tokens at `at` by `tokens`. */
interface Edit {
  at: number;
  remove: number;
  tokens: IToken[];
}

/** `'a"b'` → the string token `"a""b"`. */
function quotedText(token: IToken): IToken {
  const inner = token.image.slice(1, -1);
  return retype(token, T.StringLiteral, `"${inner.replaceAll('"', '""')}"`);
}

function lineStarts(tokens: readonly IToken[]): number[] {
  const starts = tokens.length > 0 ? [0] : [];
  for (let i = 0; i < tokens.length - 1; i++) if (tokens[i]!.tokenType === T.Newline) starts.push(i + 1);
  return starts;
}

/**
 * `post = GET url` … `TALK post.title`: the keywords assigned at a line start become names; a
 * line that starts with one and does not assign it is still that statement (`POST url, body`).
 */
function nameableKeywords(tokens: IToken[], lines: readonly number[]): IToken[] {
  const named = new Set<TokenType>();
  for (const start of lines) {
    const first = tokens[start];
    const next = tokens[start + 1];
    if (first !== undefined && NAMEABLE.has(first.tokenType) && next?.tokenType === T.Equals) named.add(first.tokenType);
  }
  if (named.size === 0) return tokens;
  const lineStart = new Set(lines);
  return tokens.map((token, i) => {
    if (!named.has(token.tokenType)) return token;
    const next = tokens[i + 1]?.tokenType;
    const statement = lineStart.has(i) && next !== T.Equals && next !== T.Dot && next !== T.LBracket;
    return statement ? token : retype(token, T.Identifier);
  });
}

/** The tokens of the line from `start` to its end (not included). */
function lineEnd(tokens: readonly IToken[], start: number): number {
  let i = start;
  while (i < tokens.length && tokens[i]!.tokenType !== T.Newline) i += 1;
  return i;
}

const OPENERS: ReadonlySet<TokenType> = new Set([T.LParen, T.LBracket, T.LBrace]);
const CLOSERS: ReadonlySet<TokenType> = new Set([T.RParen, T.RBracket, T.RBrace]);

/**
 * `REMEMBER "po_" + id = po`: with no comma outside brackets, the last such `=` separates key and
 * value. The key is put in parentheses, so a phrase in it (`FORMAT NOW() AS "YYYYMMDD"`) ends there.
 */
function rememberEquals(tokens: readonly IToken[], start: number): Edit[] {
  const end = lineEnd(tokens, start);
  let depth = 0;
  let last = -1;
  for (let i = start + 1; i < end; i++) {
    const type = tokens[i]!.tokenType;
    if (OPENERS.has(type)) depth += 1;
    else if (CLOSERS.has(type)) depth -= 1;
    else if (depth === 0 && type === T.Comma) return [];
    else if (depth === 0 && type === T.Equals) last = i;
  }
  if (last < 0) return [];
  const equals = tokens[last]!;
  return [
    { at: start + 1, remove: 0, tokens: [retype(tokens[start + 1]!, T.LParen, '(')] },
    { at: last, remove: 1, tokens: [retype(equals, T.RParen, ')'), retype(equals, T.Comma, ',')] },
  ];
}

/** Tokens that end an argument of SET SCHEDULE, and tokens that start one. */
const ENDS_VALUE: ReadonlySet<TokenType> = new Set([T.StringLiteral, T.RParen, T.NumberLiteral]);

/** `SET SCHEDULE "0 6 * * *" "jobs.bas" "job"`: a comma between two values written side by side. */
function scheduleCommas(tokens: readonly IToken[], from: number): Edit[] {
  const end = lineEnd(tokens, from);
  const commas: Edit[] = [];
  let depth = 0;
  for (let i = from; i < end - 1; i++) {
    const type = tokens[i]!.tokenType;
    if (OPENERS.has(type)) depth += 1;
    else if (CLOSERS.has(type)) depth -= 1;
    const next = tokens[i + 1]!;
    const startsValue = next.tokenType === T.StringLiteral || next.tokenType === T.NumberLiteral || tokenMatcher(next, T.Name);
    if (depth === 0 && ENDS_VALUE.has(type) && startsValue) {
      const at = tokens[i]!;
      const offset = (at.endOffset ?? at.startOffset) + 1;
      const line = at.endLine ?? 1;
      const column = (at.endColumn ?? 0) + 1;
      commas.push({ at: i + 1, remove: 0, tokens: [createTokenInstance(T.Comma, ',', offset, offset, line, line, column, column)] });
    }
  }
  return commas;
}

/** `DESCRIPTION It is a web service.`: the rest of the line, as written, is the description's text. */
function unquotedDescription(tokens: readonly IToken[], start: number, source: string): Edit[] {
  const next = tokens[start + 1];
  const kept = [T.StringLiteral, T.Newline, T.Equals, T.Dot, T.LBracket, T.Colon, T.Comma, T.LParen];
  if (next === undefined || kept.includes(next.tokenType)) return [];
  const end = lineEnd(tokens, start);
  const last = tokens[end - 1]!;
  const text = source.slice(next.startOffset, (last.endOffset ?? last.startOffset) + 1).trim();
  const merged = retype(next, T.StringLiteral, `"${text.replaceAll('"', '""')}"`);
  merged.endOffset = last.endOffset;
  merged.endLine = last.endLine;
  merged.endColumn = last.endColumn;
  return [{ at: start + 1, remove: end - start - 1, tokens: [merged] }];
}

/** `HEAR x AS "done", *`: the `*` takes any answer, so the line is `HEAR x` (the options check nothing). */
function anyAnswer(tokens: readonly IToken[], start: number): Edit[] {
  const end = lineEnd(tokens, start);
  if (end - start < 5 || tokens[end - 1]!.tokenType !== T.Star || tokens[end - 2]!.tokenType !== T.Comma || tokens[start + 2]!.tokenType !== T.As) return [];
  return [{ at: start + 2, remove: end - start - 2, tokens: [] }];
}

/** `… EXPIRES 7 DAYS`: the unit word after the number is the only unit there is, so it is dropped. */
function expiresUnit(tokens: readonly IToken[], start: number): Edit[] {
  const end = lineEnd(tokens, start);
  if (end - start < 4 || !/^DAYS?$/i.test(tokens[end - 1]!.image) || tokens[end - 3]!.image.toUpperCase() !== 'EXPIRES') return [];
  return [{ at: end - 1, remove: 1, tokens: [] }];
}

/** CASE is the keyword first on a line or after SELECT, and not followed by `=`, `.` or `[`; elsewhere a name. */
function caseAsName(tokens: readonly IToken[]): IToken[] {
  return tokens.map((token, i) => {
    if (token.tokenType !== T.Case) return token;
    const previous = tokens[i - 1]?.tokenType;
    const next = tokens[i + 1]?.tokenType;
    const keyword = (previous === undefined || previous === T.Newline || previous === T.Select) && next !== T.Equals && next !== T.Dot && next !== T.LBracket;
    return keyword ? token : retype(token, T.Identifier);
  });
}
