import { parserFixtures } from '../../test/support/basic-files.js';
import { parse } from './parse.js';
import { seededRandom } from '../../test/support/seeded-random.js';

/**
 * Fuzzing the front half: random token soup and mutations of valid scripts (lines and characters
 * deleted, duplicated, swapped, inserted), a few thousand cases from a fixed seed. Whatever the
 * input, parse() must not throw, and must place every error inside the source.
 */

const scripts = parserFixtures().map((f) => f.source);


const random = seededRandom(20240607);
const int = (n: number): number => Math.floor(random() * n);
const pick = <T>(items: readonly T[]): T => items[int(items.length)] as T;

const words = [
  'IF', 'THEN', 'ELSE', 'ELSEIF', 'ELSE IF', 'END IF', 'END', 'FOR', 'EACH', 'IN', 'TO', 'STEP', 'NEXT', 'DO',
  'LOOP', 'WHILE', 'UNTIL', 'WEND', 'EXIT', 'SELECT CASE', 'CASE', 'CASE ELSE', 'END SELECT', 'SUB', 'END SUB',
  'FUNCTION', 'END FUNCTION', 'CALL', 'RETURN', 'PARAM', 'AS', 'LIKE', 'DESCRIPTION', 'SET', 'LET', 'TALK',
  'TALK TO', 'BEGIN TALK', 'END TALK', 'HEAR', 'ADD SUGGESTION', 'CLEAR', 'SUGGESTIONS', 'HEADERS', 'HEADER',
  'WAIT', 'GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'SAVE', 'FIND', 'INSERT', 'UPDATE', 'BOT', 'MEMORY',
  'REMEMBER', 'RECALL', 'SESSION', 'CONTEXT', 'SCHEDULE', 'TRANSFER TO HUMAN', 'CREATE MEETING', 'SEND MAIL',
  'LLM', 'AND', 'OR', 'NOT', 'MOD', 'TRUE', 'FALSE', 'NULL', 'REM', 'x', 'name', 'type', 'a.b', 'f(', 'COUNT',
];
const symbols = ['=', '<>', '<', '>', '<=', '>=', '+', '-', '*', '/', '\\', '^', '&', '(', ')', '[', ']', '{', '}', ',', ':', '.'];
const literals = ['1', '2.5', '.5', '1e3', '"s"', '"a""b"', '"${x}"', '"${', '"', "'", '${', '}', '$', '§', '\t', '\r'];
const everything = [...words, ...symbols, ...literals, '\n', '\n', '\r\n'];

function soup(): string {
  const n = 1 + int(40);
  let text = '';
  for (let i = 0; i < n; i += 1) text += pick(everything) + (random() < 0.7 ? ' ' : '');
  return text;
}

/** One random edit: on lines (delete, duplicate, swap) or characters (delete, duplicate, swap, insert). */
function mutate(source: string): string {
  const lines = source.split('\n');
  const i = int(lines.length);
  const j = int(lines.length);
  const at = int(source.length + 1);
  switch (int(7)) {
    case 0: lines.splice(i, 1); return lines.join('\n');
    case 1: lines.splice(i, 0, lines[i] ?? ''); return lines.join('\n');
    case 2: [lines[i], lines[j]] = [lines[j] ?? '', lines[i] ?? '']; return lines.join('\n');
    case 3: return source.slice(0, at) + source.slice(at + 1 + int(3));
    case 4: return source.slice(0, at) + source.slice(at, at + 1 + int(5)) + source.slice(at);
    case 5: return source.slice(0, at) + source.charAt(at + 1) + source.charAt(at) + source.slice(at + 2);
    default: return source.slice(0, at) + pick(everything) + source.slice(at);
  }
}

function mutant(): string {
  let source = pick(scripts);
  const edits = 1 + int(6);
  for (let k = 0; k < edits; k += 1) source = mutate(source);
  return source;
}

interface Problem {
  input: string;
  problem: string;
}

/** Parses `input` and describes what is wrong with the outcome, if anything. */
function check(input: string): string | undefined {
  let result: ReturnType<typeof parse>;
  try {
    result = parse(input, 'fuzz.bas');
  } catch (error) {
    return `threw ${String(error)}`;
  }
  const lines = input.split(/\r\n|\r|\n/);
  for (const e of result.errors) {
    const text = lines[e.line - 1];
    if (!(e.line >= 1 && e.line <= lines.length + 1)) return `error outside the source: ${JSON.stringify(e)}`;
    if (!(e.column >= 1 && e.column <= (text ?? '').length + 1)) return `error outside its line: ${JSON.stringify(e)}`;
    if (e.message === '' || e.message.startsWith('internal')) return `bad message: ${JSON.stringify(e)}`;
  }
  if (result.program.file !== 'fuzz.bas') return 'program without its file name';
  return undefined;
}

describe('parse() under fuzzing', () => {
  it.each([
    ['token soup', soup, 1250],
    ['mutated scripts', mutant, 1250],
    // No clock here (speed is the benchmark's, `npm run bench -- basic`): an input that sent the parser into a
    // runaway would show as this test's timeout.
  ] as const)('%s: never throws, places every error in the source', (_, make, count) => {
    const problems: Problem[] = [];
    for (let n = 0; n < count && problems.length < 5; n += 1) {
      const input = make();
      const problem = check(input);
      if (problem !== undefined) problems.push({ input, problem });
    }
    expect(problems).toEqual([]);
  });

  it('the valid scripts it mutates parse without errors', () => {
    for (const script of scripts) expect(parse(script, 'fixture.bas').errors).toEqual([]);
  });
});
