import type { Suggestion } from '../vm/index.js';
import { fold } from './functions-shared.js';

/** The comparison form of an answer or option: trimmed, inner spaces collapsed, no case, no accents. */
function normalise(text: string): string {
  return fold(text.trim().replace(/\s+/g, ' '));
}

/**
 * Which option of a HEAR … AS menu a customer's answer picks: an option whose key or label equals
 * the answer (ignoring case, accents and surrounding spaces), else the option numbered by the
 * answer ("2", "2." or "2)", 1-based), else the one option whose key or label starts with the
 * answer ("ban" for Banana). Key/label matches win over numbers, so an option keyed "2" is found
 * by "2" even when it is not second. Undefined when nothing (or more than one start) matches.
 */
export function matchMenuOption(input: string, options: Suggestion[]): Suggestion | undefined {
  const answer = normalise(input);
  if (answer === '') return undefined;
  const named = options.find((option) => normalise(option.key) === answer || normalise(option.label) === answer);
  if (named) return named;
  const number = /^(\d{1,4})[.)]?$/.exec(answer);
  if (number) return options[Number(number[1]) - 1];
  // A unique start of one option ("ban" for Banana); two options starting so pick neither.
  const started = options.filter((option) => normalise(option.label).startsWith(answer) || normalise(option.key).startsWith(answer));
  return started.length === 1 ? started[0] : undefined;
}
