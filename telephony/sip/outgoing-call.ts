/**
 * A call this user agent places (the UAC side, RFC 3261 §13.2): the INVITE with our SDP offer in
 * its client transaction, provisional answers, a 2xx ACKed (and each retransmission of it ACKed
 * again), a 3xx–6xx as the failure's status, one 401/407 digest challenge answered with the
 * trunk's credentials, and CANCEL when the caller gives up before the answer. The answered call
 * is the same `Dialog` as an answered incoming one (BYE from either side, re-INVITEs, INFO).
 */
import { randomBytes } from 'node:crypto';
import { headerValue, headerValues, type SipHeader, type SipRequest, type SipResponse } from './sip-message.js';
import { parseAddress, parseMediaType } from './sip-headers.js';
import { ALLOW, hostForUri, newBranch, newTag } from './sip-builders.js';
import { Dialog, type DialogHost } from './dialog.js';
import { answerDigestChallenge } from './digest-client.js';
import { InviteClientTransaction } from './invite-client-transaction.js';
import { OutgoingCallFailed, type OutgoingCall, type OutgoingCallCause, type OutgoingCallOptions } from './outgoing-call-types.js';
import type { SipCall } from './user-agent-types.js';

/** What a placed call needs from the UA. */
export interface CallerHost extends DialogHost {
  /** The host we write in From (the public address behind NAT). */
  readonly localHost: string;
  adopt(dialog: Dialog): void;
  /** Routes responses whose top Via has `branch` and whose CSeq method is INVITE to `transaction`; undefined stops it. */
  routeResponses(branch: string, transaction: PlacedTransaction | undefined): void;
}

/** An INVITE transaction of a call we place, as the UA holds it: its responses go in, and the UA's close ends it. */
export interface PlacedTransaction {
  receive(response: SipResponse): void;
  terminate(): void;
}

const DEFAULT_RING_TIMEOUT_MS = 30_000;

/** Sends the INVITE and returns the call; its `answered` settles with the outcome. */
export function placeOutgoingCall(host: CallerHost, options: OutgoingCallOptions): OutgoingCall {
  return new OutgoingInvite(host, options);
}

class OutgoingInvite implements OutgoingCall {
  readonly callId: string;
  readonly answered: Promise<{ call: SipCall; sdpAnswer: string | undefined }>;
  private readonly localTag = newTag();
  private readonly from: string;
  private readonly to: string;
  private seq = 0;
  private current: InviteClientTransaction | undefined;
  private dialog: Dialog | undefined;
  private outcome: 'pending' | 'answered' | 'failed' = 'pending';
  private provisionalSeen = false;
  private cancelling = false;
  private cancelSent = false;
  private cancelCause: OutgoingCallCause = 'cancelled';
  private authenticated = false;
  private readonly progressListeners: ((status: number) => void)[] = [];
  private readonly statusesSeen = new Set<number>();
  private readonly ringTimer: ReturnType<typeof setTimeout>;
  private settle!: { resolve: (value: { call: SipCall; sdpAnswer: string | undefined }) => void; reject: (error: OutgoingCallFailed) => void };

  constructor(private readonly host: CallerHost, private readonly options: OutgoingCallOptions) {
    this.callId = `${randomBytes(12).toString('hex')}@${hostForUri(host.localHost)}`;
    const display = options.from.displayName ? `"${options.from.displayName.replace(/["\\]/g, '')}" ` : '';
    this.from = `${display}<sip:${options.from.user}@${hostForUri(host.localHost)}>`;
    this.to = `<${options.target}>`;
    this.answered = new Promise((resolve, reject) => (this.settle = { resolve, reject }));
    // Whoever awaits `answered` sees the failure; an unawaited one must not crash the process.
    this.answered.catch(() => undefined);
    this.ringTimer = setTimeout(() => this.giveUp('no-answer'), options.ringTimeoutMs ?? DEFAULT_RING_TIMEOUT_MS);
    this.invite();
  }

  onProgress(listener: (status: number) => void): void {
    this.progressListeners.push(listener);
  }

  cancel(): void {
    this.giveUp('cancelled');
  }

