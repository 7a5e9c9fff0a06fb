import { SMS_MAX_CHARS } from '../routing-rule.js';

/**
 * The SMS rule: text longer than `max` characters becomes numbered parts
 * "(1/3) …", each at most `max` characters with its number, cut at a space where there is one
 * (else mid-word), so nothing is ever dropped but the whitespace where a part ends. Characters
 * are code points, so a surrogate pair is never split. Text within the limit is one part, as is.
 */
export function splitSms(text: string, max = SMS_MAX_CHARS): string[] {
  const chars = Array.from(text);
  if (chars.length <= max) return [text];
  let total = 1;
  // Wider numbers leave less room, which can add parts; a few rounds settle the count.
  for (let round = 0; round < 10; round += 1) {
    const parts = pack(chars, total, max);
    if (parts.length === total) return parts.map((part, i) => `${prefix(i + 1, total)}${part}`);
    total = parts.length;
  }
  throw new Error(`SMS split did not settle for a text of ${chars.length} characters`);
}

function prefix(index: number, total: number): string {
  return `(${index}/${total}) `;
}

/** Greedy packing of `chars` into parts sized for numbering out of `total`. */
function pack(chars: string[], total: number, max: number): string[] {
  const parts: string[] = [];
  let at = 0;
  while (at < chars.length) {
    while (at < chars.length && isSpace(chars[at]!)) at += 1;
    if (at >= chars.length) break;
    const room = max - prefix(parts.length + 1, Math.max(total, parts.length + 1)).length;
    if (room < 1) throw new Error(`SMS limit ${max} leaves no room for text`);
    let end = Math.min(at + room, chars.length);
    if (end < chars.length && !isSpace(chars[end]!)) {
      // Back up to the last space inside the part, if any; a word longer than a part is cut.
      let space = end - 1;
      while (space > at && !isSpace(chars[space]!)) space -= 1;
      if (space > at) end = space;
    }
    parts.push(chars.slice(at, end).join('').trimEnd());
    at = end;
  }
  return parts;
}

function isSpace(char: string): boolean {
  return /\s/u.test(char);
}
