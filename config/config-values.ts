import { z } from 'zod';

// Builders for the value kinds of config.csv. Every schema takes the raw (trimmed, non-empty)
// string from the file and gives the typed value; its `error` text is the "expected ..." part
// of a ConfigError, and the loader appends what it got. Empty values never reach these schemas:
// the loader treats an empty value as "not set", so the default (or undefined) applies.

/** A switch: true/false, also yes/no, on/off and 1/0, in any case. */
export function flag(defaultValue: boolean) {
  return z
    .stringbool({
      truthy: ['true', 'yes', 'on', '1'],
      falsy: ['false', 'no', 'off', '0'],
      case: 'insensitive',
      error: 'expected true or false (yes/no, on/off and 1/0 also work)',
    })
    .default(defaultValue);
}

/** A count: digits only (no sign, no decimals), at least `min`, within the safe-integer range. */
export function wholeNumber(defaultValue: number, min: number) {
  const expected = min > 0 ? `expected a whole number of at least ${min}` : 'expected a whole number';
  return z
    .string()
    .transform((raw, ctx) => {
      const value = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
      if (Number.isSafeInteger(value) && value >= min) return value;
      ctx.addIssue(expected);
      return z.NEVER;
    })
    .default(defaultValue);
}

/** A decimal number such as `-0.5` read from its text, refused outside `min`–`max` inclusive. */
function decimalText(min: number, max: number) {
  const expected = `expected a number from ${min} to ${max}`;
  return z.string().transform((raw, ctx) => {
    const value = /^-?\d+(\.\d+)?$/.test(raw.trim()) ? Number(raw) : Number.NaN;
    if (value >= min && value <= max) return value;
    ctx.addIssue(expected);
    return z.NEVER;
  });
}

/** A decimal number such as `-0.5`, between `min` and `max` inclusive. */
export function decimal(defaultValue: number, min: number, max: number) {
  return decimalText(min, max).default(defaultValue);
}

/** A decimal number between `min` and `max` inclusive, undefined (off) when not configured. */
export function optionalDecimal(min: number, max: number) {
  return decimalText(min, max).optional();
}

/** Comma-separated items, each trimmed; empty items (`a,,b`, a trailing comma) are dropped. */
export function list(defaultValue: readonly string[]) {
  return z
    .string()
    .transform((raw) => raw.split(',').map((item) => item.trim()).filter((item) => item !== ''))
    .default(() => [...defaultValue]);
}

/** Comma-separated phone numbers in E.164 (`+15550100`), spaces and dashes allowed inside; empty when not configured. */
export function phoneNumbers() {
  return list([]).pipe(z.array(
    z.string().transform((raw) => raw.replace(/[\s().-]/g, '')).pipe(z.string().regex(/^\+[1-9]\d{6,14}$/, 'expected phone numbers in E.164 such as +15550100')),
  ));
}

/**
 * Comma-separated E.164 number patterns: a whole number (`+15550199`) or a prefix ending in `*`
 * (`+1555*`; `*` alone is every number); empty when not configured.
 */
export function phoneNumberPatterns() {
  return list([]).pipe(z.array(
    z.string().transform((raw) => raw.replace(/[\s().-]/g, '')).pipe(z.string().regex(/^(\*|\+[1-9]\d{0,14}\*|\+[1-9]\d{6,14})$/, 'expected E.164 numbers or prefixes ending in * such as +15550199, +1555*')),
  ));
}

/** An http(s) address such as a webhook or a service URL; undefined when not configured. */
export function httpUrl() {
  return z.url({ protocol: /^https?$/, error: 'expected an http:// or https:// URL' }).optional();
}

/** An http(s) address with a default (a provider's API base URL). */
export function httpUrlWithDefault(defaultValue: string) {
  return z.url({ protocol: /^https?$/, error: 'expected an http:// or https:// URL' }).default(defaultValue);
}

/** A single email address; undefined when not configured. */
export function emailAddress() {
  return z.email({ error: 'expected an email address' }).optional();
}

/** Free text (names, credentials, routes) with no default: undefined when not configured. */
export function text() {
  return z.string().optional();
}

/**
 * A Standard Webhooks signing secret: base64 of 24 to 64 random bytes, optionally prefixed
 * `whsec_` (the form the specification recommends); undefined when not configured.
 */
export function webhookSecret() {
  return z
    .string()
    .refine((raw) => {
      const base64 = raw.replace(/^whsec_/, '');
      if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64) || base64.length % 4 !== 0) return false;
      const bytes = Buffer.from(base64, 'base64').length;
      return bytes >= 24 && bytes <= 64;
    }, 'expected whsec_ followed by the base64 of 24 to 64 random bytes (openssl rand -base64 32)')
    .optional();
}

/** Free text with a default. */
export function textWithDefault(defaultValue: string) {
  return z.string().default(defaultValue);
}

/** One of a fixed set of words, matched case-insensitively and given back lower-cased. */
export function oneOf<const T extends readonly [string, ...string[]]>(values: T, defaultValue: T[number]) {
  return z
    .string()
    .transform((raw) => raw.toLowerCase())
    .pipe(z.enum(values, { error: `expected one of ${values.join(', ')}` }))
    .default(defaultValue);
}

/** A BCP 47 language tag such as pt-BR, checked by the runtime's own Intl data. */
export function languageTag(defaultValue: string) {
  return optionalLanguageTag().default(defaultValue);
}

/** {@link languageTag} without a default: undefined when the bot sets none. */
export function optionalLanguageTag() {
  return z
    .string()
    .refine((raw) => {
      try {
        return Intl.getCanonicalLocales(raw).length === 1;
      } catch {
        return false;
      }
    }, 'expected a language tag such as pt-BR or en-US')
    .optional();
}
