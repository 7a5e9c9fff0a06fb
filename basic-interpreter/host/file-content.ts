/**
 * How file bytes and script values meet (READ, WRITE, DOWNLOAD, UPLOAD): pure conversions, the
 * I/O is the host's. A binary file is a *file value*, plain JSON like every value:
 * `{type: "file", name, content_type, size, base64}`, so it survives a saved dialog and is
 * written back byte for byte. Text comes back as text, `.json` as its value, `.csv` as rows.
 */
import { parse as parseCsv } from 'csv-parse/sync';
import { isObjectValue, type ObjectValue, type Value } from '../values.js';

/** A file's bytes as a value (see the file comment). */
export interface FileValue extends ObjectValue {
  type: 'file';
  name: string;
  content_type: string;
  size: number;
  base64: string;
}

export function isFileValue(value: Value): value is FileValue {
  return isObjectValue(value) && value.type === 'file' && typeof value.base64 === 'string';
}

export function fileValue(name: string, bytes: Uint8Array, contentType: string): FileValue {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { type: 'file', name, content_type: contentType, size: buffer.length, base64: buffer.toString('base64') };
}

/** What WRITE stores for a value: a file value's bytes, text as UTF-8, anything else as JSON. */
export function valueToBytes(value: Value): Buffer {
  if (isFileValue(value)) return Buffer.from(value.base64, 'base64');
  if (typeof value === 'string') return Buffer.from(value, 'utf8');
  return Buffer.from(JSON.stringify(value), 'utf8');
}

const TEXT_TYPES = /^(?:text\/|application\/(?:json|xml|javascript|x-www-form-urlencoded)|[^;]*\+(?:json|xml))/i;

/** True when the bytes read as UTF-8 text (no NUL, no invalid sequence). */
function isText(bytes: Buffer): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** What READ gives for a file's bytes: rows for .csv, the value for .json, text, else a file value. */
export function bytesToValue(path: string, bytes: Buffer, contentType = ''): Value {
  const name = path.split('/').pop() ?? path;
  const extension = /\.([A-Za-z0-9]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';
  if (!isText(bytes)) return fileValue(name, bytes, contentType || 'application/octet-stream');
  const text = bytes.toString('utf8');
  if (extension === 'csv') {
    return parseCsv(text, { columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()), skip_empty_lines: true, bom: true, trim: true }) as ObjectValue[];
  }
  if (extension === 'json' || /json/i.test(contentType)) {
    try {
      return JSON.parse(text) as Value;
    } catch {
      return text;
    }
  }
  if (contentType !== '' && !TEXT_TYPES.test(contentType)) return fileValue(name, bytes, contentType);
  return text;
}
