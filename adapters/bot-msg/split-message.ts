/** Telegram's limit on a message's text, in UTF-16 code units (docs/channels/bot_msg.md). */
export const BOT_MSG_MAX_CHARS = 4096;

/**
 * Splits text longer than `max` into messages of at most `max` UTF-16 units, cut at the last line
 * break, else the last space, inside each part (mid-word only for a word longer than a part);
 * surrogate pairs are never cut. Only the whitespace where a part ends is dropped.
 */
export function splitMessage(text: string, max = BOT_MSG_MAX_CHARS): string[] {
  const parts: string[] = [];
  let rest = text;
  while (rest.length > max) {
    let end = max;
    // Never end a part between the two halves of a surrogate pair.
    if (/[\uD800-\uDBFF]/.test(rest[end - 1]!)) end -= 1;
    const window = rest.slice(0, end);
    const newline = window.lastIndexOf('\n');
    const space = window.search(/\s\S*$/);
    const cut = newline > 0 ? newline : space > 0 ? space : end;
    parts.push(rest.slice(0, cut).trimEnd());
    rest = rest.slice(cut).replace(/^\s+/, '');
  }
  if (rest.length > 0 || parts.length === 0) parts.push(rest);
  return parts;
}
