// A lone high surrogate not followed by a low one, or a lone low surrogate not after a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * A provider's parsed webhook body with every string (keys included) made storable: NUL removed
 * (PostgreSQL text and jsonb refuse it) and unpaired UTF-16 surrogates replaced by U+FFFD (no
 * UTF-8 for them). The API refuses such text with 400 (README, "Security model"); a provider is
 * answered 200 and the customer's message kept, since providers redeliver what they see refused.
 */
export function storableBody(value: unknown): unknown {
  if (typeof value === 'string') return storableText(value);
  if (Array.isArray(value)) return value.map(storableBody);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [storableText(key), storableBody(item)]));
  }
  return value;
}

function storableText(text: string): string {
  return text.replaceAll('\u0000', '').replace(LONE_SURROGATE, '\uFFFD');
}
