/**
 * A new call offered to the service: the application answers it once (reject, challenge, or
 * accept), and may ring first. Accepting creates the dialog; the call is handed over when the
 * ACK arrives.
 */
import { headerValue, headerValues, type SipRequest } from './sip-message.js';
import { parseAddress, parseCSeq, type AddressValue } from './sip-headers.js';
import { parseSipUri, type SipUri } from './sip-uri.js';
import { parseDigest, type DigestAuthenticator } from './digest.js';
import { Dialog, MIN_SESSION_EXPIRES, sdpBody, type DialogHost } from './dialog.js';
import { ALLOW, SUPPORTED, newTag } from './sip-builders.js';
import type { InviteServerTransaction } from './server-transactions.js';
import type { SipAddress } from './sip-transport.js';
import type { IncomingInvite, NameAddr, SipCall } from './user-agent-types.js';

/** What an incoming INVITE needs from the UA. */
export interface InviteHost extends DialogHost {
  readonly digest: DigestAuthenticator;
  adopt(dialog: Dialog): void;
}

export class IncomingInviteImpl implements IncomingInvite {
  readonly callId: string;
  readonly requestUri: SipUri;
  readonly from: NameAddr;
  readonly to: NameAddr;
  readonly sdpOffer?: string;
  readonly digestUsername?: string;
  private readonly localTag = newTag();
  private readonly cancelListeners: (() => void)[] = [];
  private cancelled = false;
  private accepted = false;

  constructor(private readonly host: InviteHost, private readonly request: SipRequest, private readonly tx: InviteServerTransaction, readonly source: SipAddress) {
    this.callId = headerValue(request, 'call-id') ?? '';
    this.requestUri = parseSipUri(request.uri);
    this.from = nameAddr(parseAddress(headerValue(request, 'from') ?? ''));
    this.to = nameAddr(parseAddress(headerValue(request, 'to') ?? ''));
    const sdp = sdpBody(request);
    if (sdp !== undefined) this.sdpOffer = sdp;
    const username = parseDigest(headerValue(request, 'authorization') ?? '')?.username;
    if (username !== undefined) this.digestUsername = username;
  }

  private get scheme(): 'sip' | 'sips' {
    return this.requestUri.scheme === 'sips' ? 'sips' : 'sip';
  }

  header(name: string): string | undefined {
    return headerValue(this.request, name);
  }

  reject(status: number, reason?: string, headers?: Record<string, string>): void {
    if (status < 300 || status > 699) throw new RangeError(`reject needs a final error status, not ${status}`);
    this.host.respond(this.tx, status, { toTag: this.localTag, ...(reason === undefined ? {} : { reason }), ...(headers ? { headers } : {}) });
  }

  challenge(realm: string): void {
    this.reject(401, undefined, { 'WWW-Authenticate': this.host.digest.challenge(realm) });
  }

  verifyDigest(credentials: { username: string; password: string; realm: string }): boolean {
    return this.host.digest.verify(this.header('authorization'), 'INVITE', this.request.uri, credentials);
  }

  ringing(): void {
    if (this.tx.finalSent) return;
    this.host.respond(this.tx, 180, { toTag: this.localTag, headers: { Contact: this.host.contact(this.source.transport, this.scheme), ...this.recordRoute() } });
  }

  accept(sdpAnswer: string): Promise<SipCall> {
    if (this.cancelled) return Promise.reject(new Error('the caller cancelled the call'));
    if (this.tx.finalSent || this.accepted) return Promise.reject(new Error('the INVITE has already been answered'));
    this.accepted = true;
    const dialog = new Dialog(this.host, this.request, this.localTag, this.source, sdpAnswer);
    // RFC 4028: the caller offered a session timer; it refreshes (refresher=uac), we watch.
    const interval = sessionExpires(this.request);
    if (interval !== undefined) dialog.refreshSession(Math.max(interval, MIN_SESSION_EXPIRES));
    this.host.adopt(dialog);
    return new Promise<SipCall>((resolve, reject) => {
      this.tx.onAcknowledged = () => resolve(dialog);
      this.tx.onAckTimeout = () => {
        void dialog.hangUpWith('ack-timeout');
        reject(new Error('no ACK for the 200 OK'));
      };
      dialog.onEnded((reason) => {
        if (reason !== 'ack-timeout') reject(new Error(`the call ended (${reason}) before the ACK`));
      });
      this.host.respond(this.tx, 200, {
        toTag: this.localTag,
        headers: { Contact: this.host.contact(this.source.transport, this.scheme), ...this.recordRoute(), Allow: ALLOW, Supported: SUPPORTED, ...dialog.sessionHeaders() },
        body: { contentType: 'application/sdp', content: sdpAnswer },
      });
      dialog.awaitAck(parseCSeq(headerValue(this.request, 'cseq') ?? '').seq, this.tx);
    });
  }

  /** Responses that create the dialog carry the Record-Route of the request (RFC 3261 §12.1.1). */
  private recordRoute(): Record<string, string> {
    const routes = headerValues(this.request, 'record-route');
    return routes.length > 0 ? { 'Record-Route': routes.join(', ') } : {};
  }

  onCancel(listener: () => void): void {
    if (this.cancelled) listener();
    else this.cancelListeners.push(listener);
  }

  /** CANCEL arrived: 487 to the INVITE unless it was already answered. Returns whether it took effect. */
  cancel(): boolean {
    if (this.tx.finalSent || this.cancelled) return false;
    this.cancelled = true;
    this.host.respond(this.tx, 487, { toTag: this.localTag });
    for (const listener of this.cancelListeners) listener();
    return true;
  }
}

/** The Session-Expires the caller asked for, when it supports session timers (RFC 4028). */
export function sessionExpires(request: SipRequest): number | undefined {
  const value = headerValue(request, 'session-expires');
  if (value === undefined) return undefined;
  const supported = [...headerValues(request, 'supported'), ...headerValues(request, 'require')];
  const seconds = Number(/^\s*(\d{1,9})/.exec(value)?.[1]);
  return Number.isFinite(seconds) && supported.some((option) => option.trim() === 'timer') ? seconds : undefined;
}

function nameAddr(value: AddressValue): NameAddr {
  if (!value.uri) throw new Error('not a sip, sips or tel address'); // checked by the UA before (416)
  const result: NameAddr = { uri: value.uri };
  if (value.displayName !== undefined) result.displayName = value.displayName;
  if (value.params.tag) result.tag = value.params.tag;
  return result;
}
