import { ValidationError } from './errors.js';

/**
 * How deeply a JSON request body may nest (README, "Security model"): no API shape comes near
 * it, and a deeper body is what a probe sends to make the code after JSON.parse (schemas, logs,
 * JSON.stringify) recurse past the stack.
 */
export const MAX_JSON_DEPTH = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const OPEN_OBJECT = 0x7b;
const CLOSE_ARRAY = 0x5d;
const CLOSE_OBJECT = 0x7d;

/**
 * Whether JSON text opens more than `max` arrays and objects inside one another: one pass over
 * the text, counting brackets outside strings, without parsing it (so a deep body never reaches
 * JSON.parse). UTF-8 bytes and text read the same, since no byte of a multi-byte UTF-8 character
 * is ASCII. Text that is not JSON gives an answer that means nothing; JSON.parse refuses it after.
 */
export function exceedsJsonDepth(json: Uint8Array | string, max = MAX_JSON_DEPTH): boolean {
  const at = typeof json === 'string' ? (i: number) => json.charCodeAt(i) : (i: number) => json[i]!;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < json.length; i++) {
    const c = at(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      if (++depth > max) return true;
    } else if ((c === CLOSE_ARRAY || c === CLOSE_OBJECT) && depth > 0) {
      depth--;
    }
  }
  return false;
}

/** Refuses JSON text nested deeper than {@link MAX_JSON_DEPTH} with 400 `validation_error`. */
export function assertJsonDepth(json: Uint8Array | string): void {
  if (exceedsJsonDepth(json)) {
    throw new ValidationError(`The JSON body nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep`, [
      { path: '', message: `at most ${MAX_JSON_DEPTH} levels of nesting` },
    ]);
  }
}

/** JSON.parse for request bodies: refuses a body nested too deeply (400) before parsing it. */
export function parseJsonWithinDepth(json: string): unknown {
  assertJsonDepth(json);
  return JSON.parse(json) as unknown;
}
