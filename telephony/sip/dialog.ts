/**
 * The UAS dialog of an answered call (RFC 3261 §12) and the call it carries: requests inside it
 * (BYE, re-INVITE, UPDATE, INFO, NOTIFY, OPTIONS, ACK), the requests we send in it (BYE, INFO key
 * presses, REFER), and the session timer (RFC 4028) that ends a call nobody refreshes. Requests are sent back to where the INVITE came
 * from (the trunk), which also works when the caller's Contact is behind NAT.
 */
import type { Logger } from '../../infra/logger.js';
import { headerValue, headerValues, type SipHeader, type SipRequest, type SipResponse } from './sip-message.js';
import { parseAddress, parseCSeq, parseMediaType } from './sip-headers.js';
import { ALLOW, ACCEPT, SUPPORTED, newBranch, type ResponseOptions } from './sip-builders.js';
import type { InviteServerTransaction, NonInviteServerTransaction } from './server-transactions.js';
import type { SipAddress } from './sip-transport.js';
import { uriScheme } from './sip-uri.js';
import type { SipTimers } from './timers.js';
import type { CallEndReason, SipCall } from './user-agent-types.js';

/** What a dialog needs from the UA that owns it. */
export interface DialogHost {
  readonly timers: SipTimers;
  readonly logger: Logger;
  respond(tx: InviteServerTransaction | NonInviteServerTransaction, status: number, options?: Omit<ResponseOptions, 'server'>): void;
  /** Sends a request in a client transaction; resolves with its final response, or undefined on timeout. */
  sendRequest(request: SipRequest, destination: SipAddress): Promise<SipResponse | undefined>;
  /** Sends a request outside any transaction (an ACK). */
  sendMessage(request: SipRequest, destination: SipAddress): void;
  /**
   * Sends an INVITE (a re-INVITE of ours) in an INVITE client transaction; resolves with its first
   * final response (a 3xx–6xx already ACKed by the transaction), or undefined on timeout. Each 2xx,
   * retransmissions included, goes to `acknowledge` first: its ACK is the dialog's own (RFC 3261 §13.2.2.4).
   */
  sendInvite(request: SipRequest, destination: SipAddress, acknowledge: (response: SipResponse) => void): Promise<SipResponse | undefined>;
  /** Our Via value for a new request (`branch` included). */
  via(transport: SipAddress['transport'], branch: string): string;
  contact(transport: SipAddress['transport'], scheme?: 'sip' | 'sips'): string;
  forget(dialog: Dialog): void;
}

/** RFC 4028's minimum interval. */
export const MIN_SESSION_EXPIRES = 90;

export class Dialog implements SipCall {
  readonly callId: string;
  readonly localTag: string;
  readonly remoteTag: string;
  private readonly localAddress: string;
  private readonly remoteAddress: string;
  private remoteTarget: string;
  private readonly routeSet: string[];
  /** sips: when the INVITE's Request-URI was, so our Contact stays secure (RFC 3261 §8.1.1.8). */
  readonly scheme: 'sip' | 'sips';
  /** The SDP the ACK of our 2xx carried: the answer to an offer we made in it (late offer, RFC 3264 §5). */
  ackSdp: string | undefined;
  private remoteSeq: number;
  private localSeq: number;
  private lastAnswer: string;
  private ended: CallEndReason | undefined;
  private readonly endedListeners: ((reason: CallEndReason) => void)[] = [];
  private readonly infoListeners: ((contentType: string | undefined, body: string) => void)[] = [];
  private readonly notifyListeners: ((event: string | undefined, body: string) => void)[] = [];
  /** The methods the far end's Allow listed (upper case); undefined when it sent none. */
  private readonly remoteAllow: Set<string> | undefined;
  private reofferHandler: ((offer: string) => string) | undefined;
  /** The INVITE (first or re-INVITE) whose 2xx waits for its ACK, by CSeq number. */
  private awaitingAck: { seq: number; tx: InviteServerTransaction } | undefined;
  private sessionInterval: number | undefined;
  private sessionTimer: ReturnType<typeof setTimeout> | undefined;

