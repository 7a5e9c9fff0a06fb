/**
 * The 400 (or 505) for bytes that did not parse (RFC 3261 §8.2, §21.4.1): answered only when they
 * look like a request whose top Via can be read, since that Via says where the answer goes. The
 * answer copies only the identifying headers, and only values free of control characters.
 */
import type { SipParseError } from './sip-parse-error.js';
import { checkCallId, parseAddress, parseCSeq, parseVia, splitOutside, type ViaValue } from './sip-headers.js';
import { reasonPhrase } from './sip-builders.js';
import { hasControlCharacter } from './sip-uri.js';

const COPIED: Record<string, string> = { via: 'Via', v: 'Via', from: 'From', f: 'From', to: 'To', t: 'To', 'call-id': 'Call-ID', i: 'Call-ID', cseq: 'CSeq' };

export interface MalformedAnswer {
  response: Buffer;
  topVia: ViaValue;
}

export function answerMalformed(data: Buffer, error: SipParseError, server: string): MalformedAnswer | undefined {
  const text = data.toString('utf8');
  const end = text.search(/\r?\n\r?\n/);
  const lines = (end >= 0 ? text.slice(0, end) : text).split(/\r?\n/);
  const start = lines.shift() ?? '';
  // Never answer a response, nor an ACK (RFC 3261 §17.1.1.3).
  if (!/^[A-Za-z0-9\-.!%*_+`'~]+ +\S/.test(start) || start.startsWith('SIP/') || start.startsWith('ACK ')) return undefined;
  const copied: string[] = [];
  let topVia: ViaValue | undefined;
  for (const line of lines) {
    const match = /^([^:\s]+)\s*:\s*(.*)$/.exec(line);
    const name = COPIED[match?.[1]?.toLowerCase() ?? ''];
    const value = match?.[2]?.trim() ?? '';
    if (!name || value === '' || hasControlCharacter(value) || value.length > 1024) continue;
    if (name === 'Via') {
      try {
        // A Via of another SIP version still says where the 505 goes.
        const vias = splitOutside(value, ',').map((via) => parseVia(via.replace(/^\s*SIP\s*\/\s*[^\s/]+/i, 'SIP/2.0')));
        topVia ??= vias[0];
      } catch {
        if (!topVia) return undefined;
        continue;
      }
    } else if (copied.some((header) => header.startsWith(`${name}:`)) || !wellFormed(name, value)) continue;
    copied.push(`${name}: ${value}`);
  }
  if (!topVia) return undefined;
  const status = error.status === 505 ? 505 : 400;
  const head = [`SIP/2.0 ${status} ${reasonPhrase(status)}`, ...copied, `Server: ${server}`, 'Content-Length: 0', '', ''];
  return { response: Buffer.from(head.join('\r\n'), 'utf8'), topVia };
}

/** Whether a copied From, To, Call-ID or CSeq is itself well-formed (the answer must parse). */
function wellFormed(name: string, value: string): boolean {
  try {
    if (name === 'CSeq') parseCSeq(value);
    else if (name === 'Call-ID') checkCallId(value);
    else parseAddress(value);
    return true;
  } catch {
    return false;
  }
}
