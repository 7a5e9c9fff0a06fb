import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/core';
import phoneMetadata from 'libphonenumber-js/min/metadata';
import { z } from 'zod';

/**
 * A phone number in E.164 (`+5511987654321`), or undefined when it is not a valid number.
 * Numbers written without `+` are read in `defaultCountry` (the bot's `crm-default-country`,
 * docs/crm.md, "Duplicates"); without one only international numbers are accepted, so the
 * same person is never stored twice under two spellings.
 */
export function normalisePhone(raw: string, defaultCountry?: string): string | undefined {
  const trimmed = raw.trim();
  if (!trimmed) return undefined;
  // A leading 00 is the international prefix of most countries: read it as +.
  const text = trimmed.startsWith('00') ? `+${trimmed.slice(2)}` : trimmed;
  const country = defaultCountry?.toUpperCase() as CountryCode | undefined;
  const parsed = parsePhoneNumberFromString(text, country ? { defaultCountry: country } : {}, phoneMetadata);
  return parsed?.isValid() ? parsed.number : undefined;
}

const EmailSchema = z.email();

/** An email address trimmed and lower-cased, or undefined when it is not an address. */
export function normaliseEmail(raw: string): string | undefined {
  const email = raw.trim().toLowerCase();
  return EmailSchema.safeParse(email).success ? email : undefined;
}

/** Tags trimmed, lower-cased, without empties or repeats, in first-seen order. */
export function normaliseTags(tags: readonly string[]): string[] {
  return [...new Set(tags.map((t) => t.trim().toLowerCase()).filter((t) => t.length > 0))];
}