  /** `localSeq`: the CSeq our last request used (a call we placed: its INVITE's), so the next one counts on from it. */
  constructor(private readonly host: DialogHost, invite: SipRequest, localTag: string, readonly remote: SipAddress, answer: string, options: { localSeq?: number } = {}) {
    this.localSeq = options.localSeq ?? 0;
    this.callId = headerValue(invite, 'call-id') ?? '';
    this.localTag = localTag;
    const from = headerValue(invite, 'from') ?? '';
    this.remoteTag = parseAddress(from).params.tag ?? '';
    this.remoteAddress = from;
    this.localAddress = `${headerValue(invite, 'to') ?? ''};tag=${localTag}`;
    const contact = headerValue(invite, 'contact');
    this.remoteTarget = contact ? parseAddress(contact).uriText : parseAddress(from).uriText;
    this.routeSet = headerValues(invite, 'record-route');
    this.scheme = uriScheme(invite.uri) === 'sips' ? 'sips' : 'sip';
    this.remoteSeq = parseCSeq(headerValue(invite, 'cseq') ?? '').seq;
    this.lastAnswer = answer;
    const allow = headerValues(invite, 'allow');
    this.remoteAllow = allow.length === 0 ? undefined
      : new Set(allow.flatMap((value) => value.split(',')).map((method) => method.trim().toUpperCase()).filter(Boolean));
  }

  get id(): string {
    return dialogId(this.callId, this.localTag, this.remoteTag);
  }

  /** The 2xx to `tx` (CSeq `seq`) was sent; its ACK is expected. */
  awaitAck(seq: number, tx: InviteServerTransaction): void {
    this.awaitingAck = { seq, tx };
  }

  onAck(request: SipRequest): void {
    const seq = parseCSeq(headerValue(request, 'cseq') ?? '').seq;
    if (this.awaitingAck?.seq !== seq) return;
    const { tx } = this.awaitingAck;
    this.awaitingAck = undefined;
    this.ackSdp = sdpBody(request);
    tx.acknowledge();
  }

  /** Starts or refreshes the session timer (RFC 4028 §10: BYE when the interval passes without a refresh). */
  refreshSession(intervalSeconds?: number): void {
    if (intervalSeconds !== undefined) this.sessionInterval = intervalSeconds;
    if (this.sessionInterval === undefined || this.ended) return;
    clearTimeout(this.sessionTimer);
    this.sessionTimer = setTimeout(() => void this.hangUpWith('session-expired'), this.sessionInterval * this.host.timers.sessionSecondMs);
  }

  /** Session-Expires and Require for a 2xx, when the session timer is on. */
  sessionHeaders(): Record<string, string> {
    return this.sessionInterval === undefined ? {} : { 'Session-Expires': `${this.sessionInterval};refresher=uac`, Require: 'timer' };
  }

  /** A request inside this dialog (not ACK, not CANCEL). */
  handle(request: SipRequest, tx: InviteServerTransaction | NonInviteServerTransaction): void {
    const seq = parseCSeq(headerValue(request, 'cseq') ?? '').seq;
    if (seq <= this.remoteSeq) {
      this.host.respond(tx, 500, { reason: 'CSeq Out of Order' });
      return;
    }
    this.remoteSeq = seq;
    switch (request.method) {
      case 'BYE':
        this.host.respond(tx, 200);
        this.end('remote-bye');
        return;
      case 'INVITE':
        this.reinvite(request, tx as InviteServerTransaction, seq);
        return;
      case 'UPDATE': {
        const offer = sdpBody(request);
        this.takeSessionExpires(request);
        const answer = offer === undefined ? undefined : this.answerOffer(offer);
        if (offer !== undefined && answer === undefined) {
          this.host.respond(tx, 488);
          return;
        }
        this.host.respond(tx, 200, { headers: this.sessionHeaders(), ...(answer === undefined ? {} : { body: { contentType: 'application/sdp', content: answer } }) });
        this.refreshSession();
        return;
      }
      case 'INFO': {
        this.host.respond(tx, 200);
        const contentType = headerValue(request, 'content-type');
        for (const listener of this.infoListeners) listener(contentType, request.body.toString('utf8'));
        return;
      }
      case 'NOTIFY': {
        // A REFER's progress (RFC 3515 §2.4.4): the far end tells how its new call goes.
        this.host.respond(tx, 200);
        const event = headerValue(request, 'event');
        for (const listener of this.notifyListeners) safely(this.host.logger, () => listener(event, request.body.toString('utf8')));
        return;
      }
      case 'OPTIONS':
        this.host.respond(tx, 200, { headers: { Allow: ALLOW, Accept: ACCEPT, Supported: SUPPORTED } });
        return;
      default:
        this.host.respond(tx, 405, { headers: { Allow: ALLOW } });
    }
  }

