/**
 * RFC 4475's torture messages, one file each, named by the RFC's own short names (wsinv, intmeth…).
 * The files are written the way the RFC prints them (§2): lines end in LF here and are sent as
 * CRLF, and bytes that cannot be printed are written as `<hex>…</hex>` (white space inside ignored).
 * They were retyped from the RFC's text (longreq's long values rebuilt by repetition; mpart01's
 * signed binary part is a stand-in of the RFC's length, 553 octets of body).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

const HERE = import.meta.dirname;

export function loadTortureMessage(name: string): Buffer {
  const text = readFileSync(path.join(HERE, `${name}.txt`), 'utf8');
  const parts: Buffer[] = [];
  const hex = /<hex>([\s\S]*?)<\/hex>/g;
  let last = 0;
  for (let match = hex.exec(text); match; match = hex.exec(text)) {
    parts.push(crlf(text.slice(last, match.index)), Buffer.from((match[1] ?? '').replace(/\s+/g, ''), 'hex'));
    last = match.index + match[0].length;
  }
  parts.push(crlf(text.slice(last)));
  return Buffer.concat(parts);
}

function crlf(text: string): Buffer {
  return Buffer.from(text.replace(/\r?\n/g, '\r\n'), 'utf8');
}
