import axios, { isAxiosError, type AxiosResponse } from 'axios';
import type { OutboundPolicy } from '../../infra/outbound-http.js';
import { refusalBehind } from '../../infra/outbound-http.js';
import { outboundPool } from '../../infra/outbound-pool.js';
import { GraphApiError, graphErrorFrom } from './graph-error.js';
import { DEFAULT_GRAPH_RETRY, withGraphRetries, type GraphRetryPolicy } from './graph-retry.js';

/** Where and as whom one bot's channel calls its provider. */
export interface GraphClientOptions {
  /** The versioned API base URL (`*-api-url`). */
  baseUrl: string;
  /** Sent as `Authorization: Bearer`; never logged nor put in an error. */
  accessToken: string;
  timeoutMs?: number;
  retry?: GraphRetryPolicy;
  /**
   * The bot's `http-allow-private-networks`: every connection, the media downloads and their
   * redirects included, goes through the outbound door (infra/outbound-http.ts).
   */
  outbound: OutboundPolicy;
}

/** A file downloaded from the provider. */
export interface GraphFile {
  data: Buffer;
  mimeType: string | undefined;
}

/** The calls the three Graph-style channels make, each under the one retry policy. */
export interface GraphClient {
  /** POST `{base}/{path}` with a JSON body; the provider's JSON answer. */
  post(path: string, body: unknown): Promise<unknown>;
  /** GET `{base}/{path}`; the provider's JSON answer. */
  get(path: string): Promise<unknown>;
  /** POST `{base}/{path}` as multipart form data (media uploads). */
  upload(path: string, fields: Record<string, string>, file: { data: Buffer; mimeType: string; name: string }): Promise<unknown>;
  /** Downloads `url` (a media URL the API gave) with the token; more than `maxBytes` fails. */
  download(url: string, maxBytes: number): Promise<GraphFile>;
}

/** A client for one bot's channel; axios with the bearer token, errors wrapped as GraphApiError. */
export function createGraphClient(options: GraphClientOptions): GraphClient {
  const http = axios.create({
    ...outboundPool(options.outbound).agents,
    // A proxy from the environment would connect on our behalf, past the guard.
    proxy: false,
    baseURL: options.baseUrl.replace(/\/+$/, ''),
    timeout: options.timeoutMs ?? 15_000,
    headers: { authorization: `Bearer ${options.accessToken}` },
    // Every status comes back as a response: graphErrorFrom decides what it means.
    validateStatus: () => true,
  });
  const retry = options.retry ?? DEFAULT_GRAPH_RETRY;
  const call = (send: () => Promise<AxiosResponse>) => withGraphRetries(async () => answerOf(await transport(send)), retry);

  return {
    post: (path, body) => call(() => http.post(`/${path.replace(/^\/+/, '')}`, body)),
    get: (path) => call(() => http.get(`/${path.replace(/^\/+/, '')}`)),
    upload(path, fields, file) {
      return call(() => {
        const form = new FormData();
        for (const [name, value] of Object.entries(fields)) form.append(name, value);
        form.append('file', new Blob([new Uint8Array(file.data)], { type: file.mimeType }), file.name);
        return http.post(`/${path.replace(/^\/+/, '')}`, form);
      });
    },
    async download(url, maxBytes) {
      const response = await withGraphRetries(async () => {
        const res = await transport(() => http.get(url, { baseURL: '', responseType: 'arraybuffer', maxContentLength: maxBytes }));
        if (res.status >= 400) throw graphErrorFrom(res.status, {}, headerOf(res, 'retry-after'));
        return res;
      }, retry);
      const contentType = headerOf(response, 'content-type');
      return { data: Buffer.from(response.data as ArrayBuffer), mimeType: contentType?.split(';')[0]?.trim() };
    },
  };
}

/** Runs the request; a transport failure (refused, reset, timeout, too large) becomes a GraphApiError without the request config. */
async function transport(send: () => Promise<AxiosResponse>): Promise<AxiosResponse> {
  try {
    return await send();
  } catch (error) {
    if (!isAxiosError(error)) throw error;
    const refusal = refusalBehind(error);
    if (refusal) throw new GraphApiError(`refused by the outbound guard (http-allow-private-networks): ${refusal.message}`, { transient: false });
    if (error.message.includes('maxContentLength')) throw new GraphApiError('the file is larger than allowed', { transient: false });
    throw new GraphApiError(`transport: ${error.code ?? 'error'} ${error.message}`, { transient: true });
  }
}

function answerOf(response: AxiosResponse): unknown {
  if (response.status >= 200 && response.status < 300) return response.data;
  throw graphErrorFrom(response.status, response.data, headerOf(response, 'retry-after'));
}

function headerOf(response: AxiosResponse, name: string): string | undefined {
  const value: unknown = response.headers[name];
  return typeof value === 'string' ? value : undefined;
}
