import { parsePhoneNumberFromString } from 'libphonenumber-js/core';
import phoneMetadata from 'libphonenumber-js/min/metadata';
import type { EffectBody } from '../host/effects.js';
import type { Value } from '../values.js';
import type { BuiltinContext } from './functions-shared.js';
import { chars, fold } from './functions-shared.js';
import { dateHearTypes } from './hear-dates.js';
import { extraHearTypes } from './hear-extra.js';
import { fileHearTypes } from './hear-files.js';
import { numberHearTypes } from './hear-numbers.js';
import type { HearPrompt, HearPromptKey } from './hear-prompts.js';

/**
 * HEAR … AS <type>: each type checks a customer's free-text answer and normalises it, or returns
 * the prompt the bot sends to ask again (hear-prompts.ts). Prompts speak to the customer, not the
 * script author.
 */

/**
 * The outcome of checking one answer: the normalised value, or a friendly re-ask. A type whose
 * check needs I/O (QRCODE reads a picture) hands the host an effect instead: the host's non-empty
 * text answer is the value, any other answer re-asks with `prompt` (vm/hear.ts).
 */
export type HearResult = { ok: true; value: Value } | { ok: false; prompt: HearPrompt } | { ok: 'host'; effect: EffectBody; prompt: HearPrompt };

/**
 * A file the customer's message carries (engine/messages.ts Attachment, passed through as it is):
 * the media types answer from it. The interpreter reads only these fields and hands the whole
 * object back to the host, which fetches the file by the rest of it.
 */
export interface HearAttachment {
  type: string;
  url?: string;
  name?: string;
  mime_type?: string;
  /** A voice note recorded in the app; the channel may have transcribed it into the message's text. */
  voice?: boolean;
}

/** A HEAR type's check of one answer: its text and the files it carries; only DATE needs the clock. */
export type HearType = (input: string, ctx: BuiltinContext, attachments: readonly HearAttachment[]) => HearResult;

const EMAIL = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const NAME = /^[\p{L}\p{M}][\p{L}\p{M} '.-]*$/u;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const YES = new Set(['yes', 'y', 'true', '1', 'ok', 'okay', 'sure', 'confirm', 'confirmed', 'sim', 's', 'claro', 'si', 'confirmo']);
const NO = new Set(['no', 'n', 'false', '0', 'cancel', 'deny', 'nao', 'cancelar', 'negar']);

/** Name particles kept lower-case after the first word: "maria da silva" → "Maria da Silva". */
const PARTICLES = new Set(['da', 'das', 'de', 'do', 'dos', 'e', 'del', 'di', 'du', 'van', 'von', 'der']);

function accept(value: Value): HearResult {
  return { ok: true, value };
}

function reject(key: HearPromptKey): HearResult {
  return { ok: false, prompt: { key } };
}

/** An email address as HEAR … AS EMAIL takes it (lower-case, at most 254 characters); forms' WITH VALIDATION checks with it too. */
export function isEmailAddress(text: string): boolean {
  return text.length <= 254 && EMAIL.test(text);
}

/** "mARY-jane o'BRIEN" → "Mary-Jane O'Brien": upper-case after a space, hyphen or apostrophe. */
function titleCase(name: string): string {
  return name
    .split(' ')
    .map((word, index) =>
      index > 0 && PARTICLES.has(word.toLowerCase())
        ? word.toLowerCase()
        : word.toLowerCase().replace(/(^|['-])(\p{L})/gu, (_, before: string, letter: string) => before + letter.toUpperCase()),
    )
    .join(' ');
}

/** Validators for the text-like types, by type name. */
const textHearTypes: Record<string, HearType> = {
  /** Any non-empty answer, trimmed. */
  STRING: (input) => (input.trim() ? accept(input.trim()) : reject('answer')),

  /** Same as STRING. */
  TEXT: (input) => (input.trim() ? accept(input.trim()) : reject('answer')),

  /** An address like name@example.com, trimmed and lower-cased. */
  EMAIL(input) {
    const email = input.trim().toLowerCase();
    return isEmailAddress(email) ? accept(email) : reject('email');
  },

  /** 2–100 characters of letters, spaces and ' - . (at least two letters); spaces collapsed; Title Case except particles. */
  NAME(input) {
    const name = input.normalize('NFC').replaceAll('\u2019', "'").trim().replace(/\s+/g, ' ');
    const letters = name.match(/\p{L}/gu)?.length ?? 0;
    const length = chars(name).length;
    return NAME.test(name) && letters >= 2 && length >= 2 && length <= 100
      ? accept(titleCase(name))
      : reject('name');
  },

  /**
   * Yes or no in English, Portuguese or Spanish (yes/y/true/1/ok/okay/sure/confirm/sim/s/claro/si,
   * no/n/false/0/cancel/deny/não/nao), any case, trailing punctuation ignored → true/false.
   */
  BOOLEAN(input) {
    const answer = fold(input.trim()).replace(/[.!]+$/, '');
    if (YES.has(answer)) return accept(true);
    if (NO.has(answer)) return accept(false);
    return reject('yes_no');
  },

  /** An international number (+country or 00country), checked against the numbering plan → E.164 "+5511912345678". */
  MOBILE(input) {
    const text = input.trim().replace(/^00/, '+');
    const phone = /^\+[\d\s().-]+$/.test(text) ? parsePhoneNumberFromString(text, phoneMetadata) : undefined;
    return phone?.isValid() && !phone.ext
      ? accept(phone.number)
      : reject('mobile');
  },

  /** A postal code: 3–10 letters and digits (at least one digit), with at most one space or dash → trimmed, upper-case. */
  ZIPCODE(input) {
    const code = input.trim().toUpperCase().replace(/\s+/g, ' ');
    const alphanumerics = code.replace(/[ -]/g, '').length;
    return /^[A-Z0-9]+(?:[ -][A-Z0-9]+)?$/.test(code) && /\d/.test(code) && alphanumerics >= 3 && alphanumerics <= 10
      ? accept(code)
      : reject('zipcode');
  },

  /** An http(s) address with a dotted host and no credentials ("https://" is added when missing) → normalised href. */
  URL(input) {
    const text = input.trim();
    const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`;
    const url = URL.canParse(withScheme) && !/\s/.test(text) ? new URL(withScheme) : undefined;
    const valid =
      url !== undefined && (url.protocol === 'http:' || url.protocol === 'https:') &&
      url.username === '' && url.password === '' && /^[^.]+(\.[^.]+)+$/.test(url.hostname);
    return valid ? accept(url.href) : reject('url');
  },

  /** A UUID of any version, optionally in braces → lower-case. */
  UUID(input) {
    const id = input.trim().replace(/^\{(.*)\}$/, '$1').toLowerCase();
    return UUID.test(id) ? accept(id) : reject('uuid');
  },
};

/** Every HEAR type, by upper-case name. */
export const hearTypes: Record<string, HearType> = { ...textHearTypes, ...numberHearTypes, ...dateHearTypes, ...extraHearTypes, ...fileHearTypes };
