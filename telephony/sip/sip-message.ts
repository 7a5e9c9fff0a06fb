/**
 * SIP messages on the wire (RFC 3261 §7, §25): parse a datagram or a framed stream message into
 * a request or response, and serialise one back. Header names are matched case-insensitively,
 * compact forms are expanded, folded lines unfolded, and list headers split into one entry per
 * value. The headers the UA relies on are checked here, so everything above this file may assume
 * a request has one well-formed From, To, Call-ID and CSeq and at least one Via.
 */
import { SipParseError } from './sip-parse-error.js';
import { checkCallId, checkDate, parseAddress, parseCSeq, parseMediaType, parseScalar, parseVia, splitOutside, TOKEN } from './sip-headers.js';
import { clip, isAbsoluteUri, parseSipUri, uriScheme } from './sip-uri.js';

export { SipParseError } from './sip-parse-error.js';

export interface SipHeader {
  /** Long form, as written (or canonical when it was a compact form). */
  name: string;
  value: string;
}

interface SipMessageBase {
  headers: SipHeader[];
  body: Buffer;
}
export interface SipRequest extends SipMessageBase {
  kind: 'request';
  method: string;
  /** The Request-URI as written. */
  uri: string;
}
export interface SipResponse extends SipMessageBase {
  kind: 'response';
  status: number;
  reason: string;
}
export type SipMessage = SipRequest | SipResponse;

const COMPACT: Record<string, string> = {
  i: 'Call-ID', m: 'Contact', e: 'Content-Encoding', l: 'Content-Length', c: 'Content-Type', f: 'From',
  t: 'To', v: 'Via', k: 'Supported', s: 'Subject', o: 'Event', u: 'Allow-Events', r: 'Refer-To', x: 'Session-Expires',
};
/** Headers whose grammar is a comma-separated list: each value becomes its own entry. */
const LIST_HEADERS = new Set(['via', 'contact', 'route', 'record-route', 'allow', 'supported', 'require', 'proxy-require',
  'unsupported', 'accept', 'accept-encoding', 'accept-language', 'allow-events', 'content-encoding']);
/** Token lists, where an empty element is harmless. */
const TOKEN_LISTS = new Set(['allow', 'supported', 'require', 'proxy-require', 'unsupported', 'allow-events', 'content-encoding']);
/** More header lines than any real message carries is a flood, not a call. */
export const MAX_HEADER_LINES = 256;
const SINGLE = ['from', 'to', 'call-id', 'cseq', 'max-forwards', 'content-length', 'content-type'];

/** The long name of a header, in lower case (for comparisons). */
export function headerKey(name: string): string {
  const lower = name.toLowerCase();
  return (COMPACT[lower] ?? lower).toLowerCase();
}

/** All values of a header, in order (compact and long names alike). */
export function headerValues(message: SipMessage, name: string): string[] {
  const key = headerKey(name);
  return message.headers.filter((h) => h.name.toLowerCase() === key).map((h) => h.value);
}

/** The first value of a header. */
export function headerValue(message: SipMessage, name: string): string | undefined {
  const key = headerKey(name);
  return message.headers.find((h) => h.name.toLowerCase() === key)?.value;
}

export interface ParseOptions {
  /** On a stream the body length must be given; on UDP it defaults to the rest of the datagram. */
  transport?: 'udp' | 'tcp';
}

/**
 * One message from a datagram (or from a stream, already framed). Bytes after the body that
 * Content-Length announces are ignored (RFC 3261 §18.3). Throws SipParseError when malformed.
 */
export function parseSipMessage(data: Buffer | string, options: ParseOptions = {}): SipMessage {
  const buffer = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  const split = findHeaderEnd(buffer, 0);
  if (!split) throw new SipParseError('no empty line after the headers');
  const lines = buffer.subarray(0, split.headerEnd).toString('utf8').split(/\r?\n/);
  // Leading empty lines before a start line are allowed (keep-alives, RFC 3261 §7.5).
  while (lines[0] === '') lines.shift();
  const startLine = lines.shift() ?? '';
  const headers = parseHeaderLines(lines);
  const message = parseStartLine(startLine, headers);
  const lengthText = headerValues(message, 'content-length');
  const available = buffer.length - split.bodyStart;
  let length = available;
  if (lengthText.length > 0) {
    length = parseScalar(lengthText[0] ?? '', 'Content-Length', 2 ** 31);
    if (length > available) throw new SipParseError(`Content-Length ${length} exceeds the ${available} bytes received`);
  } else if (options.transport === 'tcp') {
    throw new SipParseError('Content-Length is required on a stream');
  }
  message.body = Buffer.from(buffer.subarray(split.bodyStart, split.bodyStart + length));
  validate(message);
  return message;
}

/** Where the header section ends (the empty line) and the body starts, from `from`; undefined while incomplete. */
export function findHeaderEnd(buffer: Buffer, from: number): { headerEnd: number; bodyStart: number } | undefined {
  const crlf = buffer.indexOf('\r\n\r\n', from);
  const lf = buffer.indexOf('\n\n', from);
  if (crlf >= 0 && (lf < 0 || crlf + 1 <= lf)) return { headerEnd: crlf, bodyStart: crlf + 4 };
  if (lf >= 0) return { headerEnd: lf, bodyStart: lf + 2 };
  return undefined;
}

