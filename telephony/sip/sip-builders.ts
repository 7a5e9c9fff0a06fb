/**
 * Building the messages this UA sends: responses to a request (RFC 3261 §8.2.6) and the header
 * lines of our own Via and Contact. The reason phrases are the RFC's.
 */
import net from 'node:net';
import { randomBytes } from 'node:crypto';
import { headerValue, headerValues, type SipHeader, type SipRequest, type SipResponse } from './sip-message.js';
import { parseAddress } from './sip-headers.js';

const REASONS: Record<number, string> = {
  100: 'Trying', 180: 'Ringing', 183: 'Session Progress', 200: 'OK', 400: 'Bad Request', 401: 'Unauthorized',
  403: 'Forbidden', 404: 'Not Found', 405: 'Method Not Allowed', 408: 'Request Timeout', 415: 'Unsupported Media Type',
  416: 'Unsupported URI Scheme', 420: 'Bad Extension', 422: 'Session Interval Too Small', 480: 'Temporarily Unavailable',
  481: 'Call/Transaction Does Not Exist', 483: 'Too Many Hops', 486: 'Busy Here', 487: 'Request Terminated',
  488: 'Not Acceptable Here', 491: 'Request Pending', 500: 'Server Internal Error', 501: 'Not Implemented',
  503: 'Service Unavailable', 505: 'Version Not Supported',
};

export function reasonPhrase(status: number): string {
  return REASONS[status] ?? (status < 300 ? 'OK' : 'Error');
}

/** The methods, body types and extensions this UA announces (OPTIONS, 405, 415, 200 to INVITE). */
export const ALLOW = 'INVITE, ACK, CANCEL, BYE, OPTIONS, INFO, UPDATE';
export const ACCEPT = 'application/sdp, application/dtmf-relay';
export const SUPPORTED = 'timer';

export interface ResponseOptions {
  reason?: string;
  /** Added to To when it has no tag yet (the dialog's local tag). */
  toTag?: string;
  headers?: Record<string, string>;
  body?: { contentType: string; content: string };
  server: string;
}

export function buildResponse(request: SipRequest, status: number, options: ResponseOptions): SipResponse {
  const headers: SipHeader[] = headerValues(request, 'via').map((value) => ({ name: 'Via', value }));
  let to = headerValue(request, 'to') ?? '';
  if (options.toTag && status > 100 && parseAddress(to).params.tag === undefined) to = `${to};tag=${options.toTag}`;
  headers.push(
    { name: 'From', value: headerValue(request, 'from') ?? '' },
    { name: 'To', value: to },
    { name: 'Call-ID', value: headerValue(request, 'call-id') ?? '' },
    { name: 'CSeq', value: headerValue(request, 'cseq') ?? '' },
    { name: 'Server', value: options.server },
  );
  for (const [name, value] of Object.entries(options.headers ?? {})) headers.push({ name, value });
  let body = Buffer.alloc(0);
  if (options.body) {
    headers.push({ name: 'Content-Type', value: options.body.contentType });
    body = Buffer.from(options.body.content, 'utf8');
  }
  return { kind: 'response', status, reason: options.reason ?? reasonPhrase(status), headers, body };
}

/** A host for Via and Contact: IPv6 in brackets. */
export function hostForUri(host: string): string {
  return net.isIPv6(host) ? `[${host}]` : host;
}

/** A Via branch with RFC 3261's magic cookie. */
export function newBranch(): string {
  return `z9hG4bK${randomBytes(8).toString('hex')}`;
}

export function newTag(): string {
  return randomBytes(6).toString('hex');
}
