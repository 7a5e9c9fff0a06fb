import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Request, Response } from 'express';
import { PayloadTooLargeError, ValidationError } from '../../infra/errors.js';

/** Largest CSV an import takes through the API (the CLI has no limit). */
export const CRM_IMPORT_MAX_BYTES = 64 * 1024 * 1024;

/**
 * The request body as a stream of CSV text, never buffered whole: `text/csv` (or `text/plain`,
 * `application/octet-stream`). Bytes past {@link CRM_IMPORT_MAX_BYTES} end it with a 413.
 */
export function csvBodyOf(req: Request): Readable {
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (!['text/csv', 'text/plain', 'application/octet-stream'].includes(type)) {
    throw new ValidationError('Send the CSV as the request body with Content-Type: text/csv', [{ path: 'body', message: `content type ${type || 'missing'}` }]);
  }
  let bytes = 0;
  const limit = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      if (bytes > CRM_IMPORT_MAX_BYTES) done(new PayloadTooLargeError(`The CSV is larger than ${CRM_IMPORT_MAX_BYTES} bytes`, CRM_IMPORT_MAX_BYTES));
      else done(null, chunk);
    },
  });
  req.once('error', (err) => limit.destroy(err));
  return req.pipe(limit);
}

/** Streams a CSV export as a download; a failure after the first bytes can only cut the answer short. */
export async function sendCsv(res: Response, name: string, csv: Readable): Promise<void> {
  res.status(200).setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.attachment(name);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  await pipeline(csv, res);
}
