import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { pipeline } from 'node:stream';
import zlib from 'node:zlib';
import { fileValue, type HttpPerformer, type Value } from '../../basic-interpreter/index.js';
import { checkTarget, HttpRefusedError, HttpRequestError, resolveWithDns, type ResolvedAddress, type ResolveHost } from '../../infra/outbound-guard.js';

/**
 * The HTTP client behind `r = GET url`, POST, PUT, PATCH and DELETE in scripts: the script host's side
 * of the interpreter's `HttpPerformer` port (basic-interpreter/host/standard-host.ts).
 *
 * - Request body: a string is sent as text/plain, any other value as JSON (application/json),
 *   unless the script's SET HEADER gave a Content-Type. No body for NULL/absent.
 * - Response: parsed as JSON when the Content-Type says JSON (an empty body is NULL; a body that
 *   is not valid JSON comes back as text), else the text.
 * - A non-2xx answer does not stop the script (scripts cannot catch errors): it resolves to
 *   `{ status, error, body }`, e.g. `{ status: 404, error: "HTTP 404 Not Found", body: {...} }`,
 *   so a script can test `IF r.status >= 400`. Only failures without an answer throw
 *   {@link HttpRequestError} (network error, timeout, response over the size limit, too many
 *   redirects), and targets the guard refuses throw `HttpRefusedError` (see infra/outbound-guard.ts).
 * - Redirects are followed by hand, at most `maxRedirects`, each target checked by the guard
 *   again; 303 (and 301/302 after POST) continue as GET without a body; Authorization and Cookie
 *   headers are dropped when a redirect leaves the origin.
 * - `timeoutMs` bounds the whole call: DNS, every redirect, and reading the body.
 * - Connections go to the addresses the guard checked (pinned lookup), never to a fresh DNS answer.
 * Error messages name the method and the URL without its query string (which may hold keys).
 */