  private invite(authorization?: { header: string; value: string }): void {
    this.seq += 1;
    const branch = newBranch();
    const { destination } = this.options;
    const headers: SipHeader[] = [
      { name: 'Via', value: this.host.via(destination.transport, branch) },
      { name: 'Max-Forwards', value: '70' },
      { name: 'From', value: `${this.from};tag=${this.localTag}` },
      { name: 'To', value: this.to },
      { name: 'Call-ID', value: this.callId },
      { name: 'CSeq', value: `${this.seq} INVITE` },
      { name: 'Contact', value: this.host.contact(destination.transport) },
      { name: 'Allow', value: ALLOW },
      ...(authorization ? [{ name: authorization.header, value: authorization.value }] : []),
      { name: 'Content-Type', value: 'application/sdp' },
    ];
    const request: SipRequest = { kind: 'request', method: 'INVITE', uri: this.options.target, headers, body: Buffer.from(this.options.sdpOffer, 'utf8') };
    const tx: InviteClientTransaction = new InviteClientTransaction(request, (message) => this.host.sendMessage(message, destination), this.host.timers, destination.transport === 'tcp', {
      provisional: (response) => this.provisional(response),
      failed: (response) => this.failed(response, tx),
      success: (response) => this.success(response, tx),
      timeout: () => this.fail(408, 'Request Timeout', this.cancelling ? 'no-answer' : 'timeout'),
      terminated: () => {
        this.host.routeResponses(branch, undefined);
        // Ended before any final answer only when the UA closes.
        if (tx === this.current) this.fail(503, 'Service Unavailable', 'cancelled');
      },
    });
    this.current = tx;
    this.host.routeResponses(branch, tx);
    this.host.logger.debug({ callId: this.callId, to: this.options.target, cseq: this.seq }, 'sip: placing a call');
    tx.start();
  }

  private provisional(response: SipResponse): void {
    this.provisionalSeen = true;
    if (this.cancelling) this.sendCancel();
    if (response.status === 100 || this.statusesSeen.has(response.status)) return;
    this.statusesSeen.add(response.status);
    for (const listener of this.progressListeners) listener(response.status);
  }

  private failed(response: SipResponse, tx: InviteClientTransaction): void {
    if (tx !== this.current) return;
    const challenge = response.status === 401 ? headerValue(response, 'www-authenticate') : response.status === 407 ? headerValue(response, 'proxy-authenticate') : undefined;
    const { credentials } = this.options;
    // One answer to one challenge: a second challenge means the credentials were refused.
    if (challenge && credentials && !this.authenticated && !this.cancelling && this.outcome === 'pending') {
      this.authenticated = true;
      const value = answerDigestChallenge(challenge, { method: 'INVITE', uri: this.options.target }, credentials);
      if (value) {
        this.invite({ header: response.status === 401 ? 'Authorization' : 'Proxy-Authorization', value });
        return;
      }
    }
    const cause: OutgoingCallCause = response.status === 487 && this.cancelling ? this.cancelCause : 'rejected';
    this.fail(response.status, response.reason, cause);
  }

  private success(response: SipResponse, tx: InviteClientTransaction): void {
    const toTag = parseAddress(headerValue(response, 'to') ?? '').params.tag ?? '';
    if (this.dialog && toTag === this.dialog.remoteTag) {
      this.ack(response, tx); // a retransmission of the 2xx: our ACK was lost
      return;
    }
    const dialog = new Dialog(this.host, callerView(tx.request, response, this.from), this.localTag, this.options.destination, this.options.sdpOffer, { localSeq: this.seq });
    this.ack(response, tx);
    if (this.dialog || this.outcome !== 'pending') {
      // A second answer (a forked INVITE), or one that crossed our CANCEL: it has its ACK, then a BYE.
      this.host.adopt(dialog);
      void dialog.hangUp();
      return;
    }
    this.dialog = dialog;
    this.host.adopt(dialog);
    this.outcome = 'answered';
    clearTimeout(this.ringTimer);
    this.settle.resolve({ call: dialog, sdpAnswer: sdpOf(response) });
  }

