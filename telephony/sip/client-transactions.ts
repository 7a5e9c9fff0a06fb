/**
 * The non-INVITE client transaction (RFC 3261 §17.1.2), used for the BYE this UA sends: the
 * request is re-sent over UDP with timer E (T1 doubling to T2) until a final response, and
 * given up after 64·T1 (timer F).
 */
import { retransmit, type SipTimers } from './timers.js';
import type { SipResponse } from './sip-message.js';

export class NonInviteClientTransaction {
  private stopResending: () => void = () => undefined;
  private timeout: ReturnType<typeof setTimeout> | undefined;
  private settle: ((response: SipResponse | undefined) => void) | undefined;

  constructor(
    private readonly send: () => void,
    private readonly timers: SipTimers,
    private readonly reliable: boolean,
  ) {}

  /** Sends the request; resolves with the final response, or undefined after 64·T1. */
  start(): Promise<SipResponse | undefined> {
    const done = new Promise<SipResponse | undefined>((resolve) => (this.settle = resolve));
    this.send();
    if (!this.reliable) this.stopResending = retransmit(this.send, this.timers);
    this.timeout = setTimeout(() => this.finish(undefined), 64 * this.timers.t1);
    return done;
  }

  receive(response: SipResponse): void {
    if (response.status < 200) {
      // Proceeding: keep re-sending, but at T2 (RFC 3261 §17.1.2.2).
      this.stopResending();
      if (!this.reliable) this.stopResending = retransmit(this.send, this.timers, this.timers.t2);
      return;
    }
    this.finish(response);
  }

  /** Ends without an answer (the UA is closing). */
  cancel(): void {
    this.finish(undefined);
  }

  private finish(response: SipResponse | undefined): void {
    this.stopResending();
    clearTimeout(this.timeout);
    this.settle?.(response);
    this.settle = undefined;
  }
}
