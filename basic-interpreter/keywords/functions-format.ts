import { toNumber } from '../coercion.js';
import type { BuiltinFunction } from './functions-shared.js';
import { BuiltinError, checkArity, describe, roundHalfAway, textArg } from './functions-shared.js';
import { parseIsoDate } from './functions-date.js';

/**
 * FORMAT(value, pattern[, locale]): numbers with VB-style placeholders ("0.00", "#,##0.00", "0%",
 * "R$ #,##0.00") and ISO dates with .NET-style tokens ("yyyy-MM-dd", "dd/MM/yyyy HH:mm"). The
 * optional BCP 47 locale ("pt-BR") picks the separators and month/day names; the default is
 * English ("1,234.50", "May"). Dates print in UTC.
 */

/** VB's named number formats, by lower-case name. */
const NAMED: Record<string, string> = { fixed: '0.00', standard: '#,##0.00', percent: '0.00%' };

/** The run of placeholders in a number pattern: digits (0 or #) with "," and "." among them. */
const NUMBER_CORE = /[#0,.]*[#0][#0,.]*/;

/** Date tokens, longest first; text in single quotes is copied as is. */
const DATE_TOKENS = /'[^']*'|yyyy|yy|MMMM|MMM|MM|M|dddd|ddd|dd|d|HH|H|hh|h|mm|m|ss|s|tt/g;

function separators(locale: string): { group: string; decimal: string } {
  const parts = new Intl.NumberFormat(locale).formatToParts(12345.6);
  return {
    group: parts.find((p) => p.type === 'group')?.value ?? ',',
    decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
  };
}

/** Formats a number by a placeholder pattern: "0" a digit always shown, "#" a digit if any, "," grouping, "%" ×100. */
function formatNumber(n: number, pattern: string, locale: string): string {
  const match = NUMBER_CORE.exec(pattern);
  if (!match) throw new BuiltinError(`FORMAT: pattern ${describe(pattern)} has no 0 or # placeholder`);
  const prefix = pattern.slice(0, match.index);
  const suffix = pattern.slice(match.index + match[0].length);
  const [intPattern = '', fracPattern = ''] = match[0].split('.', 2).map((p, i) => (i === 1 ? p.replaceAll(',', '') : p));
  const minInt = intPattern.replaceAll(/[^0]/g, '').length;
  const minFrac = fracPattern.replaceAll(/[^0]/g, '').length;
  const maxFrac = fracPattern.length;
  const scaled = (prefix + suffix).includes('%') ? n * 100 : n;
  const rounded = roundHalfAway(Math.abs(scaled), maxFrac);
  const [intDigits = '', fracDigits = ''] = rounded.toFixed(maxFrac).split('.');
  const { group, decimal } = separators(locale);
  let integer = intDigits === '0' && minInt === 0 ? '' : intDigits.padStart(minInt, '0');
  if (intPattern.includes(',')) integer = integer.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  const fraction = fracDigits.slice(0, minFrac) + fracDigits.slice(minFrac).replace(/0+$/, '');
  const sign = scaled < 0 && rounded !== 0 ? '-' : '';
  return `${sign}${prefix}${integer}${fraction === '' ? '' : decimal + fraction}${suffix}`;
}

function name(date: Date, locale: string, options: Intl.DateTimeFormatOptions): string {
  return new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' }).format(date);
}

/** Formats a date by tokens: yyyy yy MMMM MMM MM M dddd ddd dd d HH H hh h mm m ss s tt; 'quoted' text as is. */
function formatDate(date: Date, pattern: string, locale: string): string {
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  const hours = date.getUTCHours();
  const hours12 = hours % 12 === 0 ? 12 : hours % 12;
  return pattern.replace(DATE_TOKENS, (token) => {
    switch (token) {
      case 'yyyy': return pad(date.getUTCFullYear(), 4);
      case 'yy': return pad(date.getUTCFullYear() % 100);
      case 'MMMM': return name(date, locale, { month: 'long' });
      case 'MMM': return name(date, locale, { month: 'short' });
      case 'MM': return pad(date.getUTCMonth() + 1);
      case 'M': return String(date.getUTCMonth() + 1);
      case 'dddd': return name(date, locale, { weekday: 'long' });
      case 'ddd': return name(date, locale, { weekday: 'short' });
      case 'dd': return pad(date.getUTCDate());
      case 'd': return String(date.getUTCDate());
      case 'HH': return pad(hours);
      case 'H': return String(hours);
      case 'hh': return pad(hours12);
      case 'h': return String(hours12);
      case 'mm': return pad(date.getUTCMinutes());
      case 'm': return String(date.getUTCMinutes());
      case 'ss': return pad(date.getUTCSeconds());
      case 's': return String(date.getUTCSeconds());
      case 'tt': return hours < 12 ? 'AM' : 'PM';
      default: return token.slice(1, -1);
    }
  });
}

