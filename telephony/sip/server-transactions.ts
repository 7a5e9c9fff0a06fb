/**
 * Server transactions (RFC 3261 §17.2, with RFC 6026's Accepted state): they absorb retransmitted
 * requests by re-sending the last response, and retransmit final responses over UDP until they
 * are acknowledged. The UA core decides what to answer; a transaction only delivers it.
 */
import type { SipRequest, SipResponse } from './sip-message.js';
import { headerValue } from './sip-message.js';
import { parseAddress, parseCSeq, parseVia } from './sip-headers.js';
import { retransmit, type SipTimers } from './timers.js';

/** Delivers a response to where the request came from (see responseDestination in user-agent.ts). */
export type SendResponse = (response: SipResponse) => void;

interface TransactionContext {
  send: SendResponse;
  timers: SipTimers;
  /** Reliable transports need no retransmission. */
  reliable: boolean;
  /** Called once when the transaction ends, to drop it from the table. */
  onTerminated: () => void;
}

/**
 * The key that matches retransmissions and ACK/CANCEL to a transaction (RFC 3261 §17.2.3): the top
 * Via's branch and sent-by with the method (ACK counts as INVITE), or, for RFC 2543 peers without
 * the magic cookie, the dialog identifiers and CSeq.
 */
export function transactionKey(request: SipRequest, methodOverride?: string): string {
  const via = parseVia(headerValue(request, 'via') ?? '');
  const method = methodOverride ?? (request.method === 'ACK' ? 'INVITE' : request.method);
  const sentBy = `${via.host}:${via.port ?? ''}`;
  const branch = via.params.branch;
  if (branch?.startsWith('z9hG4bK')) return `${branch}|${sentBy}|${method}`;
  const from = parseAddress(headerValue(request, 'from') ?? '').params.tag ?? '';
  const cseq = parseCSeq(headerValue(request, 'cseq') ?? '').seq;
  return `2543|${headerValue(request, 'call-id')}|${cseq}|${from}|${sentBy}|${branch ?? ''}|${method}`;
}

abstract class ServerTransaction {
  protected lastResponse: SipResponse | undefined;
  private readonly stops: (() => void)[] = [];
  private ended = false;

  constructor(readonly request: SipRequest, protected readonly context: TransactionContext) {}

  /** The same request again: answer it as before. */
  onRetransmission(): void {
    if (this.lastResponse) this.context.send(this.lastResponse);
  }

  get finalSent(): boolean {
    return this.finalStatus >= 200;
  }

  /** The status of the last response sent (0 before any). */
  get finalStatus(): number {
    return this.lastResponse?.status ?? 0;
  }

  terminate(): void {
    if (this.ended) return;
    this.ended = true;
    for (const stop of this.stops) stop();
    this.context.onTerminated();
  }

  protected after(ms: number, action: () => void): void {
    const handle = setTimeout(action, ms);
    this.stops.push(() => clearTimeout(handle));
  }

  protected repeat(send: () => void): () => void {
    const stop = this.context.reliable ? () => undefined : retransmit(send, this.context.timers);
    this.stops.push(stop);
    return stop;
  }
}

export class NonInviteServerTransaction extends ServerTransaction {
  respond(response: SipResponse): void {
    if (this.finalSent) return;
    this.lastResponse = response;
    this.context.send(response);
    // Timer J: stay to absorb retransmissions of the request over UDP (RFC 3261 §17.2.2).
    if (response.status >= 200) this.after(this.context.reliable ? 0 : 64 * this.context.timers.t1, () => this.terminate());
  }
}

export class InviteServerTransaction extends ServerTransaction {
  /** A 2xx got its ACK (the call is established) — set by the UA core. */
  onAcknowledged: (() => void) | undefined;
  /** A final response got no ACK within 64·T1. */
  onAckTimeout: (() => void) | undefined;
  private stopResending: (() => void) | undefined;
  private acknowledged = false;

  constructor(request: SipRequest, context: TransactionContext) {
    super(request, context);
  }

  respond(response: SipResponse): void {
    if (this.finalSent) return;
    this.lastResponse = response;
    this.context.send(response);
    if (response.status < 200) return;
    // Timers G and H (non-2xx), or the UAS core's 2xx retransmission (RFC 3261 §13.3.1.4).
    this.stopResending = this.repeat(() => this.context.send(response));
    this.after(64 * this.context.timers.t1, () => {
      if (!this.acknowledged) this.onAckTimeout?.();
      this.terminate();
    });
  }

  /** The ACK for the final response (same branch for non-2xx; matched by dialog and CSeq for 2xx). */
  acknowledge(): void {
    if (!this.finalSent || this.acknowledged) return;
    this.acknowledged = true;
    this.stopResending?.();
    if ((this.lastResponse?.status ?? 0) < 300) this.onAcknowledged?.();
    // Timer I: absorb ACK retransmissions for T4 over UDP.
    this.after(this.context.reliable ? 0 : this.context.timers.t4, () => this.terminate());
  }
}
