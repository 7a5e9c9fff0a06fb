import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from 'jose';
import { waitFor } from './wait-for.js';
import { createFakeProviderServer } from './fake-provider-server.js';

/** An activity the bot posted to the fake connector. */
export interface ConnectorPost {
  conversationId: string;
  authorization: string | undefined;
  activity: {
    type: string; text?: string; from?: { id: string }; channelId?: string;
    suggestedActions?: { actions: { type: string; title: string; value: string }[] };
    attachments?: { contentType: string; content?: unknown; contentUrl?: string }[];
  };
}

/** What a test may change in a token it has the fake issuer sign. */
export interface TokenOptions {
  /** Claims to add or replace (`aud`, `serviceurl`, `iss`…). */
  claims?: JWTPayload;
  /** Seconds from now the token expires (negative: already expired); null signs it without `exp`. Default 3600. */
  expiresIn?: number | null;
  /** Sign with a key the issuer does not publish (a forgery). */
  forged?: boolean;
}

/**
 * The workchat provider as real HTTP servers on 127.0.0.1 (docs/channels/workchat.md): an OpenID issuer with its
 * own RS256 keys (metadata + JWKS), the token endpoint (client credentials), and the connector the
 * activities' `serviceUrl` points at (`POST /v3/conversations/{id}/activities`,
 * `GET /v3/conversations/{id}/members/{user}`, `GET /v3/attachments/{id}/views/original`). Bots point at it with
 * `workchat-openid-metadata-url` and `workchat-token-url`.
 */
export interface FakeWorkchat {
  readonly url: string;
  readonly metadataUrl: string;
  readonly tokenUrl: string;
  /** The connector's base URL: the `serviceUrl` of the activities the tests post. */
  readonly serviceUrl: string;
  readonly issuer: string;
  readonly posts: ConnectorPost[];
  /** Client-credentials requests the token endpoint answered. */
  readonly tokenRequests: { client_id: string; scope: string }[];
  /** Keeps a file as the connector keeps a pasted image; answers its `contentUrl`, which opens only with a token the fake issued. */
  addAttachment(data: Buffer, contentType: string): string;
  /** Keeps a file as a shared file's short-lived `downloadUrl`, which needs no token; answers that URL. */
  addSharedFile(data: Buffer): string;
  /** Each file request: its path and its `authorization` header. */
  readonly fileRequests: { path: string; authorization: string | undefined }[];
  /** Members the connector knows, by user id: `GET …/members/{user}` answers them. */
  readonly members: Map<string, { id: string; name?: string; email?: string }>;
  /** A bearer token for `appId` signed by the issuer, naming `serviceUrl` unless `options` say otherwise. */
  token(appId: string, options?: TokenOptions): Promise<string>;
  postsTo(conversationId: string): ConnectorPost[];
  waitFor(predicate: () => boolean, what: string): Promise<void>;
  close(): Promise<void>;
}

export const FAKE_APP_PASSWORD = 'workchat-app-secret';

