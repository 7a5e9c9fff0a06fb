import type { HearResult } from './hear-types.js';
import { roundHalfAway } from './functions-shared.js';

/**
 * Numbers as customers type them, in either convention: "1,234.5", "1.234,5", "3,5", "1 000".
 * The rule for a single separator is ambiguous by nature; ours: one "." or "," followed by
 * exactly three digits, after 1–3 digits that do not start with 0, groups thousands ("1.500" and
 * "1,500" are 1500); otherwise it is the decimal point ("3,5", "2.75", "0,125", "1234,567").
 */

/** Digits grouped in threes by `separator` (escaped for a regex): "1,234,567". */
function grouped(digits: string, separator: string): boolean {
  return new RegExp(`^\\d{1,3}(?:\\${separator}\\d{3})+$`).test(digits);
}

/** The number in a customer's text, or undefined; see the file comment for separators. */
export function parseLocaleNumber(raw: string): number | undefined {
  const text = raw
    .trim()
    .replace(/^([+-])\s+/, '$1')
    .replace(/(\d)[\s\u00a0\u202f](?=\d{3}(?!\d))/g, '$1');
  const match = /^([+-]?)(\d[\d.,]*|[.,]\d+)$/.exec(text);
  if (!match) return undefined;
  const sign = match[1] === '-' ? -1 : 1;
  const body = match[2] ?? '';
  const lastDot = body.lastIndexOf('.');
  const lastComma = body.lastIndexOf(',');
  let integer = body;
  let fraction = '';
  if (lastDot >= 0 && lastComma >= 0) {
    const decimalAt = Math.max(lastDot, lastComma);
    const group = lastDot > lastComma ? ',' : '.';
    integer = body.slice(0, decimalAt);
    fraction = body.slice(decimalAt + 1);
    if (!grouped(integer, group) || !/^\d+$/.test(fraction)) return undefined;
    integer = integer.replaceAll(group, '');
  } else if (lastDot >= 0 || lastComma >= 0) {
    const separator = lastDot >= 0 ? '.' : ',';
    const pieces = body.split(separator);
    if (pieces.length > 2 || (/^[1-9]\d{0,2}$/.test(pieces[0] ?? '') && pieces[1]?.length === 3)) {
      if (!grouped(body, separator)) return undefined;
      integer = body.replaceAll(separator, '');
    } else {
      [integer = '', fraction = ''] = pieces;
      if (fraction === '') return undefined;
    }
  }
  const value = sign * Number(`${integer || '0'}.${fraction || '0'}`);
  return Number.isFinite(value) ? value : undefined;
}

/** Number validators for HEAR, by type name. */
export const numberHearTypes: Record<string, (input: string) => HearResult> = {
  /** A whole number; thousands separators allowed ("1,000" → 1000); "1.5" is refused. */
  INTEGER(input) {
    const n = parseLocaleNumber(input);
    return n !== undefined && Number.isSafeInteger(n)
      ? { ok: true, value: n === 0 ? 0 : n }
      : { ok: false, prompt: { key: 'integer' } };
  },

  /** Any number, with a decimal point or a decimal comma ("3,5" → 3.5). */
  NUMBER(input) {
    const n = parseLocaleNumber(input);
    return n !== undefined ? { ok: true, value: n === 0 ? 0 : n } : { ok: false, prompt: { key: 'number' } };
  },

  /** An amount ≥ 0 without currency symbols or codes ("R$ 1.234,56", "$5", "10 USD"), rounded to cents. */
  MONEY(input) {
    const bare = input
      .replace(/\p{Sc}/gu, ' ')
      .trim()
      .replace(/^[a-z]{1,3}\b\s*/i, '')
      .replace(/\s*\b[a-z]{1,3}$/i, '');
    const n = parseLocaleNumber(bare);
    return n !== undefined && n >= 0
      ? { ok: true, value: roundHalfAway(n, 2) }
      : { ok: false, prompt: { key: 'money' } };
  },
};
