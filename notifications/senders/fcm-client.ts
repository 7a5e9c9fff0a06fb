import { readFile } from 'node:fs/promises';
import { importPKCS8, SignJWT } from 'jose';
import { z } from 'zod';
import type { FetchFunction } from '../../infra/outbound-http.js';
import { DELIVERY_REASONS } from '../channels.js';
import { PermanentDeliveryFailure, type MobilePushSender } from '../delivery-port.js';

/** The fields of a Google service-account key file (JSON) that FCM's OAuth flow uses. */
const ServiceAccountSchema = z.object({
  project_id: z.string().min(1).optional(),
  client_email: z.string().min(1),
  private_key: z.string().includes('PRIVATE KEY'),
  token_uri: z.url({ protocol: /^https?$/ }),
});
export type FcmServiceAccount = z.infer<typeof ServiceAccountSchema>;

/** Reads a service-account key file (FCM_CREDENTIALS_FILE); a bad file stops the start with its name. */
export async function loadFcmServiceAccount(file: string): Promise<FcmServiceAccount> {
  const parsed = ServiceAccountSchema.safeParse(JSON.parse(await readFile(file, 'utf8')));
  if (!parsed.success) throw new Error(`${file}: not a service-account key (${parsed.error.issues.map((i) => i.path.join('.')).join(', ')})`);
  return parsed.data;
}

export interface FcmClientOptions {
  /** The Firebase project (FCM_PROJECT_ID, else the key file's `project_id`). */
  projectId: string;
  account: FcmServiceAccount;
  /** FCM's API root (FCM_API_URL, default https://fcm.googleapis.com; a local fake in tests). */
  apiUrl: string;
  /**
   * The outbound door's guarded fetch (infra/outbound-http.ts) with the deployment's policy: FCM_API_URL
   * and the key file's `token_uri` are chosen by a config file, so both go through the guard.
   */
  fetch: FetchFunction;
}

const SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';

interface FcmErrorBody {
  error?: { status?: string; message?: string; details?: { errorCode?: string }[] };
}

/**
 * The mobile push port on FCM HTTP v1 (docs/notifications.md, "Delivery"): an OAuth 2.0 access
 * token from the service account (a JWT signed RS256 with its key, exchanged at its `token_uri`,
 * kept until a minute before it expires), then `POST {apiUrl}/v1/projects/{project}/messages:send`
 * with `{message: {token, notification, data, android.priority, apns.headers}}`. A token FCM no
 * longer knows (404, UNREGISTERED) is `subscription_gone`; other refusals of the message (4xx but
 * 401 and 429) fail it for good; 401 drops the access token and, like 429 and 5xx, is retried.
 */
export function createFcmClient(options: FcmClientOptions): MobilePushSender {
  const endpoint = `${options.apiUrl.replace(/\/+$/, '')}/v1/projects/${encodeURIComponent(options.projectId)}/messages:send`;
  let key: ReturnType<typeof importPKCS8> | undefined;
  let cached: { token: string; expiresAt: number } | undefined;

  async function accessToken(): Promise<string> {
    const now = Date.now();
    if (cached && cached.expiresAt - 60_000 > now) return cached.token;
    key ??= importPKCS8(options.account.private_key, 'RS256');
    const issuedAt = Math.floor(now / 1000);
    const assertion = await new SignJWT({ scope: SCOPE })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
      .setIssuer(options.account.client_email)
      .setAudience(options.account.token_uri)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + 3600)
      .sign(await key);
    const res = await options.fetch(options.account.token_uri, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }),
    });
    if (!res.ok) throw new Error(`FCM: the token endpoint answered ${res.status}`);
    const body = (await res.json()) as { access_token?: string; expires_in?: number };
    if (!body.access_token) throw new Error('FCM: the token endpoint gave no access_token');
    cached = { token: body.access_token, expiresAt: now + (body.expires_in ?? 3600) * 1000 };
    return cached.token;
  }

  return {
    async send(message) {
      const high = message.priority === 'high';
      const res = await options.fetch(endpoint, {
        method: 'POST',
        headers: { authorization: `Bearer ${await accessToken()}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          message: {
            token: message.token,
            notification: { title: message.title, body: message.body },
            data: message.data,
            android: { priority: high ? 'HIGH' : 'NORMAL' },
            apns: { headers: { 'apns-priority': high ? '10' : '5' } },
          },
        }),
      });
      if (res.ok) return;
      const error = ((await res.json().catch(() => ({}))) as FcmErrorBody).error;
      const code = error?.details?.find((d) => d.errorCode)?.errorCode ?? error?.status ?? String(res.status);
      const text = `FCM answered ${res.status} ${code}${error?.message ? `: ${error.message}` : ''}`;
      if (res.status === 401) cached = undefined;
      if (res.status === 404 || code === 'UNREGISTERED') throw new PermanentDeliveryFailure(DELIVERY_REASONS.gone, text);
      if (res.status >= 400 && res.status < 500 && res.status !== 401 && res.status !== 429) throw new PermanentDeliveryFailure(DELIVERY_REASONS.pushRejected, text);
      throw new Error(text);
    },
  };
}
