import { parsePhoneNumberFromString } from 'libphonenumber-js/core';
import phoneMetadata from 'libphonenumber-js/min/metadata';
import { fold } from './functions-shared.js';
import { dateHearTypes } from './hear-dates.js';
import { numberHearTypes } from './hear-numbers.js';
import type { HearPromptKey } from './hear-prompts.js';
import type { HearResult, HearType } from './hear-types.js';

/**
 * The further HEAR types of the General Bots keyword reference: aliases (FLOAT, TIME…),
 * documents (CPF, CNPJ, CREDITCARD), PASSWORD, COLOR, LANGUAGE, PHONE and LOGIN. The media types
 * are in hear-files.ts.
 */

const accept = (value: string | number): HearResult => ({ ok: true, value });
const reject = (key: HearPromptKey): HearResult => ({ ok: false, prompt: { key } });
const digitsOf = (input: string): string => input.replace(/\D/g, '');

/** Check digits of a CPF (11 digits) or CNPJ (14): mod 11 over the given weights. */
function checkDigit(digits: string, weights: readonly number[]): number {
  const sum = weights.reduce((s, w, i) => s + w * Number(digits[i]), 0);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

function validCpf(d: string): boolean {
  if (d.length !== 11 || /^(\d)\1{10}$/.test(d)) return false;
  return checkDigit(d, [10, 9, 8, 7, 6, 5, 4, 3, 2]) === Number(d[9]) && checkDigit(d, [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]) === Number(d[10]);
}

function validCnpj(d: string): boolean {
  if (d.length !== 14 || /^(\d)\1{13}$/.test(d)) return false;
  const first = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
  return checkDigit(d, first) === Number(d[12]) && checkDigit(d, [6, ...first]) === Number(d[13]);
}

function luhn(d: string): boolean {
  let sum = 0;
  for (let i = 0; i < d.length; i += 1) {
    let n = Number(d[d.length - 1 - i]);
    if (i % 2 === 1) n = n * 2 > 9 ? n * 2 - 9 : n * 2;
    sum += n;
  }
  return sum % 10 === 0;
}

const NAMED_COLORS: Record<string, string> = {
  black: '#000000', preto: '#000000', white: '#FFFFFF', branco: '#FFFFFF', red: '#FF0000', vermelho: '#FF0000',
  green: '#008000', verde: '#008000', blue: '#0000FF', azul: '#0000FF', yellow: '#FFFF00', amarelo: '#FFFF00',
  orange: '#FFA500', laranja: '#FFA500', purple: '#800080', roxo: '#800080', pink: '#FFC0CB', rosa: '#FFC0CB',
  gray: '#808080', grey: '#808080', cinza: '#808080', brown: '#A52A2A', marrom: '#A52A2A',
};

/** ISO 639-1 codes and names (English, Portuguese, Spanish) of common languages. */
const LANGUAGES: Record<string, string> = Object.fromEntries(
  [
    ['en', 'english', 'ingles'], ['pt', 'portuguese', 'portugues'], ['es', 'spanish', 'espanhol', 'espanol'],
    ['fr', 'french', 'frances'], ['de', 'german', 'alemao', 'aleman'], ['it', 'italian', 'italiano'],
    ['ja', 'japanese', 'japones'], ['zh', 'chinese', 'chines', 'chino'], ['ru', 'russian', 'russo', 'ruso'],
    ['ar', 'arabic', 'arabe'], ['hi', 'hindi'], ['nl', 'dutch', 'holandes'], ['ko', 'korean', 'coreano'],
  ].flatMap(([code = '', ...names]) => [[code, code], ...names.map((n) => [n, code])]),
);

/** What a customer who types instead of signing in is told; the host sends a new sign-in link after it. */

export const extraHearTypes: Record<string, HearType> = {
  FLOAT: (input) => numberHearTypes.NUMBER!(input),
  DOUBLE: (input) => numberHearTypes.NUMBER!(input),
  DECIMAL: (input) => numberHearTypes.NUMBER!(input),
  CURRENCY: (input) => numberHearTypes.MONEY!(input),
  TIME: (input, ctx) => dateHearTypes.HOUR!(input, ctx),
  /** Any phone number valid in its numbering plan (a country code, or Brazil's plan without one) → E.164. */
  PHONE(input) {
    const text = input.trim().replace(/^00/, '+');
    const phone = /^\+?[\d\s().-]+$/.test(text) ? parsePhoneNumberFromString(text, { defaultCountry: 'BR' }, phoneMetadata) : undefined;
    return phone?.isValid() ? accept(phone.number) : reject('phone');
  },
  /** At least 8 characters with a letter and a digit. */
  PASSWORD(input) {
    return input.length >= 8 && /\p{L}/u.test(input) && /\d/.test(input) ? accept(input) : reject('password');
  },
  /** #RGB, #RRGGBB or a basic color name (English, Portuguese) → "#RRGGBB". */
  COLOR(input) {
    const text = fold(input.trim());
    const named = NAMED_COLORS[text];
    if (named) return accept(named);
    const hex = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(text)?.[1];
    if (!hex) return reject('color');
    const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
    return accept(`#${full.toUpperCase()}`);
  },
  /** A Brazilian CPF with valid check digits → its 11 digits. */
  CPF(input) {
    const d = digitsOf(input);
    return validCpf(d) ? accept(d) : reject('cpf');
  },
  /** A Brazilian CNPJ with valid check digits → its 14 digits. */
  CNPJ(input) {
    const d = digitsOf(input);
    return validCnpj(d) ? accept(d) : reject('cnpj');
  },
  /** 13–19 digits passing the Luhn check → the digits. */
  CREDITCARD(input) {
    const d = digitsOf(input);
    return d.length >= 13 && d.length <= 19 && /^[\d\s-]+$/.test(input.trim()) && luhn(d) ? accept(d) : reject('credit_card');
  },
  /** A language name or ISO 639-1 code → the code ("Portuguese" → "pt"). */
  LANGUAGE(input) {
    const code = LANGUAGES[fold(input.trim()).split(/[-_]/)[0] ?? ''];
    return code ? accept(code) : reject('language');
  },
  /**
   * LOGIN is answered by a sign-in, never by a message: the host offers a sign-in link while the
   * dialog waits on it and resumes the dialog with the signed-in user (ResumeOptions.answer).
   */
  LOGIN: () => reject('sign_in'),
};
