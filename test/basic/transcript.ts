import type { TurnResult, Value } from '../../basic-interpreter/index.js';
import { toText } from '../../basic-interpreter/coercion.js';

/**
 * The transcript format of the conformance suite, one line each (within a turn, the effects come
 * first, then what the bot said: outputs are delivered when the turn ends):
 *   `# variables: a=1; b=x`  built-in variables at start      `# now: 2026-03-10T12:00:00Z`  the clock
 *   `# <word>: value`  a setting of the player (transcript-player.ts: `meeting`, `transfer`)
 *   `> text`  the customer's next message                      `< text`  a line the bot says (`< ~`: any line)
 *   `~ {json}` an effect (matches when the actual one contains these fields; only effect types named in
 *              the transcript are compared)
 *   `= done [value]` | `= waiting` | `= sleeping <seconds>` | `= error <text the message contains>`
 * A TALK with suggestions prints as `text [key:label|key:label]`.
 */
export interface Transcript {
  variables: Record<string, Value>;
  now: Date;
  /** `# <word>: value` lines other than variables and now. */
  settings: Record<string, string>;
  lines: string[];
}

export function parseTranscript(text: string): Transcript {
  const variables: Record<string, Value> = {};
  let now = new Date('2026-03-10T12:00:00Z');
  const settings: Record<string, string> = {};
  const lines: string[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.replace(/\r$/, '');
    if (line.startsWith('# variables:')) {
      for (const pair of line.slice(12).split(';')) {
        const at = pair.indexOf('=');
        if (at > 0) variables[pair.slice(0, at).trim()] = pair.slice(at + 1).trim();
      }
    } else if (line.startsWith('# now:')) {
      now = new Date(line.slice(6).trim());
    } else if (/^# [a-z_]+: /.test(line)) {
      const at = line.indexOf(':');
      settings[line.slice(2, at)] = line.slice(at + 1).trim();
    } else if (line.trim() !== '' && !line.startsWith('#')) {
      lines.push(line);
    }
  }
  return { variables, now, settings, lines };
}

/** The transcript lines a turn produced. */
export function renderTurn(result: TurnResult, now: Date): string[] {
  const lines: string[] = [];
  for (const output of result.outputs) {
    const suggestions = output.suggestions?.length ? ` [${output.suggestions.map((s) => `${s.key}:${s.label}`).join('|')}]` : '';
    output.text.split('\n').forEach((text, i, all) => lines.push(`< ${text}${i === all.length - 1 ? suggestions : ''}`));
  }
  if (result.status === 'done') lines.push(result.value === null ? '= done' : `= done ${toText(result.value)}`);
  if (result.status === 'error') lines.push(`= error ${result.error.message}`);
  if (result.status === 'sleeping') lines.push(`= sleeping ${(Date.parse(result.resume_at) - now.getTime()) / 1000}`);
  return lines;
}

/** Compares actual to expected lines with the wildcards above; returns the first difference or undefined. */
export function firstDifference(actual: string[], expected: string[]): string | undefined {
  const max = Math.max(actual.length, expected.length);
  for (let i = 0; i < max; i++) {
    const a = actual[i];
    const e = expected[i];
    if (a === undefined || e === undefined || !lineMatches(a, e)) {
      return `line ${i + 1}: expected ${JSON.stringify(e)}, got ${JSON.stringify(a)}\n--- actual transcript ---\n${actual.join('\n')}`;
    }
  }
  return undefined;
}

function lineMatches(actual: string, expected: string): boolean {
  if (expected === '< ~') return actual.startsWith('< ');
  if (expected.startsWith('~ ') && actual.startsWith('~ ')) return contains(JSON.parse(actual.slice(2)), JSON.parse(expected.slice(2)));
  if (expected.startsWith('= error ') && actual.startsWith('= error ')) {
    return actual.toLowerCase().includes(expected.slice(8).toLowerCase());
  }
  return actual === expected;
}

function contains(actual: unknown, expected: unknown): boolean {
  if (typeof expected !== 'object' || expected === null) return actual === expected;
  if (Array.isArray(expected)) return JSON.stringify(actual) === JSON.stringify(expected);
  if (typeof actual !== 'object' || actual === null) return false;
  return Object.entries(expected).every(([k, v]) => contains((actual as Record<string, unknown>)[k], v));
}
