import { translate } from '../../infra/i18n.js';
import type { DialogOutcome, Suggestion } from '../../engine/index.js';

/**
 * A menu on the phone (docs/channels/rtc-sip.md, "The voice bot"): the buttons a script offers are
 * read as numbered choices, "For Sales, press 1.", and answered by key or by voice. Nine at most
 * are numbered: 0, `*` and `#` keep their meaning.
 */
export function spokenMenu(suggestions: readonly Suggestion[], language: string | undefined): string {
  return suggestions.slice(0, 9).map((s, i) => translate(language, 'call.menu_choice', { label: s.label, digit: String(i + 1) })).join(' ');
}

/** The text a key press answers with: the numbered choice's label, else the digits themselves (`HEAR n AS INTEGER`). */
export function answerOfDigits(digits: string, menu: readonly Suggestion[]): string {
  const choice = /^[1-9]$/.test(digits) ? menu[Number(digits) - 1] : undefined;
  return choice ? choice.label : digits;
}

/** HEAR types whose answer is a number: the call collects key presses until `#` for them. */
const DIGIT_TYPES = new Set(['INTEGER', 'NUMBER', 'DIGITS', 'MONEY', 'MOBILE', 'CPF', 'CNPJ', 'ZIPCODE']);

/** How the call listens after a turn: for one key (a menu), for digits ended by `#`, or for speech (any key switches to digits). */
export function listeningFor(dialog: DialogOutcome | undefined): { kind: 'menu'; choices: number } | { kind: 'digits' } | { kind: 'speech' } {
  if (dialog?.status !== 'waiting') return { kind: 'speech' };
  const { menu, type } = dialog.waiting_for;
  if (menu && menu.length > 0) return { kind: 'menu', choices: Math.min(menu.length, 9) };
  if (type && DIGIT_TYPES.has(type.toUpperCase())) return { kind: 'digits' };
  return { kind: 'speech' };
}
