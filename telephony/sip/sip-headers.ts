/**
 * Readers for the structured header values the UA acts on (RFC 3261 §20, §25.1): addresses
 * (From, To, Contact, Route), Via, CSeq, parameters and comma-separated lists. Values arrive
 * unfolded (line folding already replaced by a space); linear white space may surround the
 * separators `;`, `=`, `/` and `:` as the grammar's SWS allows.
 */
import { SipParseError } from './sip-parse-error.js';
import { clip, isAbsoluteUri, parseSipUri, uriScheme, type SipUri } from './sip-uri.js';

export const TOKEN = /^[A-Za-z0-9\-.!%*_+`'~]+$/;
/** Call-ID's `word` characters (RFC 3261 §25.1). */
const CALL_ID = /^[A-Za-z0-9\-.!%*_+`'~()<>:\\"/[\]?{}]+(?:@[A-Za-z0-9\-.!%*_+`'~()<>:\\"/[\]?{}]+)?$/;

export type Params = Record<string, string | null>;

/** A name-addr or addr-spec header value: the URI may be of any scheme; `uri` is set for sip, sips and tel. */
export interface AddressValue {
  displayName?: string;
  uriText: string;
  uri?: SipUri;
  /** Header parameters (tag, expires, q…), names in lower case. */
  params: Params;
}

export interface ViaValue {
  transport: string;
  host: string;
  port?: number;
  params: Params;
}

export interface CSeqValue {
  seq: number;
  method: string;
}

/** Splits on `sep` outside quoted strings and angle brackets (lists of Via, Contact, Route…). */
export function splitOutside(text: string, sep: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '\\') i++;
      else if (c === '"') quoted = false;
    } else if (c === '"') quoted = true;
    else if (c === '<') depth++;
    else if (c === '>') depth = Math.max(0, depth - 1);
    else if (c === sep && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  if (quoted) throw new SipParseError(`unterminated quoted string: ${clip(text)}`);
  parts.push(text.slice(start));
  return parts;
}

/** `;name=value;flag` (the text before the first `;` must be empty or white space). */
export function parseParams(text: string): Params {
  const params: Params = {};
  const trimmed = text.trim();
  if (trimmed === '') return params;
  if (!trimmed.startsWith(';')) throw new SipParseError(`expected ';' before parameters: ${clip(text)}`);
  for (const part of splitOutside(trimmed.slice(1), ';')) {
    const eq = part.indexOf('=');
    const name = (eq >= 0 ? part.slice(0, eq) : part).trim();
    if (!TOKEN.test(name)) throw new SipParseError(`bad parameter name: ${clip(part)}`);
    let value: string | null = null;
    if (eq >= 0) {
      value = part.slice(eq + 1).trim();
      if (value.startsWith('"')) value = unquote(value);
      else if (value === '' || /[\s"<>,]/.test(value)) throw new SipParseError(`bad parameter value: ${clip(part)}`);
    }
    params[name.toLowerCase()] = value;
  }
  return params;
}

/** The content of a quoted string that makes up all of `text` (`\x` stands for x). */
export function unquote(text: string): string {
  const end = quotedEnd(text, 0);
  if (end !== text.length) throw new SipParseError(`text after a quoted string: ${clip(text)}`);
  return text.slice(1, end - 1).replace(/\\([\s\S])/g, '$1');
}

/** The index after the closing quote of the quoted string starting at `start`. */
function quotedEnd(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '"') return i + 1;
  }
  throw new SipParseError(`unterminated quoted string: ${clip(text)}`);
}

