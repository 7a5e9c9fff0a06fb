import axios from 'axios';
import type { ReceivedFile } from '../engine/index.js';
import { outboundPool } from '../infra/outbound-pool.js';

/**
 * A customer's file from the channel's provider, with the credentials the provider asks for, at
 * most `maxBytes` (HEAR's media types, docs/basic.md). The credentials travel as a header rather
 * than axios's `auth`: the redirect library drops the header when the provider redirects to
 * another host (its storage), so they never leave the provider. Every hop connects through the
 * outbound door (docs/architecture.md, "Outbound requests") under the bot's
 * `http-allow-private-networks`.
 */
export async function fetchProviderFile(
  url: string, authorization: string | undefined, maxBytes: number, mimeType: string | undefined, allowPrivateNetworks: boolean,
): Promise<ReceivedFile> {
  const res = await axios.get<ArrayBuffer>(url, {
    ...outboundPool({ allowPrivateNetworks }).agents,
    proxy: false,
    headers: authorization ? { authorization } : {},
    responseType: 'arraybuffer',
    maxContentLength: maxBytes,
    timeout: 15_000,
    validateStatus: (status) => status === 200,
  });
  const mime = String(res.headers['content-type'] ?? mimeType ?? '').split(';')[0]!.trim();
  return { bytes: Buffer.from(res.data), ...(mime ? { mime_type: mime } : {}) };
}
