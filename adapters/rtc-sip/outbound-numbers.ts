import { parsePhoneNumberFromString } from 'libphonenumber-js/core';
import phoneMetadata from 'libphonenumber-js/min/metadata';

/**
 * The number an outbound call goes to, in E.164 (`+15550199`), or undefined when `raw` is not an
 * international number of a possible length for its country (libphonenumber-js). Only the
 * international form is taken: a national number would depend on where the trunk is.
 */
export function dialableNumber(raw: string): string | undefined {
  const text = raw.trim();
  if (!text.startsWith('+')) return undefined;
  const parsed = parsePhoneNumberFromString(text, phoneMetadata);
  return parsed?.isPossible() ? parsed.number : undefined;
}

/**
 * Whether `number` (E.164) is allowed by `patterns` (`sip-outbound-numbers`): a whole number, a
 * prefix ending in `*` (`+1555*`), or `*` for every number. No patterns: nothing is allowed
 * (docs/channels/rtc-sip.md, "Outbound calls").
 */
export function numberAllowed(number: string, patterns: readonly string[]): boolean {
  return patterns.some((pattern) => (pattern.endsWith('*') ? number.startsWith(pattern.slice(0, -1)) : number === pattern));
}