/** From, To, Contact, Route, Record-Route, Reply-To… (one value; lists are split before). */
export function parseAddress(text: string): AddressValue {
  let rest = text.trim();
  let displayName: string | undefined;
  let uriText: string;
  if (rest.startsWith('"')) {
    const end = quotedEnd(rest, 0);
    displayName = unquote(rest.slice(0, end));
    rest = rest.slice(end).trimStart();
    if (!rest.startsWith('<')) throw new SipParseError(`expected '<' after the display name: ${clip(text)}`);
  }
  const open = rest.indexOf('<');
  if (open >= 0) {
    const words = rest.slice(0, open).trim();
    if (words !== '') {
      if (!words.split(/\s+/).every((word) => TOKEN.test(word))) throw new SipParseError(`bad display name: ${clip(text)}`);
      displayName = words;
    }
    const close = rest.indexOf('>', open);
    if (close < 0) throw new SipParseError(`unclosed '<': ${clip(text)}`);
    uriText = rest.slice(open + 1, close);
    rest = rest.slice(close + 1);
  } else {
    // An addr-spec without brackets: its parameters belong to the header, and it may hold no ',', '?' or ';' itself.
    const semi = rest.indexOf(';');
    uriText = (semi >= 0 ? rest.slice(0, semi) : rest).trim();
    rest = semi >= 0 ? rest.slice(semi) : '';
    if (/[?,]/.test(uriText)) throw new SipParseError(`a URI with '?' or ',' must be in angle brackets: ${clip(text)}`);
  }
  if (!isAbsoluteUri(uriText)) throw new SipParseError(`bad URI in address: ${clip(text)}`);
  const scheme = uriScheme(uriText);
  const uri = scheme === 'sip' || scheme === 'sips' || scheme === 'tel' ? parseSipUri(uriText) : undefined;
  const value: AddressValue = { uriText, params: parseParams(rest) };
  if (displayName !== undefined) value.displayName = displayName;
  if (uri) value.uri = uri;
  return value;
}

/** One Via value: `SIP/2.0/UDP host:port;branch=…;rport` (white space allowed around `/` and `:`). */
export function parseVia(text: string): ViaValue {
  const match = /^SIP\s*\/\s*([^\s/]+)\s*\/\s*([^\s/;:]+)\s+(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.\-_]+)(?:\s*:\s*(\d{1,5}))?\s*(;[\s\S]*)?$/i.exec(text.trim());
  if (!match) throw new SipParseError(`bad Via: ${clip(text)}`);
  const [, version = '', transport = '', host = '', port, params = ''] = match;
  if (version !== '2.0') throw new SipParseError(`unsupported SIP version in Via: ${clip(text)}`, 505);
  if (!TOKEN.test(transport)) throw new SipParseError(`bad Via transport: ${clip(text)}`);
  const via: ViaValue = { transport: transport.toUpperCase(), host: host.toLowerCase(), params: parseParams(params) };
  if (port !== undefined) {
    via.port = Number(port);
    if (via.port > 65535) throw new SipParseError(`bad Via port: ${clip(text)}`);
  }
  return via;
}

/** `CSeq: 42 INVITE`; the number is below 2^31 (RFC 3261 §8.1.1.5). */
export function parseCSeq(text: string): CSeqValue {
  const match = /^(\d{1,10})\s+(\S+)$/.exec(text.trim());
  const seq = Number(match?.[1]);
  if (!match || !TOKEN.test(match[2] ?? '') || seq >= 2 ** 31) throw new SipParseError(`bad CSeq: ${clip(text)}`);
  return { seq, method: match[2] ?? '' };
}

export function checkCallId(text: string): string {
  if (!CALL_ID.test(text)) throw new SipParseError(`bad Call-ID: ${clip(text)}`);
  return text;
}

/** A decimal scalar with an upper bound (Max-Forwards ≤ 255, Content-Length). */
export function parseScalar(text: string, name: string, max: number): number {
  const value = /^\d{1,12}$/.test(text) ? Number(text) : NaN;
  if (!(value <= max)) throw new SipParseError(`bad ${name}: ${clip(text)}`);
  return value;
}

const DATE = /^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/;
/** RFC 1123 date, always GMT (RFC 3261 §20.17). */
export function checkDate(text: string): void {
  if (!DATE.test(text)) throw new SipParseError(`bad Date: ${clip(text)}`);
}

/** `type/subtype;params` */
export function parseMediaType(text: string): { type: string; params: Params } {
  const match = /^([^\s/;]+)\s*\/\s*([^\s/;]+)\s*(;[\s\S]*)?$/.exec(text.trim());
  if (!match || !TOKEN.test(match[1] ?? '') || !TOKEN.test(match[2] ?? '')) throw new SipParseError(`bad media type: ${clip(text)}`);
  return { type: `${match[1]}/${match[2]}`.toLowerCase(), params: parseParams(match[3] ?? '') };
}
