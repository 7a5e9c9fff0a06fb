import { SipParseError } from './sip-parse-error.js';

/** A parsed `sip:`, `sips:` or `tel:` URI (RFC 3261 §19.1, RFC 3966); escaped characters decoded. */
export interface SipUri {
  scheme: 'sip' | 'sips' | 'tel';
  user?: string;
  password?: string;
  /** Empty for `tel:` (the number is the user). */
  host: string;
  port?: number;
  /** Parameter names in lower case; `null` for a parameter without value (`;lr`). */
  params: Record<string, string | null>;
  /** `?name=value&…` headers of the URI, when present. */
  headers?: Record<string, string>;
}

const USER = /^(?:[A-Za-z0-9\-_.!~*'()&=+$,;?/]|%[0-9A-Fa-f]{2})+$/;
const PASSWORD = /^(?:[A-Za-z0-9\-_.!~*'()&=+$,]|%[0-9A-Fa-f]{2})*$/;
const PARAM = /^(?:[A-Za-z0-9\-_.!~*'()[\]/:&+$]|%[0-9A-Fa-f]{2})+$/;
const HEADER = /^(?:[A-Za-z0-9\-_.!~*'()[\]/?:+$]|%[0-9A-Fa-f]{2})*$/;
const HOSTNAME = /^[A-Za-z0-9](?:[A-Za-z0-9\-.]*[A-Za-z0-9.])?$/;
const IPV6 = /^\[[0-9A-Fa-f:.]+\]$/;
const TEL = /^(?:[0-9A-Fa-f*#+\-.()pw]|%[0-9A-Fa-f]{2})+$/;
/** Generic `scheme:rest` (RFC 3986 §3.1), for URIs of schemes this UA does not parse further. */
const ANY_URI = /^[A-Za-z][A-Za-z0-9+\-.]*:[^\s<>"]+$/;

/** Whether `text` looks like an absolute URI of any scheme (it may still be a bad `sip:` URI). */
export function isAbsoluteUri(text: string): boolean {
  return ANY_URI.test(text) && !hasControlCharacter(text);
}

/** The scheme of an absolute URI, in lower case. */
export function uriScheme(text: string): string {
  return text.slice(0, text.indexOf(':')).toLowerCase();
}

/** Parses a `sip:`, `sips:` or `tel:` URI; anything else (or malformed) throws SipParseError. */
export function parseSipUri(text: string): SipUri {
  if (!isAbsoluteUri(text)) throw new SipParseError(`not a URI: ${clip(text)}`);
  const scheme = uriScheme(text);
  const rest = text.slice(text.indexOf(':') + 1);
  if (scheme === 'tel') return parseTel(rest);
  if (scheme !== 'sip' && scheme !== 'sips') throw new SipParseError(`unsupported URI scheme: ${scheme}`, 416);

  // Neither params nor headers may hold an unescaped '@', so the last one ends the userinfo.
  const at = rest.lastIndexOf('@');
  const uri: SipUri = { scheme, host: '', params: {} };
  if (at >= 0) {
    const userinfo = rest.slice(0, at);
    const colon = userinfo.indexOf(':');
    const user = colon >= 0 ? userinfo.slice(0, colon) : userinfo;
    if (!USER.test(user)) throw new SipParseError(`bad user part in ${clip(text)}`);
    uri.user = unescape(user);
    if (colon >= 0) {
      const password = userinfo.slice(colon + 1);
      if (!PASSWORD.test(password)) throw new SipParseError(`bad password part in ${clip(text)}`);
      uri.password = unescape(password);
    }
  }
  let hostport = rest.slice(at + 1);
  const question = hostport.indexOf('?');
  if (question >= 0) {
    uri.headers = parseUriHeaders(hostport.slice(question + 1), text);
    hostport = hostport.slice(0, question);
  }
  const [hostAndPort = '', ...params] = hostport.split(';');
  for (const param of params) {
    const eq = param.indexOf('=');
    const name = eq >= 0 ? param.slice(0, eq) : param;
    const value = eq >= 0 ? param.slice(eq + 1) : null;
    if (!PARAM.test(name) || (value !== null && !PARAM.test(value))) throw new SipParseError(`bad URI parameter in ${clip(text)}`);
    uri.params[unescape(name).toLowerCase()] = value === null ? null : unescape(value);
  }
  const portMatch = /^(.*?)(?::(\d{1,5}))?$/.exec(hostAndPort);
  const host = portMatch?.[1] ?? '';
  if (!(HOSTNAME.test(host) || IPV6.test(host))) throw new SipParseError(`bad host in ${clip(text)}`);
  uri.host = host.toLowerCase();
  if (portMatch?.[2] !== undefined) {
    const port = Number(portMatch[2]);
    if (port > 65535) throw new SipParseError(`bad port in ${clip(text)}`);
    uri.port = port;
  }
  return uri;
}

function parseTel(rest: string): SipUri {
  const [number = '', ...params] = rest.split(';');
  if (!TEL.test(number)) throw new SipParseError(`bad tel URI: tel:${clip(rest)}`);
  const uri: SipUri = { scheme: 'tel', user: unescape(number), host: '', params: {} };
  for (const param of params) {
    const eq = param.indexOf('=');
    const name = eq >= 0 ? param.slice(0, eq) : param;
    if (!PARAM.test(name)) throw new SipParseError(`bad tel URI parameter: ${clip(param)}`);
    uri.params[name.toLowerCase()] = eq >= 0 ? unescape(param.slice(eq + 1)) : null;
  }
  return uri;
}

function parseUriHeaders(text: string, whole: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const pair of text.split('&')) {
    const eq = pair.indexOf('=');
    if (eq <= 0 || !HEADER.test(pair.slice(0, eq)) || !HEADER.test(pair.slice(eq + 1))) throw new SipParseError(`bad URI header in ${clip(whole)}`);
    headers[unescape(pair.slice(0, eq))] = unescape(pair.slice(eq + 1));
  }
  return headers;
}

/** `%XX` escapes to the bytes they stand for, read as UTF-8 (`%00` is a NUL character). */
function unescape(text: string): string {
  if (!text.includes('%')) return text;
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '%') {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(text[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** A short excerpt for error messages (never a whole hostile value). */
export function clip(text: string): string {
  return JSON.stringify(text.length > 60 ? `${text.slice(0, 60)}…` : text);
}

/** Whether `text` holds a C0 control character or DEL (never valid outside quoted strings). */
export function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}
