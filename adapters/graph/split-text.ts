/**
 * Text longer than a provider's limit, as parts of at most `max` code points each, cut at a
 * space where there is one (otherwise mid-word); only the whitespace where a part ends is lost.
 */
export function splitText(text: string, max: number): string[] {
  const chars = Array.from(text);
  if (chars.length <= max) return [text];
  const parts: string[] = [];
  let at = 0;
  while (at < chars.length) {
    while (at < chars.length && /\s/u.test(chars[at]!)) at += 1;
    if (at >= chars.length) break;
    let end = Math.min(at + max, chars.length);
    if (end < chars.length && !/\s/u.test(chars[end]!)) {
      let space = end - 1;
      while (space > at && !/\s/u.test(chars[space]!)) space -= 1;
      if (space > at) end = space;
    }
    parts.push(chars.slice(at, end).join('').trimEnd());
    at = end;
  }
  return parts;
}

/** `text` shortened to `max` code points, with an ellipsis when cut: titles are shortened, never rejected. */
export function shorten(text: string, max: number): string {
  const chars = Array.from(text.trim());
  return chars.length <= max ? chars.join('') : `${chars.slice(0, max - 1).join('').trimEnd()}…`;
}
