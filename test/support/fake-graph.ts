/**
 * A Graph-style provider API on 127.0.0.1 (port 0) for tests, speaking the documented wire
 * format of the three channels (docs/channels/README.md): `POST /{version}/{phone-number-id}/messages`
 * answers `{messaging_product, contacts, messages:[{id:"wamid…"}]}`, `POST /{version}/me/messages`
 * answers `{recipient_id, message_id:"m_…"}`, `GET /{version}/{media-id}` answers the media's
 * URL, type and size, and that URL serves the bytes to a bearer of the token; `GET /{version}/{user-id}?fields=…`
 * answers the user's profile (page_msg's and social_dm's user-profile call), with the fields asked
 * for that the test gave it. Errors are the
 * provider's `{error:{message, type, code, error_data:{details}, fbtrace_id}}`, queued by the test.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createFakeProviderServer } from './fake-provider-server.js';
import type { AddressInfo } from 'node:net';

export const FAKE_GRAPH_VERSION = 'v21.0';

/** One request the fake received. */
export interface GraphRequest {
  method: string;
  /** The path after the version, e.g. `123456/messages` or `me/messages`. */
  path: string;
  /** The query string, when there is one (`fields=name%2Cusername`). */
  query?: string;
  authorization: string | undefined;
  contentType: string | undefined;
  /** The JSON body (undefined for GET and multipart). */
  body: Record<string, unknown> | undefined;
  raw: Buffer;
  /** The message id the fake answered a send with (`wamid.…`, `m_…`). */
  answeredId?: string;
}

/** An answer forced by the test for the next call(s) that are not media downloads. */
export interface GraphFailure {
  status: number;
  code?: number;
  message?: string;
  details?: string;
  retryAfter?: string;
  /** Only for sends to this recipient (`to`, or `recipient.id`); any call when absent. */
  to?: string;
}

export interface FakeGraph {
  /** Base URL to put in `*-api-url` (ends in the version). */
  readonly url: string;
  readonly requests: GraphRequest[];
  /** The message sends received, in order. */
  sends(): GraphRequest[];
  /** The next calls fail with these answers, one each, in order. */
  fail(...failures: GraphFailure[]): void;
  /** A file the provider holds under `id`, downloadable with `token`. */
  addMedia(id: string, file: { data: Buffer; mimeType: string }, token: string): void;
  /** A user the provider knows under `id` (a page-scoped or Instagram-scoped id): `name`, `first_name`, `username`… */
  addProfile(id: string, profile: Record<string, string>): void;
  /** The user-profile calls received, in order. */
  profileCalls(): GraphRequest[];
  reset(): void;
  close(): Promise<void>;
}

export async function startFakeGraph(): Promise<FakeGraph> {
  const requests: GraphRequest[] = [];
  const failures: GraphFailure[] = [];
  const media = new Map<string, { data: Buffer; mimeType: string; token: string }>();
  const profiles = new Map<string, Record<string, string>>();
  let sent = 0;
  let uploaded = 0;
  let base = '';

  const server = createFakeProviderServer(handle);

  async function handle(req: IncomingMessage, res: ServerResponse, raw: Buffer): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    const json = (status: number, body: unknown, headers: Record<string, string> = {}): void => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
    };

    const file = /^\/media-files\/(.+)$/.exec(url.pathname);
    if (file) {
      const item = media.get(decodeURIComponent(file[1]!));
      if (!item || req.headers.authorization !== `Bearer ${item.token}`) return json(404, graphError(100, 'Unsupported get request'));
      res.writeHead(200, { 'content-type': item.mimeType, 'content-length': String(item.data.length) }).end(item.data);
      return;
    }
    const prefix = `/${FAKE_GRAPH_VERSION}/`;
    if (!url.pathname.startsWith(prefix)) return json(404, graphError(100, 'Unknown path'));
    const path = url.pathname.slice(prefix.length);
    const contentType = req.headers['content-type'];
    const body = contentType?.startsWith('application/json') ? (JSON.parse(raw.toString('utf8')) as Record<string, unknown>) : undefined;
    const request: GraphRequest = { method: req.method ?? 'GET', path, ...(url.search ? { query: url.searchParams.toString() } : {}), authorization: req.headers.authorization, contentType, body, raw };
    requests.push(request);

    const recipient = body?.to ?? (body?.recipient as { id?: string } | undefined)?.id;
    const at = failures.findIndex((f) => f.to === undefined || f.to === recipient);
    const failure = at >= 0 ? failures.splice(at, 1)[0] : undefined;
    if (failure) {
      return json(failure.status, graphError(failure.code ?? failure.status, failure.message ?? 'fake failure', failure.details),
        failure.retryAfter ? { 'retry-after': failure.retryAfter } : {});
    }
    if (!req.headers.authorization?.startsWith('Bearer ')) return json(401, graphError(190, 'Invalid OAuth access token'));
    if (req.method === 'POST' && /^[^/]+\/messages$/.test(path)) {
      sent += 1;
      if (path === 'me/messages') {
        request.answeredId = `m_FAKE${sent}`;
        return json(200, { recipient_id: recipient, message_id: request.answeredId });
      }
      const to = body?.to;
      request.answeredId = `wamid.FAKE${sent}`;
      return json(200, { messaging_product: 'whatsapp', contacts: [{ input: to, wa_id: to }], messages: [{ id: request.answeredId }] });
    }
    if (req.method === 'POST' && /^[^/]+\/media$/.test(path)) {
      uploaded += 1;
      return json(200, { id: `uploaded-${uploaded}` });
    }
    const fields = url.searchParams.get('fields');
    if (req.method === 'GET' && fields !== null) {
      const profile = profiles.get(decodeURIComponent(path));
      if (!profile) return json(400, graphError(100, 'Object with ID does not exist, cannot be loaded due to missing permissions, or does not support this operation'));
      const asked = fields.split(',').filter((f) => profile[f] !== undefined);
      return json(200, { ...Object.fromEntries(asked.map((f) => [f, profile[f]])), id: decodeURIComponent(path) });
    }
    if (req.method === 'GET') {
      const item = media.get(decodeURIComponent(path));
      if (!item) return json(404, graphError(100, 'Unsupported get request'));
      return json(200, {
        messaging_product: 'whatsapp', url: `${base}/media-files/${encodeURIComponent(path)}`, mime_type: item.mimeType,
        sha256: 'fake', file_size: item.data.length, id: path,
      });
    }
    json(404, graphError(100, 'Unknown path'));
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  base = `http://127.0.0.1:${port}`;
  return {
    url: `${base}/${FAKE_GRAPH_VERSION}`,
    requests,
    sends: () => requests.filter((r) => r.method === 'POST' && r.path.endsWith('/messages')),
    fail: (...more) => void failures.push(...more),
    addMedia: (id, item, token) => void media.set(id, { ...item, token }),
    addProfile: (id, profile) => void profiles.set(id, profile),
    profileCalls: () => requests.filter((r) => r.method === 'GET' && r.query?.startsWith('fields=') === true),
    reset() {
      requests.length = 0;
      failures.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function graphError(code: number, message: string, details?: string) {
  return {
    error: {
      message, type: 'OAuthException', code,
      ...(details ? { error_data: { messaging_product: 'whatsapp', details } } : {}),
      fbtrace_id: 'AbCdEfFake',
    },
  };
}
