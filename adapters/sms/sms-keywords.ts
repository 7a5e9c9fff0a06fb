/**
 * The carriers' SMS keywords (docs/channels/sms.md): a message that is exactly one of them, in
 * any case and with surrounding spaces or a final full stop, is a keyword.
 */
export const OPT_OUT_KEYWORDS = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT'] as const;
export const OPT_IN_KEYWORDS = ['START', 'UNSTOP', 'YES'] as const;
export const HELP_KEYWORDS = ['HELP', 'INFO'] as const;

export type SmsKeyword = { kind: 'opt_out' | 'opt_in' | 'help'; word: string };

/** The keyword `text` is, if it is one. */
export function smsKeywordOf(text: string): SmsKeyword | undefined {
  const word = text.trim().replace(/\.$/, '').toUpperCase();
  if ((OPT_OUT_KEYWORDS as readonly string[]).includes(word)) return { kind: 'opt_out', word };
  if ((OPT_IN_KEYWORDS as readonly string[]).includes(word)) return { kind: 'opt_in', word };
  if ((HELP_KEYWORDS as readonly string[]).includes(word)) return { kind: 'help', word };
  return undefined;
}