  private reinvite(request: SipRequest, tx: InviteServerTransaction, seq: number): void {
    if (this.awaitingAck) {
      this.host.respond(tx, 500, { headers: { 'Retry-After': '1' } }); // RFC 3261 §14.2
      return;
    }
    const contact = headerValue(request, 'contact');
    if (contact) this.remoteTarget = parseAddress(contact).uriText;
    const offer = sdpBody(request);
    // Without an offer the re-INVITE asks for one: ours is the last answer (RFC 3264 §8).
    const answer = offer === undefined ? this.lastAnswer : this.answerOffer(offer);
    if (answer === undefined) {
      this.host.respond(tx, 488);
      return;
    }
    this.takeSessionExpires(request);
    tx.onAckTimeout = () => void this.hangUpWith('ack-timeout');
    this.host.respond(tx, 200, {
      headers: { Contact: this.host.contact(this.remote.transport, this.scheme), Allow: ALLOW, Supported: SUPPORTED, ...this.sessionHeaders() },
      body: { contentType: 'application/sdp', content: answer },
    });
    this.awaitAck(seq, tx);
    this.refreshSession();
  }

  private takeSessionExpires(request: SipRequest): void {
    if (this.sessionInterval === undefined) return;
    const offered = Number(/^\s*(\d+)/.exec(headerValue(request, 'session-expires') ?? '')?.[1]);
    if (offered >= MIN_SESSION_EXPIRES) this.sessionInterval = offered;
  }

  private answerOffer(offer: string): string | undefined {
    if (!this.reofferHandler) return this.lastAnswer;
    try {
      this.lastAnswer = this.reofferHandler(offer);
      return this.lastAnswer;
    } catch (err) {
      this.host.logger.debug({ err, callId: this.callId }, 'sip: re-offer handler failed');
      return undefined;
    }
  }

  hangUp(): Promise<void> {
    return this.hangUpWith('local-bye');
  }

  /** Sends BYE (unless the call has already ended) and ends the call with `reason`. */
  async hangUpWith(reason: CallEndReason): Promise<void> {
    if (this.ended) return;
    this.end(reason);
    await this.host.sendRequest(this.byeRequest(), this.remote);
  }

  private byeRequest(): SipRequest {
    return this.request('BYE', []);
  }

  async sendInfo(contentType: string, body: string): Promise<number | undefined> {
    if (this.ended) return undefined;
    const response = await this.host.sendRequest(this.request('INFO', [{ name: 'Content-Type', value: contentType }], body), this.remote);
    return response?.status;
  }

