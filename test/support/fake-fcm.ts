/**
 * FCM HTTP v1 on 127.0.0.1 (port 0) for tests, with Google's OAuth token endpoint beside it. It
 * makes a service-account key pair (RS256) and writes the key file the service reads
 * (FCM_CREDENTIALS_FILE, its `token_uri` pointing here); `POST /token` checks the JWT-bearer
 * assertion's signature, issuer, audience and scope with the public key and answers an access
 * token; `POST /v1/projects/{project}/messages:send` checks that token and records the message,
 * answering `{name}` or, for tokens the test marks as gone, 404 with errorCode UNREGISTERED, in
 * FCM's documented error shape.
 */
import { writeFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { exportPKCS8, generateKeyPair, jwtVerify } from 'jose';
import { createFakeProviderServer } from './fake-provider-server.js';

export interface FcmMessage {
  project: string;
  token: string;
  notification: { title: string; body: string };
  data: Record<string, string>;
  android: { priority: string };
  apns: { headers: Record<string, string> };
}

export interface FakeFcm {
  readonly url: string;
  readonly project: string;
  readonly messages: FcmMessage[];
  /** Access tokens handed out (one per token exchange). */
  readonly tokensIssued: number;
  /** Tokens FCM no longer knows: sends to them answer 404 UNREGISTERED. */
  readonly gone: Set<string>;
  /** Writes the service-account key file for FCM_CREDENTIALS_FILE. */
  writeCredentials(file: string): Promise<void>;
  close(): Promise<void>;
}

const SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';

export async function startFakeFcm(project = 'switchboard-test'): Promise<FakeFcm> {
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  const clientEmail = `notifier@${project}.iam.gserviceaccount.com`;
  const accessTokens = new Set<string>();
  const messages: FcmMessage[] = [];
  const gone = new Set<string>();
  let url = '';

  const server = createFakeProviderServer(handle);

  async function handle(req: IncomingMessage, res: ServerResponse, body: Buffer): Promise<void> {
    if (req.method === 'POST' && req.url === '/token') {
      const form = new URLSearchParams(body.toString('utf8'));
      if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') return reply(res, 400, { error: 'unsupported_grant_type' });
      try {
        const { payload } = await jwtVerify(form.get('assertion') ?? '', publicKey, { issuer: clientEmail, audience: `${url}/token`, algorithms: ['RS256'] });
        if (payload.scope !== SCOPE) return reply(res, 400, { error: 'invalid_scope' });
      } catch {
        return reply(res, 400, { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' });
      }
      const token = `ya29.${randomUUID()}`;
      accessTokens.add(token);
      return reply(res, 200, { access_token: token, expires_in: 3599, token_type: 'Bearer' });
    }
    const match = /^\/v1\/projects\/([^/]+)\/messages:send$/.exec(req.url ?? '');
    if (req.method !== 'POST' || !match) return reply(res, 404, fcmError(404, 'NOT_FOUND', 'Not found'));
    if (!accessTokens.has((req.headers.authorization ?? '').replace(/^Bearer /, ''))) {
      return reply(res, 401, fcmError(401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials.'));
    }
    const { message } = JSON.parse(body.toString('utf8')) as { message: Omit<FcmMessage, 'project'> };
    if (gone.has(message.token)) return reply(res, 404, fcmError(404, 'NOT_FOUND', 'Requested entity was not found.', 'UNREGISTERED'));
    messages.push({ project: decodeURIComponent(match[1]!), ...message });
    return reply(res, 200, { name: `projects/${match[1]}/messages/${messages.length}` });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url, project, messages, gone,
    get tokensIssued() { return accessTokens.size; },
    async writeCredentials(file) {
      await writeFile(file, JSON.stringify({
        type: 'service_account', project_id: project, client_email: clientEmail, private_key: await exportPKCS8(privateKey), token_uri: `${url}/token`,
      }));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function fcmError(code: number, status: string, message: string, errorCode?: string) {
  return {
    error: {
      code, message, status,
      ...(errorCode ? { details: [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode }] } : {}),
    },
  };
}

function reply(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}