  /** The ACK of a 2xx: a request of its own, to the answer's Contact through its Record-Route (RFC 3261 §13.2.2.4). */
  private ack(response: SipResponse, tx: InviteClientTransaction): void {
    const contact = headerValue(response, 'contact');
    const target = contact ? parseAddress(contact).uriText : this.options.target;
    const headers: SipHeader[] = [
      { name: 'Via', value: this.host.via(this.options.destination.transport, newBranch()) },
      { name: 'Max-Forwards', value: '70' },
      { name: 'From', value: headerValue(tx.request, 'from') ?? '' },
      { name: 'To', value: headerValue(response, 'to') ?? '' },
      { name: 'Call-ID', value: this.callId },
      { name: 'CSeq', value: `${this.seq} ACK` },
      ...headerValues(response, 'record-route').reverse().map((value) => ({ name: 'Route', value })),
    ];
    this.host.sendMessage({ kind: 'request', method: 'ACK', uri: target, headers, body: Buffer.alloc(0) }, this.options.destination);
  }

  private giveUp(cause: 'no-answer' | 'cancelled'): void {
    if (this.outcome !== 'pending' || this.cancelling) return;
    this.cancelling = true;
    this.cancelCause = cause;
    // RFC 3261 §9.1: no CANCEL before a provisional answer; it goes when one arrives.
    if (this.provisionalSeen) this.sendCancel();
    this.fail(487, 'Request Terminated', cause);
  }

  /** CANCEL: the INVITE's Request-URI, Via branch, From, To and CSeq number (RFC 3261 §9.1). */
  private sendCancel(): void {
    const request = this.current?.request;
    if (this.cancelSent || !request) return;
    this.cancelSent = true;
    const headers: SipHeader[] = [
      { name: 'Via', value: headerValues(request, 'via')[0] ?? '' },
      { name: 'Max-Forwards', value: '70' },
      { name: 'From', value: headerValue(request, 'from') ?? '' },
      { name: 'To', value: headerValue(request, 'to') ?? '' },
      { name: 'Call-ID', value: this.callId },
      { name: 'CSeq', value: `${this.seq} CANCEL` },
      ...headerValues(request, 'route').map((value) => ({ name: 'Route', value })),
    ];
    void this.host.sendRequest({ kind: 'request', method: 'CANCEL', uri: request.uri, headers, body: Buffer.alloc(0) }, this.options.destination);
  }

  private fail(status: number, reason: string, cause: OutgoingCallCause): void {
    if (this.outcome !== 'pending') return;
    this.outcome = 'failed';
    clearTimeout(this.ringTimer);
    this.host.logger.debug({ callId: this.callId, status, cause }, 'sip: the call we placed failed');
    this.settle.reject(new OutgoingCallFailed(status, reason, cause));
  }
}

/**
 * The dialog seen as `Dialog` reads it: the request that created it as if the far end had sent
 * it (RFC 3261 §12.1.2 swaps the roles for the UAC). Its From is the far end (the 2xx's To, with
 * their tag), its To is us (without our tag, which `Dialog` adds), its Contact the far end's
 * target, its Record-Route the route set in our order, and CSeq 0 since the far end has sent
 * nothing yet.
 */
function callerView(invite: SipRequest, answer: SipResponse, ourAddress: string): SipRequest {
  const headers: SipHeader[] = [
    { name: 'Call-ID', value: headerValue(invite, 'call-id') ?? '' },
    { name: 'From', value: headerValue(answer, 'to') ?? '' },
    { name: 'To', value: ourAddress },
    { name: 'CSeq', value: '0 INVITE' },
    ...headerValues(answer, 'contact').slice(0, 1).map((value) => ({ name: 'Contact', value })),
    ...headerValues(answer, 'record-route').reverse().map((value) => ({ name: 'Record-Route', value })),
  ];
  return { kind: 'request', method: 'INVITE', uri: invite.uri, headers, body: Buffer.alloc(0) };
}

/** The SDP answer of a 2xx, when its body is SDP. */
function sdpOf(response: SipResponse): string | undefined {
  const contentType = headerValue(response, 'content-type');
  if (response.body.length === 0 || !contentType) return undefined;
  return parseMediaType(contentType).type === 'application/sdp' ? response.body.toString('utf8') : undefined;
}
