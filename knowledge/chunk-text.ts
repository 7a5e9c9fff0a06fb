/** About how long a passage is: long enough to answer from, short enough for several in one prompt. */
export const CHUNK_CHARS = 1200;

/**
 * Splits a document's text into passages of at most `max` characters, at paragraph breaks where
 * it can, else at sentence ends, else at a space: each passage is indexed and cited on its own.
 */
export function chunkText(text: string, max = CHUNK_CHARS): string[] {
  const paragraphs = text.replace(/\r\n?/g, '\n').split(/\n\s*\n/).map((p) => p.replace(/[ \t]+/g, ' ').trim()).filter(Boolean);
  const chunks: string[] = [];
  let current = '';
  for (const paragraph of paragraphs.flatMap((p) => (p.length > max ? splitLong(p, max) : [p]))) {
    if (current && current.length + 2 + paragraph.length > max) {
      chunks.push(current);
      current = '';
    }
    current = current ? `${current}\n\n${paragraph}` : paragraph;
  }
  if (current) chunks.push(current);
  return chunks;
}

/** A paragraph longer than `max`: sentences packed together, a sentence longer than `max` cut at spaces. */
function splitLong(paragraph: string, max: number): string[] {
  const pieces: string[] = [];
  let current = '';
  for (const sentence of paragraph.split(/(?<=[.!?])\s+/)) {
    for (const part of sentence.length > max ? cutAtSpaces(sentence, max) : [sentence]) {
      if (current && current.length + 1 + part.length > max) {
        pieces.push(current);
        current = '';
      }
      current = current ? `${current} ${part}` : part;
    }
  }
  if (current) pieces.push(current);
  return pieces;
}

function cutAtSpaces(text: string, max: number): string[] {
  const parts: string[] = [];
  let rest = text;
  while (rest.length > max) {
    const space = rest.lastIndexOf(' ', max);
    const at = space > max / 2 ? space : max;
    parts.push(rest.slice(0, at).trim());
    rest = rest.slice(at).trim();
  }
  if (rest) parts.push(rest);
  return parts;
}