export async function startFakeWorkchat(): Promise<FakeWorkchat> {
  const keys = await generateKeyPair('RS256');
  const forger = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(keys.publicKey)), kid: 'key-1', alg: 'RS256', use: 'sig' };
  const posts: ConnectorPost[] = [];
  const tokenRequests: { client_id: string; scope: string }[] = [];
  const members = new Map<string, { id: string; name?: string; email?: string }>();
  const files = new Map<string, { data: Buffer; contentType: string; needsToken: boolean }>();
  const fileRequests: { path: string; authorization: string | undefined }[] = [];
  let nextId = 1;
  let base = '';

  const json = (res: Parameters<Parameters<typeof createFakeProviderServer>[0]>[1], status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };
  const server = createFakeProviderServer(async (req, res, body) => {
    const url = new URL(req.url ?? '/', base);
    if (req.method === 'GET' && url.pathname === '/openid') return json(res, 200, { issuer: `${base}/issuer`, jwks_uri: `${base}/keys` });
    if (req.method === 'GET' && url.pathname === '/keys') return json(res, 200, { keys: [jwk] });
    if (req.method === 'POST' && url.pathname === '/token') {
      const form = new URLSearchParams(body.toString('utf8'));
      if (form.get('grant_type') !== 'client_credentials' || form.get('client_secret') !== FAKE_APP_PASSWORD) {
        return json(res, 401, { error: 'invalid_client' });
      }
      tokenRequests.push({ client_id: form.get('client_id') ?? '', scope: form.get('scope') ?? '' });
      return json(res, 200, { access_token: `connector-token-${tokenRequests.length}`, token_type: 'Bearer', expires_in: 3600 });
    }
    const file = req.method === 'GET' ? files.get(url.pathname) : undefined;
    if (file) {
      fileRequests.push({ path: url.pathname, authorization: req.headers.authorization });
      const issued = /^Bearer connector-token-(\d+)$/.exec(req.headers.authorization ?? '');
      if (file.needsToken && !(issued && Number(issued[1]) <= tokenRequests.length)) return json(res, 401, { error: { code: 'BadArgument', message: 'Authorization has been denied' } });
      res.writeHead(200, { 'content-type': file.contentType, 'content-length': file.data.length }).end(file.data);
      return;
    }
    const activities = /^\/connector\/v3\/conversations\/([^/]+)\/activities$/.exec(url.pathname);
    if (req.method === 'POST' && activities) {
      posts.push({
        conversationId: decodeURIComponent(activities[1]!), authorization: req.headers.authorization,
        activity: JSON.parse(body.toString('utf8')) as ConnectorPost['activity'],
      });
      return json(res, 200, { id: `sent-${nextId++}` });
    }
    const member = /^\/connector\/v3\/conversations\/([^/]+)\/members\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && member) {
      const known = members.get(decodeURIComponent(member[2]!));
      return known ? json(res, 200, known) : json(res, 404, { error: { code: 'MemberNotFoundInConversation' } });
    }
    json(res, 404, { error: 'not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const serviceUrl = `${base}/connector/`;

  const sign = (key: CryptoKey, appId: string, options: TokenOptions) => {
    const jwt = new SignJWT({ iss: `${base}/issuer`, aud: appId, serviceurl: serviceUrl, ...options.claims })
      .setProtectedHeader({ alg: 'RS256', kid: 'key-1' })
      .setIssuedAt();
    if (options.expiresIn !== null) jwt.setExpirationTime(Math.floor(Date.now() / 1000) + (options.expiresIn ?? 3600));
    return jwt.sign(key);
  };

  return {
    url: base, metadataUrl: `${base}/openid`, tokenUrl: `${base}/token`, serviceUrl, issuer: `${base}/issuer`,
    posts, tokenRequests, members, fileRequests,
    addAttachment(data, contentType) {
      const path = `/connector/v3/attachments/0-att-${nextId++}/views/original`;
      files.set(path, { data, contentType, needsToken: true });
      return `${base}${path}`;
    },
    addSharedFile(data) {
      const path = `/sharepoint/download/${nextId++}`;
      files.set(path, { data, contentType: 'application/octet-stream', needsToken: false });
      return `${base}${path}`;
    },
    token: (appId, options = {}) => sign(options.forged ? forger.privateKey : keys.privateKey, appId, options),
    postsTo: (conversationId) => posts.filter((p) => p.conversationId === conversationId),
    waitFor: (predicate, what) => waitFor(predicate, what).catch(() => {
      throw new Error(`fake workchat: ${what} did not happen within 10 s (${posts.length} posts: ${posts.map((p) => p.activity.text).join(' | ')})`);
    }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let activityIds = 1;

/** Activities as the provider posts them to a bot's messaging endpoint. */
export const workchatActivities = {
  message(serviceUrl: string, conversationId: string, from: { id: string; name?: string; aadObjectId?: string }, text: string, extra: Record<string, unknown> = {}) {
    return {
      type: 'message', id: `act-${activityIds++}`, timestamp: new Date().toISOString(), serviceUrl, channelId: 'msteams',
      from, recipient: { id: '28:bot-id', name: 'Shop bot' }, conversation: { id: conversationId, conversationType: 'personal', tenantId: 'tenant-1' },
      text, ...extra,
    };
  },
  conversationUpdate(serviceUrl: string, conversationId: string, from: { id: string; aadObjectId?: string }, change: { added?: string[]; removed?: string[] }) {
    return {
      type: 'conversationUpdate', id: `act-${activityIds++}`, serviceUrl, channelId: 'msteams', from,
      recipient: { id: '28:bot-id', name: 'Shop bot' }, conversation: { id: conversationId, conversationType: 'personal', tenantId: 'tenant-1' },
      ...(change.added ? { membersAdded: change.added.map((id) => ({ id })) } : {}),
      ...(change.removed ? { membersRemoved: change.removed.map((id) => ({ id })) } : {}),
    };
  },
};
