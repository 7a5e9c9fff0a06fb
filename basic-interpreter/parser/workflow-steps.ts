/**
 * The workflow language of General Bots' `ai/` template packs (docs/basic.md, "The workflow
 * language"): `STEP n: BOT "bot" "task"`, `STEP n: PARALLEL` … `BRANCH A: BOT "bot" "task"` …
 * `END PARALLEL` and `STEP n: HUMAN APPROVAL FROM "who"` with its `TIMEOUT n` and `ON TIMEOUT: …`
 * lines. Each is one token (tokens.ts), read here into the statement it runs as: the step's
 * result assigned to `step_<n>`, through a keyword phrase (vm/phrases.ts). One token, so `step`
 * and `branch` stay free as names and the grammar gains no lookahead.
 */
import type { IToken } from 'chevrotain';
import type { Expr, Loc, Stmt } from './ast.js';
import { locOf } from './cst-children.js';

/** What scanning found: where the token ends, and an error to report there. */
export interface StepScan {
  end: number;
  error?: string;
}

const QUOTED = '"[^"\\r\\n]*"';
const REST = "[ \\t]*(?:'[^\\r\\n]*)?(?=\\r|\\n|$)";
const stepHead = /STEP[ \t]+(\d+)[ \t]*:[ \t]*/iy;
const botLine = new RegExp(`BOT[ \\t]+(${QUOTED})[ \\t]+(${QUOTED})${REST}`, 'iy');
const parallelLine = new RegExp(`PARALLEL${REST}`, 'iy');
const approvalLine = /HUMAN[ \t]+APPROVAL(?![A-Za-z0-9_])[^\r\n]*/iy;
const approvalDetail = /^[ \t]*(?:TIMEOUT[ \t]+\d|ON[ \t]+TIMEOUT[ \t]*:)/i;
const branchLine = new RegExp(`^[ \\t]*BRANCH[ \\t]+([A-Za-z0-9_]+)[ \\t]*:[ \\t]*BOT[ \\t]+(${QUOTED})[ \\t]+(${QUOTED})${REST}`, 'i');
const endParallel = /^[ \t]*END[ \t]+PARALLEL(?![A-Za-z0-9_])[ \t]*(?:'.*)?$/i;
const blankOrComment = /^[ \t]*(?:'.*|REM(?![A-Za-z0-9_]).*)?$/i;

const isLineBreak = (c: string | undefined): boolean => c === '\n' || c === '\r';

/** The end of the line that starts at `from`. */
function lineEnd(text: string, from: number): number {
  let end = from;
  while (end < text.length && !isLineBreak(text[end])) end += 1;
  return end;
}

/** Scans a workflow step at `start`: only as the first word of its line. */
export function scanWorkflowStep(text: string, start: number): StepScan | undefined {
  for (let i = start - 1; i >= 0 && !isLineBreak(text[i]); i -= 1) if (text[i] !== ' ' && text[i] !== '\t') return undefined;
  stepHead.lastIndex = start;
  if (stepHead.exec(text) === null) return undefined;
  const body = stepHead.lastIndex;
  for (const line of [botLine, parallelLine, approvalLine]) {
    line.lastIndex = body;
    if (line.exec(text) === null) continue;
    if (line === botLine) return { end: line.lastIndex };
    if (line === parallelLine) return scanParallel(text, line.lastIndex);
    return scanApproval(text, line.lastIndex);
  }
  return undefined;
}

/** Through END PARALLEL; the lines between are read by {@link readWorkflowStep}. */
function scanParallel(text: string, from: number): StepScan {
  let end = from;
  while (end < text.length) {
    const start = end + (text.startsWith('\r\n', end) ? 2 : 1);
    end = lineEnd(text, start);
    if (endParallel.test(text.slice(start, end))) return { end };
  }
  return { end: text.length, error: 'PARALLEL without END PARALLEL' };
}

/** The approval line and the `TIMEOUT n` and `ON TIMEOUT: …` lines right under it. */
function scanApproval(text: string, from: number): StepScan {
  let end = from;
  while (end < text.length) {
    const start = end + (text.startsWith('\r\n', end) ? 2 : 1);
    const next = lineEnd(text, start);
    if (!approvalDetail.test(text.slice(start, next))) break;
    end = next;
  }
  return { end };
}

const text = (value: string, loc: Loc): Expr => ({ kind: 'string', parts: [value.slice(1, -1)], loc });

/**
 * The statement a step token runs as: `step_<n> = <phrase>`, the phrase `STEP BOT` (step, bot,
 * task), `PARALLEL` (step, then each branch's bot and task, labelled by the branch's name) or
 * `HUMAN APPROVAL` (step, the rest of its lines as written). Errors go to `report`.
 */
export function readWorkflowStep(tok: IToken, report: (loc: Loc, message: string) => void): Stmt | undefined {
  const loc = locOf(tok);
  const lines = tok.image.split(/\r\n|\r|\n/);
  const first = lines[0] ?? '';
  stepHead.lastIndex = 0;
  const head = stepHead.exec(first);
  if (head === null) return undefined;
  const step = Number(head[1]);
  const body = first.slice(stepHead.lastIndex);
  const number: Expr = { kind: 'number', value: step, loc };
  let phrase: Extract<Expr, { kind: 'phrase' }>;
  if (/^BOT/i.test(body)) {
    botLine.lastIndex = 0;
    const bot = botLine.exec(body);
    if (bot === null) return undefined;
    phrase = { kind: 'phrase', phrase: 'STEP BOT', args: [number, text(bot[1]!, loc), text(bot[2]!, loc)], labels: [null, null, null], loc };
  } else if (/^PARALLEL/i.test(body)) {
    phrase = { kind: 'phrase', phrase: 'PARALLEL', args: [number], labels: [null], loc };
    lines.slice(1, -1).forEach((line, i) => {
      if (blankOrComment.test(line)) return;
      const branch = branchLine.exec(line);
      const at = { line: loc.line + i + 1, column: 1 };
      if (branch === null) {
        report(at, 'only BRANCH lines go between PARALLEL and END PARALLEL: BRANCH A: BOT "bot" "task"');
        return;
      }
      const name = branch[1]!.toUpperCase();
      phrase.args.push(text(branch[2]!, { ...at }), text(branch[3]!, { ...at }));
      phrase.labels.push(name, name);
    });
    if (phrase.args.length === 1) report(loc, `STEP ${step}: PARALLEL has no BRANCH`);
  } else {
    phrase = { kind: 'phrase', phrase: 'HUMAN APPROVAL', args: [number, { kind: 'string', parts: [lines.map((l) => l.trim()).join('\n')], loc }], labels: [null, null], loc };
  }
  return { kind: 'assign', target: { kind: 'variable', name: `step_${step}`, loc }, value: phrase, loc };
}
