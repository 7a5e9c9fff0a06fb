import { SMS_MAX_CHARS } from '../routing-rule.js';

/**
 * Characters of one SMS whose text is outside GSM-7 (sent as UCS-2 by the carriers): 70
 * (docs/architecture.md, "SMS"; docs/channels/sms.md).
 */
export const SMS_UCS2_MAX_CHARS = 70;

// The GSM 03.38 default alphabet and its extension table (the extension characters take two
// septets on the air; the 160-character rule counts them as one character).
const GSM7 = new Set(Array.from(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà'
  + '\f^{}\\[~]|€',
));

/** Whether every character of `text` is in the GSM-7 alphabet (default table or extension). */
export function isGsm7(text: string): boolean {
  for (const char of text) if (!GSM7.has(char)) return false;
  return true;
}

/**
 * The part size of the SMS rule for `text`: {@link SMS_MAX_CHARS} (160) for GSM-7 text,
 * {@link SMS_UCS2_MAX_CHARS} (70) for anything else, so every part is one SMS on the air.
 */
export function smsPartSize(text: string): number {
  return isGsm7(text) ? SMS_MAX_CHARS : SMS_UCS2_MAX_CHARS;
}