/** The region a bare language picks for currency: C2[en] is US dollars, C2[pt] Brazilian reais. */
const CURRENCY_LOCALES: Record<string, [string, string]> = {
  en: ['en-US', 'USD'], pt: ['pt-BR', 'BRL'], es: ['es-ES', 'EUR'], fr: ['fr-FR', 'EUR'], de: ['de-DE', 'EUR'], it: ['it-IT', 'EUR'],
  'en-us': ['en-US', 'USD'], 'en-gb': ['en-GB', 'GBP'], 'pt-br': ['pt-BR', 'BRL'], 'pt-pt': ['pt-PT', 'EUR'],
};

/** .NET standard numeric formats: "n"/"N2" grouped, "f"/"F1" fixed, "C2[pt]" currency (default 2 decimals). */
function standardNumber(n: number, pattern: string, locale: string): string | undefined {
  const match = /^([nNfFcC])(\d{0,2})(?:\[([A-Za-z]{2}(?:-[A-Za-z]{2})?)\])?$/.exec(pattern);
  if (!match) return undefined;
  const [, kind = 'n', digits = '', bracket] = match;
  const decimals = digits === '' ? 2 : Number(digits);
  const options = { minimumFractionDigits: decimals, maximumFractionDigits: decimals };
  if (kind.toLowerCase() === 'c') {
    const [currencyLocale, currency] = CURRENCY_LOCALES[(bracket ?? locale).toLowerCase()] ?? ['en-US', 'USD'];
    return new Intl.NumberFormat(currencyLocale, { ...options, style: 'currency', currency }).format(n);
  }
  const useGrouping = kind.toLowerCase() === 'n';
  return new Intl.NumberFormat(bracket ?? locale, { ...options, useGrouping }).format(n);
}

/**
 * VB's text formats: `@` a character (a space when the text runs out), `&` a character (nothing
 * when it runs out), `<` lower case, `>` upper case, `!` fill from the left; other characters are
 * copied. Placeholders fill from the right unless `!` is given.
 */
function formatText(text: string, pattern: string): string {
  let source = pattern.includes('<') ? text.toLowerCase() : pattern.includes('>') ? text.toUpperCase() : text;
  const body = pattern.replace(/[<>!]/g, '');
  const slots = [...body].filter((c) => c === '@' || c === '&').length;
  if (!pattern.includes('!') && source.length < slots) source = source.padStart(slots, '\u0000');
  const chars = [...source];
  let at = 0;
  const out = [...body].map((c) => {
    if (c !== '@' && c !== '&') return c;
    const next = chars[at];
    at += 1;
    if (next === undefined || next === '\u0000') return c === '@' ? ' ' : '';
    return next;
  });
  return out.join('') + chars.slice(at).join('');
}

/** "YYYY-MM-DD" as the keyword reference writes date patterns: upper-case year and day tokens. */
function dotNetDatePattern(pattern: string): string {
  return pattern.replace(/YYYY/g, 'yyyy').replace(/YY/g, 'yy').replace(/DD/g, 'dd');
}

/** FORMAT, by lower-case name. */
export const formatFunctions: Record<string, BuiltinFunction> = {
  /**
   * FORMAT(value, pattern[, locale]): a number or ISO date as text by pattern (also "n", "F2",
   * "C2[pt]" and the text formats @ & < > !); NULL → ""; other values are an error.
   */
  format(args) {
    checkArity('FORMAT', args, 2, 3);
    const value = args[0] ?? null;
    const given = textArg(args, 1);
    const pattern = NAMED[given.toLowerCase()] ?? given;
    const locale = args.length === 3 ? textArg(args, 2) : 'en';
    if (value === null) return '';
    try {
      const n = typeof value === 'number' || (typeof value === 'string' && value.trim() !== '') ? toNumber(value) : Number.NaN;
      if (Number.isFinite(n)) {
        const standard = standardNumber(n, pattern, locale);
        if (standard !== undefined) return standard;
        if (/^[@&<>!]/.test(pattern) || (/[@&]/.test(pattern) && !/[#0]/.test(pattern))) return formatText(String(value), pattern);
        return formatNumber(n, pattern, locale);
      }
      const date = typeof value === 'string' ? parseIsoDate(value) : undefined;
      if (date) return formatDate(date.date, dotNetDatePattern(pattern), locale);
      if (typeof value === 'string' && /[@&<>]/.test(pattern)) return formatText(value, pattern);
    } catch (error) {
      if (error instanceof RangeError) throw new BuiltinError(`FORMAT: ${describe(locale)} is not a locale, like "en" or "pt-BR"`);
      throw error;
    }
    throw new BuiltinError(`FORMAT: ${describe(value)} is neither a number nor an ISO date`);
  },
};
