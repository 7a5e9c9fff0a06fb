/** The public shapes of a call this user agent places (re-exported by index.ts; docs/channels/rtc-sip.md, "Outbound calls"). */
import type { SipAddress } from './sip-transport.js';
import type { SipCall } from './user-agent-types.js';

export interface OutgoingCallOptions {
  /** The Request-URI and To: whom we call, e.g. `sip:+15550199@carrier.example.com`. */
  target: string;
  /** Where every request of the call is sent (the trunk's outbound proxy, resolved to an address). */
  destination: SipAddress;
  /** The caller ID: the user part of our From (an E.164 number), and an optional display name. */
  from: { user: string; displayName?: string };
  /** Our SDP offer (telephony/media's `createAudioOffer`). */
  sdpOffer: string;
  /** Answers one 401/407 digest challenge with these; without them a challenge fails the call. */
  credentials?: { username: string; password: string };
  /** Ringing longer than this (no final answer) is given up with a CANCEL. Default 30 s. */
  ringTimeoutMs?: number;
}

/** Why a call we placed was not answered. */
export type OutgoingCallCause =
  /** The far end refused (3xx–6xx, including a second digest challenge). */
  | 'rejected'
  /** Nobody answered within the ring timeout: CANCEL sent. */
  | 'no-answer'
  /** `cancel()` before the answer: CANCEL sent. */
  | 'cancelled'
  /** No final answer at all within 64·T1 (timer B). */
  | 'timeout';

/** The failure of a call we placed: the SIP status (408 for a timeout, 487 for a CANCEL) and its reason. */
export class OutgoingCallFailed extends Error {
  constructor(readonly status: number, readonly reason: string, readonly outcome: OutgoingCallCause) {
    super(`the call was not answered: ${status} ${reason}`);
    this.name = 'OutgoingCallFailed';
  }
}

/** A call we placed, before and after its answer. */
export interface OutgoingCall {
  readonly callId: string;
  /**
   * Resolves on a 2xx (the ACK is sent) with the established call and the far end's SDP answer;
   * rejects with `OutgoingCallFailed`.
   */
  readonly answered: Promise<{ call: SipCall; sdpAnswer: string | undefined }>;
  /** Each provisional response (180 Ringing, 183 Session Progress), once per status. */
  onProgress(listener: (status: number) => void): void;
  /** Gives up before the answer: CANCEL (once the far end has answered provisionally); a 2xx that crosses it is ACKed and hung up. */
  cancel(): void;
}