function parseHeaderLines(lines: string[]): SipHeader[] {
  if (lines.length > MAX_HEADER_LINES) throw new SipParseError(`more than ${MAX_HEADER_LINES} header lines`);
  const unfolded: string[] = [];
  for (const line of lines) {
    if (/^[ \t]/.test(line)) {
      if (unfolded.length === 0) throw new SipParseError('a folded line before any header');
      unfolded[unfolded.length - 1] += ` ${line.trim()}`;
    } else unfolded.push(line);
  }
  const headers: SipHeader[] = [];
  for (const line of unfolded) {
    const colon = line.indexOf(':');
    const rawName = colon > 0 ? line.slice(0, colon).trimEnd() : '';
    if (!TOKEN.test(rawName)) throw new SipParseError(`bad header line: ${clip(line)}`);
    if (/[\r\n]/.test(line)) throw new SipParseError(`a bare CR in header: ${clip(line)}`);
    const name = COMPACT[rawName.toLowerCase()] ?? rawName;
    const value = line.slice(colon + 1).replace(/^[ \t]+|[ \t]+$/g, '');
    const key = name.toLowerCase();
    if (!LIST_HEADERS.has(key)) {
      headers.push({ name, value });
      continue;
    }
    for (const item of splitOutside(value, ',')) {
      const trimmed = item.trim();
      if (trimmed === '' && (TOKEN_LISTS.has(key) || key === 'accept')) continue;
      headers.push({ name, value: trimmed });
    }
  }
  return headers;
}

function parseStartLine(line: string, headers: SipHeader[]): SipMessage {
  if (line.startsWith('SIP/')) {
    const match = /^SIP\/(\d+\.\d+) (\d{3})(?: (.*))?$/.exec(line);
    if (!match) throw new SipParseError(`bad status line: ${clip(line)}`);
    if (match[1] !== '2.0') throw new SipParseError(`unsupported SIP version: ${clip(line)}`, 505);
    const status = Number(match[2]);
    if (status < 100) throw new SipParseError(`bad status code: ${clip(line)}`);
    return { kind: 'response', status, reason: match[3] ?? '', headers, body: Buffer.alloc(0) };
  }
  // Exactly one SP between the three parts, none at the end (RFC 3261 §7.1).
  const parts = line.split(' ');
  const [method = '', uri = '', version = ''] = parts;
  if (parts.length !== 3 || !TOKEN.test(method) || !/^SIP\/\d+\.\d+$/.test(version)) throw new SipParseError(`bad request line: ${clip(line)}`);
  if (version !== 'SIP/2.0') throw new SipParseError(`unsupported SIP version: ${clip(line)}`, 505);
  if (!isAbsoluteUri(uri)) throw new SipParseError(`bad Request-URI: ${clip(line)}`);
  const scheme = uriScheme(uri);
  if (scheme === 'sip' || scheme === 'sips') {
    // A Request-URI may not carry headers (RFC 3261 §19.1.1, table 1).
    if (parseSipUri(uri).headers) throw new SipParseError(`headers in the Request-URI: ${clip(line)}`);
  }
  return { kind: 'request', method, uri, headers, body: Buffer.alloc(0) };
}

/** The checks of the headers this UA reads; anything else is carried as text. */
function validate(message: SipMessage): void {
  for (const name of SINGLE) {
    const count = headerValues(message, name).length;
    if (count > 1) throw new SipParseError(`more than one ${name}`);
    if (count === 0 && ['from', 'to', 'call-id', 'cseq'].includes(name)) throw new SipParseError(`missing ${name}`);
  }
  const vias = headerValues(message, 'via');
  if (vias.length === 0) throw new SipParseError('missing Via');
  vias.forEach(parseVia);
  parseAddress(headerValue(message, 'from') ?? '');
  parseAddress(headerValue(message, 'to') ?? '');
  checkCallId(headerValue(message, 'call-id') ?? '');
  const cseq = parseCSeq(headerValue(message, 'cseq') ?? '');
  if (message.kind === 'request' && cseq.method !== message.method) throw new SipParseError(`CSeq method ${cseq.method} differs from ${message.method}`);
  const maxForwards = headerValue(message, 'max-forwards');
  if (maxForwards !== undefined) parseScalar(maxForwards, 'Max-Forwards', 255);
  for (const contact of headerValues(message, 'contact')) if (contact !== '*') parseAddress(contact);
  for (const route of [...headerValues(message, 'route'), ...headerValues(message, 'record-route')]) parseAddress(route);
  const date = headerValue(message, 'date');
  if (date !== undefined) checkDate(date);
  const contentType = headerValue(message, 'content-type');
  if (contentType !== undefined) parseMediaType(contentType);
}

/** The wire form; Content-Length is always written, from the body. */
export function serializeSipMessage(message: SipMessage): Buffer {
  const start = message.kind === 'request' ? `${message.method} ${message.uri} SIP/2.0` : `SIP/2.0 ${message.status} ${message.reason}`;
  const lines = [start];
  for (const header of message.headers) {
    if (header.name.toLowerCase() !== 'content-length') lines.push(`${header.name}: ${header.value}`);
  }
  lines.push(`Content-Length: ${message.body.length}`, '', '');
  return Buffer.concat([Buffer.from(lines.join('\r\n'), 'utf8'), message.body]);
}
