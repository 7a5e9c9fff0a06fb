import { isFileValue, type HttpPerformer, type Value } from '../../basic-interpreter/index.js';

/**
 * The bytes behind a customer's http(s) link (HEAR's media types and QRCODE, docs/basic.md),
 * through a guarded HTTP client built with the caller's byte limit. Throws when the link gives no
 * file: the client's own errors, or its `{status, error}` answer's words.
 */
export async function fetchLinkBytes(http: HttpPerformer, url: string, accept?: string): Promise<{ bytes: Buffer; content_type: string }> {
  const body = await http({ method: 'GET', url, headers: accept ? { accept } : {}, binary: true });
  if (!isFileValue(body)) throw new Error(isErrorAnswer(body) ? body.error : 'no body');
  return { bytes: Buffer.from(body.base64, 'base64'), content_type: body.content_type };
}

function isErrorAnswer(value: Value): value is { error: string } {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && typeof (value as Record<string, Value>).error === 'string';
}
