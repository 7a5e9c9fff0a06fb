import type { IncomingMessage } from 'node:http';
import { assertJsonDepth } from '../infra/json-depth.js';

/**
 * The body parsers' `verify` hooks (http/app.ts): a JSON body nested deeper than the limit is
 * refused with 400 `validation_error` before JSON.parse or any schema sees it (README, "Security
 * model"). Thrown from `verify`, the ValidationError reaches the error handler as it is.
 */

/** For express.json: the bytes in the charset the request declared (UTF-8 unless told otherwise). */
export function refuseDeepJson(_req: IncomingMessage, _res: unknown, body: Buffer, encoding: string | null): void {
  assertJsonDepth(isUtf8(encoding) ? body : decoderFor(encoding).decode(body));
}

/** A decoder for the declared charset; one the platform cannot decode (utf-32) is the parser's 415 `unsupported_charset`. */
function decoderFor(encoding: string | null): InstanceType<typeof TextDecoder> {
  try {
    return new TextDecoder(encoding ?? 'utf-8');
  } catch {
    throw Object.assign(new Error(`The charset ${encoding} is not supported`), { status: 415, type: 'charset.unsupported' });
  }
}

/**
 * For the raw readers (provider webhooks, bots' WEBHOOK scripts and forms): a body sent as JSON
 * (`application/json`, `…+json`) is checked here, whichever route reads it; the doors that parse
 * other types as JSON check again themselves.
 */
export function refuseDeepJsonOfType(req: IncomingMessage, _res: unknown, body: Buffer): void {
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type === 'application/json' || type.endsWith('+json')) assertJsonDepth(body);
}

function isUtf8(encoding: string | null): boolean {
  return encoding === null || /^utf-?8$/i.test(encoding);
}
