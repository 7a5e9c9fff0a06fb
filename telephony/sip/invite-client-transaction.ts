/**
 * The INVITE client transaction (RFC 3261 §17.1.1, with RFC 6026's Accepted state): the INVITE is
 * re-sent over UDP with timer A (T1 doubling, no cap) until any response, and given up after
 * 64·T1 without a final one (timer B). A 3xx–6xx is ACKed here, on the INVITE's branch, and so is
 * each retransmission of it (timer D); 2xx responses all go to the owner, whose ACK is end to end.
 */
import { headerValue, headerValues, type SipHeader, type SipRequest, type SipResponse } from './sip-message.js';
import { parseCSeq } from './sip-headers.js';
import type { SipTimers } from './timers.js';

export interface InviteClientHandlers {
  /** A provisional response, while no final one came. */
  provisional(response: SipResponse): void;
  /** The first 3xx–6xx (already ACKed). */
  failed(response: SipResponse): void;
  /** Every 2xx, retransmissions included (the owner ACKs each). */
  success(response: SipResponse): void;
  /** No final response within 64·T1. */
  timeout(): void;
  /** The transaction is over: stop routing its responses here. */
  terminated(): void;
}

export class InviteClientTransaction {
  private timers: ReturnType<typeof setTimeout>[] = [];
  private final: SipResponse | undefined;
  private resending = true;
  private ended = false;

  constructor(
    readonly request: SipRequest,
    private readonly send: (request: SipRequest) => void,
    private readonly sipTimers: SipTimers,
    private readonly reliable: boolean,
    private readonly handlers: InviteClientHandlers,
  ) {}

  start(): void {
    this.send(this.request);
    if (!this.reliable) this.resend(this.sipTimers.t1);
    this.after(64 * this.sipTimers.t1, () => {
      if (this.final) return;
      this.resending = false;
      this.handlers.timeout();
      this.terminate();
    });
  }

  receive(response: SipResponse): void {
    if (this.ended) return;
    this.resending = false;
    if (response.status < 200) {
      if (!this.final) this.handlers.provisional(response);
      return;
    }
    if (response.status >= 300) {
      this.send(this.ackFor(response));
      if (this.final) return; // a retransmission: ACKed again, nothing new
      this.final = response;
      this.handlers.failed(response);
    } else {
      const first = !this.final;
      this.final ??= response;
      this.handlers.success(response);
      if (!first) return;
    }
    // Timer D / RFC 6026's Accepted state: stay to absorb retransmitted finals.
    this.after(this.reliable ? 0 : 64 * this.sipTimers.t1, () => this.terminate());
  }

  /** Stops everything (the UA is closing). */
  terminate(): void {
    if (this.ended) return;
    this.ended = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.handlers.terminated();
  }

  /** The ACK of a non-2xx final: part of this transaction, same Via branch (RFC 3261 §17.1.1.3). */
  private ackFor(response: SipResponse): SipRequest {
    const seq = parseCSeq(headerValue(this.request, 'cseq') ?? '').seq;
    const headers: SipHeader[] = [
      { name: 'Via', value: headerValues(this.request, 'via')[0] ?? '' },
      { name: 'Max-Forwards', value: '70' },
      { name: 'From', value: headerValue(this.request, 'from') ?? '' },
      { name: 'To', value: headerValue(response, 'to') ?? '' },
      { name: 'Call-ID', value: headerValue(this.request, 'call-id') ?? '' },
      { name: 'CSeq', value: `${seq} ACK` },
      ...headerValues(this.request, 'route').map((value) => ({ name: 'Route', value })),
    ];
    return { kind: 'request', method: 'ACK', uri: this.request.uri, headers, body: Buffer.alloc(0) };
  }

  /** Timer A: T1, 2·T1, 4·T1… until a response stops it (RFC 3261 §17.1.1.2). */
  private resend(interval: number): void {
    this.after(interval, () => {
      if (!this.resending) return;
      this.send(this.request);
      this.resend(interval * 2);
    });
  }

  private after(ms: number, action: () => void): void {
    this.timers.push(setTimeout(action, ms));
  }
}
