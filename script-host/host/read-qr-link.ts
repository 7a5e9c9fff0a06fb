import type { HttpPerformer, Value } from '../../basic-interpreter/index.js';
import { fetchLinkBytes } from './fetch-link-bytes.js';
import { readQrCode, type QrLimits, type QrProblem, QR_LIMITS } from './qr-code.js';

/** Why a link gave no code, for the log: the picture's problem, or the fetch's. */
export type QrLinkProblem = QrProblem | 'not_fetched';

/**
 * The `qrcode.read` effect of HEAR x AS QRCODE (docs/basic.md): the picture at the customer's
 * link, fetched through the bot's guarded HTTP client (`http`, built with at most
 * `limits.maxBytes` of body), and its QR code read. Resolves to the code's text, or null (the
 * customer is asked again) with the reason passed to `onProblem`: a failed fetch is the
 * customer's bad link, not the script's error.
 */
export async function readQrLink(http: HttpPerformer, url: string, onProblem: (problem: QrLinkProblem, detail?: string) => void, limits: QrLimits = QR_LIMITS): Promise<Value> {
  let bytes: Buffer;
  try {
    ({ bytes } = await fetchLinkBytes(http, url, 'image/png, image/jpeg;q=0.9, */*;q=0.1'));
  } catch (error) {
    onProblem('not_fetched', error instanceof Error ? error.message : String(error));
    return null;
  }
  const reading = await readQrCode(bytes, limits);
  if (reading.ok) return reading.text;
  onProblem(reading.problem);
  return null;
}