export interface HttpPerformerOptions {
  /** Limit for one call, redirects included. */
  timeoutMs: number;
  /** Allow loopback and private addresses: the bot's `http-allow-private-networks` (infra/outbound-guard.ts). */
  allowPrivateNetworks: boolean;
  /** Largest (decoded) response body accepted; default 5 MiB. */
  maxResponseBytes?: number;
  /** Default 5. */
  maxRedirects?: number;
  /** Host-name resolution; dns.lookup by default. Tests replace it to simulate DNS answers. */
  resolve?: ResolveHost;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const DEFAULT_HEADERS = { 'user-agent': 'Switchboard-Bot/0.1', accept: 'application/json, text/plain;q=0.9, */*;q=0.8' };

/** Builds the function a host calls for each `http` effect. */
export function createHttpPerformer(options: HttpPerformerOptions): HttpPerformer {
  const allowPrivate = options.allowPrivateNetworks;
  const maxBytes = options.maxResponseBytes ?? 5 * 1024 * 1024;
  const maxRedirects = options.maxRedirects ?? 5;
  const resolve = options.resolve ?? resolveWithDns;

  return async (request) => {
    let url = parseUrl(request.url);
    let method: string = request.method;
    const what = () => `${method} ${url.origin}${url.pathname}`;
    const signal = AbortSignal.timeout(options.timeoutMs);
    const headers: Record<string, string> = { ...DEFAULT_HEADERS };
    for (const [name, value] of Object.entries(request.headers)) headers[name.toLowerCase()] = value;
    let body = encodeBody(request.body, headers);
    try {
      for (let redirects = 0; ; redirects += 1) {
        const addresses = await abortable(checkTarget(url, allowPrivate, resolve), signal);
        const response = await send(url, method, headers, body, addresses, signal);
        const location = response.headers.location;
        const status = response.statusCode ?? 0;
        if (!REDIRECTS.has(status) || location === undefined) {
          const bytes = await readBody(response, maxBytes);
          const contentType = response.headers['content-type'];
          // DOWNLOAD: the exact bytes, as a file value (basic-interpreter/host/file-content.ts).
          if (request.binary === true && status >= 200 && status < 300) {
            return fileValue(decodeURIComponent(url.pathname.split('/').pop() ?? '') || 'download', bytes, contentType ?? 'application/octet-stream');
          }
          const value = decodeBody(bytes, contentType);
          if (status >= 200 && status < 300) return value;
          return { status, error: `HTTP ${status} ${response.statusMessage ?? ''}`.trim(), body: value };
        }
        response.resume();
        if (redirects === maxRedirects) throw new HttpRequestError(`${what()}: more than ${maxRedirects} redirects`);
        const next = parseUrl(location, url);
        if (next.origin !== url.origin) for (const name of ['authorization', 'cookie']) delete headers[name];
        if (status === 303 || ((status === 301 || status === 302) && method === 'POST')) {
          method = 'GET';
          body = undefined;
          delete headers['content-type'];
        }
        url = next;
      }
    } catch (error) {
      if (signal.aborted) throw new HttpRequestError(`${what()}: timed out after ${options.timeoutMs} ms`, { cause: error });
      if (error instanceof HttpRefusedError || error instanceof HttpRequestError) throw error;
      throw new HttpRequestError(`${what()}: ${(error as Error).message}`, { cause: error });
    }
  };
}

function parseUrl(text: string, base?: URL): URL {
  try {
    return new URL(text, base);
  } catch (error) {
    throw new HttpRequestError(`Invalid URL: ${text}`, { cause: error });
  }
}

function encodeBody(body: Value | undefined, headers: Record<string, string>): Buffer | undefined {
  if (body === undefined || body === null) return undefined;
  const isText = typeof body === 'string';
  headers['content-type'] ??= isText ? 'text/plain; charset=utf-8' : 'application/json';
  return Buffer.from(isText ? body : JSON.stringify(body), 'utf8');
}

/** Rejects when the signal fires (DNS lookups do not take a signal). */
function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** Sends one request to the checked addresses; resolves when the response head arrives. */
function send(url: URL, method: string, headers: Record<string, string>, body: Buffer | undefined, addresses: ResolvedAddress[], signal: AbortSignal): Promise<IncomingMessage> {
  // Only the checked addresses: Node asks this instead of DNS (IP literals need no lookup at all).
  const lookup: LookupFunction = (_hostname, opts, callback) => {
    if (opts.all) callback(null, addresses);
    else callback(null, addresses[0]!.address, addresses[0]!.family);
  };
  return new Promise((resolve, reject) => {
    const transport = url.protocol === 'https:' ? https : http;
    const auth = url.username ? `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}` : undefined;
    const req = transport.request({
      hostname: url.hostname.replace(/^\[|\]$/g, ''),
      port: url.port || undefined,
      path: `${url.pathname}${url.search}`,
      method,
      headers: body ? { ...headers, 'content-length': String(body.length) } : headers,
      auth,
      agent: false,
      lookup,
      signal,
    }, resolve);
    req.on('error', reject);
    req.end(body);
  });
}

/** The body, decompressed if the server compressed it, refused past `maxBytes` (decoded size). */
async function readBody(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const encoding = String(response.headers['content-encoding'] ?? '').trim().toLowerCase();
  const decoder = encoding === 'gzip' || encoding === 'x-gzip' ? zlib.createGunzip()
    : encoding === 'deflate' ? zlib.createInflate()
    : encoding === 'br' ? zlib.createBrotliDecompress() : undefined;
  const source = decoder ? pipeline(response, decoder, () => undefined) : response;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of source as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) {
      response.destroy();
      throw new Error(`response larger than ${maxBytes} bytes`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function decodeBody(body: Buffer, contentType: string | undefined): Value {
  const text = body.toString('utf8');
  if (!/[/+]json\b/i.test(contentType ?? '')) return text;
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text) as Value;
  } catch {
    return text;
  }
}
