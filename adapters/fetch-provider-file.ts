import axios from 'axios';
import type { ReceivedFile } from '../engine/index.js';

/**
 * A customer's file from the channel's provider, with the credentials the provider asks for, at
 * most `maxBytes` (HEAR's media types, docs/basic.md). The credentials travel as a header rather
 * than axios's `auth`: the redirect library drops the header when the provider redirects to
 * another host (its storage), so they never leave the provider.
 */
export async function fetchProviderFile(url: string, authorization: string | undefined, maxBytes: number, mimeType?: string): Promise<ReceivedFile> {
  const res = await axios.get<ArrayBuffer>(url, {
    headers: authorization ? { authorization } : {},
    responseType: 'arraybuffer',
    maxContentLength: maxBytes,
    timeout: 15_000,
    validateStatus: (status) => status === 200,
  });
  const mime = String(res.headers['content-type'] ?? mimeType ?? '').split(';')[0]!.trim();
  return { bytes: Buffer.from(res.data), ...(mime ? { mime_type: mime } : {}) };
}
