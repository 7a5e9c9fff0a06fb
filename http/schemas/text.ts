import { z } from 'zod';

// A lone high surrogate not followed by a low one, or a lone low surrogate not after a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const REFUSAL = 'must not contain NUL characters or unpaired surrogates';

/**
 * True for text that PostgreSQL can store and every client can decode: no NUL (PostgreSQL text
 * refuses it) and no unpaired UTF-16 surrogate (not encodable as UTF-8). README, "Security model".
 */
export function isStorableText(text: string): boolean {
  return !text.includes('\u0000') && !LONE_SURROGATE.test(text);
}

/** A string field that must be storable text (see {@link isStorableText}). */
export const TextSchema = z.string().refine(isStorableText, REFUSAL);

/**
 * The one text rule at the edge, applied to a whole request part (body, query, path parameters,
 * socket frame) before its own schema: every string in it, keys included, must pass
 * {@link TextSchema}. Answers the path of the first offending string, or undefined.
 */
export function findUnstorableText(value: unknown, path: string[] = []): { path: string; message: string } | undefined {
  if (typeof value === 'string') return TextSchema.safeParse(value).success ? undefined : { path: path.join('.'), message: REFUSAL };
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnstorableText(value[i], [...path, String(i)]);
      if (found) return found;
    }
    return undefined;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      const found = findUnstorableText(key, [...path, '(key)']) ?? findUnstorableText(item, [...path, key]);
      if (found) return found;
    }
  }
  return undefined;
}
