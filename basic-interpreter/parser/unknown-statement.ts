/**
 * "Unknown statement" errors: when a line's first words are not a statement this dialect knows
 * (`CREAT TASK "x"`, `SEND EMIAL …`, `FOO "x"`), the error names the words as written and the
 * closest known keyword, instead of what the grammar expected at the second word.
 */
import { tokenMatcher, type IToken } from 'chevrotain';
import type { ParseError } from './parse-errors.js';
import { PHRASE_NAMES } from './phrases.js';
import * as T from './tokens.js';

/** Statements of the core grammar, by their opening words (docs/basic.md). */
const CORE_STATEMENTS = [
  'IF', 'FOR', 'FOR EACH', 'DO', 'WHILE', 'SELECT CASE', 'SUB', 'FUNCTION', 'CALL', 'RETURN', 'EXIT', 'LET', 'SET',
  'TALK', 'TALK TO', 'HEAR', 'WAIT', 'SAVE', 'INSERT', 'UPDATE', 'DELETE', 'FIND', 'REMEMBER', 'RECALL', 'PARAM',
  'DESCRIPTION', 'ADD SUGGESTION', 'CLEAR SUGGESTIONS', 'CLEAR HEADERS', 'SET HEADER', 'SET SESSION', 'SET BOT MEMORY',
  'SET CONTEXT', 'SET SCHEDULE', 'GET', 'GET BOT MEMORY', 'GET SESSION', 'POST', 'PUT', 'PATCH', 'SEND MAIL',
  'TRANSFER TO HUMAN', 'CREATE MEETING', 'LLM', 'WITH', 'BEGIN TALK', 'BEGIN SYSTEM PROMPT', 'ON INSERT OF', 'ON UPDATE OF',
  'ON DELETE OF', 'ON FORM SUBMIT',
];

const KNOWN = [...CORE_STATEMENTS, ...PHRASE_NAMES];
const TABLE_EVENTS = ['INSERT', 'UPDATE', 'DELETE'];
/** Known statements that are also the first word of longer ones (SET HEADER, GET SESSION, DELETE FILE). */
const OPEN_HEADS: ReadonlySet<string> = new Set(['SET', 'GET', 'DELETE']);

/**
 * The ai/ templates' workflow language (parser/workflow-steps.ts): a line starting with its words
 * that is none of its forms (`STEP 1: BOT name "task"`, a BRANCH outside PARALLEL) is told the forms.
 */
const WORKFLOW_WORDS: ReadonlySet<string> = new Set(['STEP', 'BRANCH', 'PARALLEL', 'HUMAN']);
/** The same packs' event forms, which start like statements this dialect has (ON "x", WAIT n): what to write instead. */
const EVENT_FORMS: Record<string, string> = {
  'ON EVENT': 'unknown statement "ON EVENT": there are no ON EVENT handlers here: PUBLISH EVENT reaches the bot\'s event webhook; '
    + 'a script reacts with ON INSERT OF "table", ON EMAIL, ON CHANGE, ON FORM SUBMIT or SET SCHEDULE',
  'WAIT FOR': 'unknown statement "WAIT FOR EVENT": there are no events to wait for here: WAIT seconds, or HEAR the answer',
};
const WORKFLOW_HINT = ': a workflow step is written STEP n: BOT "bot" "task", STEP n: PARALLEL with BRANCH A: BOT "bot" "task" lines '
  + 'up to END PARALLEL, or STEP n: HUMAN APPROVAL FROM "who" (the bot and the task as quoted text)';

/** Levenshtein distance (small strings only: statement names). */
function distance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i += 1) {
    const next = [i];
    for (let j = 1; j <= b.length; j += 1) {
      next[j] = Math.min((row[j] ?? 0) + 1, (next[j - 1] ?? 0) + 1, (row[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    row = next;
  }
  return row[b.length] ?? 0;
}

/** The known statement closest to `written`, when close enough to be a slip. */
export function closestStatement(written: string): string | undefined {
  let best: string | undefined;
  let bestScore = Infinity;
  for (const known of KNOWN) {
    const score = distance(written, known);
    if (score < bestScore) {
      best = known;
      bestScore = score;
    }
  }
  return bestScore <= Math.max(2, Math.floor(written.length / 3)) ? best : undefined;
}

const isWord = (token: IToken | undefined): boolean => token !== undefined && tokenMatcher(token, T.AnyWord);

/**
 * Rewords `error` when it sits on the second or later word of a line that starts with words only
 * (no `=`, `(` or `.` after the first one: not an assignment or a call).
 */
export function unknownStatementError(error: ParseError, tokens: readonly IToken[]): ParseError {
  const first = tokens.findIndex((t) => t.startLine === error.line);
  if (first < 0) return error;
  const previous = tokens[first - 1];
  if (previous !== undefined && previous.tokenType !== T.Newline) return error; // a continued line
  const words: IToken[] = [];
  for (let i = first; isWord(tokens[i]) && tokens[i]?.startLine === error.line; i += 1) words.push(tokens[i] as IToken);
  const opener = words[0];
  if (opener === undefined || words.length === 0) return error;
  const errorAt = words.findIndex((w) => w.startColumn === error.column);
  // The first word itself is where the error is only for a reserved word used wrongly: keep those.
  if (errorAt < 1 && !(words.length === 1 && tokens[first + 1]?.startColumn === error.column)) return error;
  const upper = words.map((w) => w.image.toUpperCase());
  // `ON INSERT "orders"`: a table trigger missing its OF (tokens.ts reads the three words as one).
  if (upper[0] === 'ON' && TABLE_EVENTS.includes(upper[1] ?? '')) {
    return { ...error, line: opener.startLine ?? error.line, column: opener.startColumn ?? error.column, message: `expected ON ${upper[1]} OF "table"` };
  }
  const eventForm = EVENT_FORMS[upper.slice(0, 2).join(' ')];
  if (eventForm !== undefined) return { ...error, line: opener.startLine ?? error.line, column: opener.startColumn ?? error.column, message: eventForm };
  // A known statement whose error comes later (`TALK TO a b`) keeps the grammar's message.
  for (let k = 1; k <= errorAt; k += 1) {
    const head = upper.slice(0, k).join(' ');
    if (KNOWN.includes(head) && !OPEN_HEADS.has(head)) return error;
  }
  const written = upper.slice(0, errorAt < 1 ? 1 : Math.max(errorAt + 1, 2)).join(' ');
  if (KNOWN.includes(written)) return error;
  const suggestion = closestStatement(written) ?? closestStatement(opener.image.toUpperCase());
  const hint = WORKFLOW_WORDS.has(upper[0] ?? '') ? WORKFLOW_HINT : suggestion === undefined ? '' : `: did you mean ${suggestion}?`;
  return { ...error, line: opener.startLine ?? error.line, column: opener.startColumn ?? error.column, message: `unknown statement "${written}"${hint}` };
}