  /**
   * A re-INVITE of ours with a new SDP offer (RFC 3264 §8: hold with a=sendonly, resume with
   * a=sendrecv); resolves with the final status and the far end's answer. Each 2xx is ACKed in the
   * dialog with the INVITE's CSeq number. Our offer becomes the SDP a later offerless re-INVITE gets.
   */
  async reoffer(sdpOffer: string): Promise<{ status: number | undefined; sdpAnswer: string | undefined }> {
    if (this.ended) return { status: undefined, sdpAnswer: undefined };
    const request = this.request('INVITE', [
      { name: 'Contact', value: this.host.contact(this.remote.transport, this.scheme) },
      { name: 'Allow', value: ALLOW },
      { name: 'Content-Type', value: 'application/sdp' },
    ], sdpOffer);
    const seq = this.localSeq;
    const response = await this.host.sendInvite(request, this.remote, () => this.host.sendMessage(this.request('ACK', [], '', seq), this.remote));
    const status = response?.status;
    if (status !== undefined && status >= 200 && status < 300) this.lastAnswer = sdpOffer;
    return { status, sdpAnswer: response && response.body.length > 0 ? response.body.toString('utf8') : undefined };
  }

  /** REFER (RFC 3515): asks the far end to call `target` itself; resolves with the final status (202 accepted). */
  async refer(target: string): Promise<number | undefined> {
    if (this.ended) return undefined;
    const headers: SipHeader[] = [
      { name: 'Refer-To', value: `<${target}>` },
      { name: 'Referred-By', value: `<${parseAddress(this.localAddress).uriText}>` },
      { name: 'Contact', value: this.host.contact(this.remote.transport, this.scheme) },
    ];
    const response = await this.host.sendRequest(this.request('REFER', headers), this.remote);
    return response?.status;
  }

  get localSdp(): string {
    return this.lastAnswer;
  }

  allows(method: string): boolean | undefined {
    return this.remoteAllow?.has(method.toUpperCase());
  }

  onNotify(listener: (event: string | undefined, body: string) => void): void {
    this.notifyListeners.push(listener);
  }

  /** A new request of ours in the dialog (RFC 3261 §12.2.1.1), with the next CSeq; an ACK takes its INVITE's (`seq`). */
  private request(method: string, extra: SipHeader[], body = '', seq?: number): SipRequest {
    if (seq === undefined) this.localSeq += 1;
    const headers: SipHeader[] = [
      { name: 'Via', value: this.host.via(this.remote.transport, newBranch()) },
      { name: 'Max-Forwards', value: '70' },
      { name: 'From', value: this.localAddress },
      { name: 'To', value: this.remoteAddress },
      { name: 'Call-ID', value: this.callId },
      { name: 'CSeq', value: `${seq ?? this.localSeq} ${method}` },
      ...this.routeSet.map((value) => ({ name: 'Route', value })),
      ...extra,
    ];
    return { kind: 'request', method, uri: this.remoteTarget, headers, body: Buffer.from(body, 'utf8') };
  }

  /** Ends the call without sending anything (the far end hung up, or the UA is closing). */
  end(reason: CallEndReason): void {
    if (this.ended) return;
    this.ended = reason;
    clearTimeout(this.sessionTimer);
    this.host.forget(this);
    for (const listener of this.endedListeners) safely(this.host.logger, () => listener(reason));
  }

  onEnded(listener: (reason: CallEndReason) => void): void {
    if (this.ended) listener(this.ended);
    else this.endedListeners.push(listener);
  }

  onReoffer(handler: (offerSdp: string) => string): void {
    this.reofferHandler = handler;
  }

  onInfo(listener: (contentType: string | undefined, body: string) => void): void {
    this.infoListeners.push(listener);
  }
}

export function dialogId(callId: string, localTag: string, remoteTag: string): string {
  return `${callId}|${localTag}|${remoteTag}`;
}

/** The body of a request when it is SDP. */
export function sdpBody(request: SipRequest): string | undefined {
  const contentType = headerValue(request, 'content-type');
  if (request.body.length === 0 || !contentType) return undefined;
  return parseMediaType(contentType).type === 'application/sdp' ? request.body.toString('utf8') : undefined;
}

function safely(logger: Logger, action: () => void): void {
  try {
    action();
  } catch (err) {
    logger.debug({ err }, 'sip: a call listener threw');
  }
}
