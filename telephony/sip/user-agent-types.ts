/** The public shapes of the SIP user agent (re-exported by index.ts; see docs/channels/rtc-sip.md). */
import type { Logger } from '../../infra/logger.js';
import type { SipUri } from './sip-uri.js';
import type { SipAddress } from './sip-transport.js';
import type { OutgoingCall, OutgoingCallOptions } from './outgoing-call-types.js';

export type { SipAddress } from './sip-transport.js';
export type { SipUri } from './sip-uri.js';

/** From or To of a request: display name, URI and tag. */
export interface NameAddr {
  displayName?: string;
  uri: SipUri;
  tag?: string;
}

export interface SipUserAgentOptions {
  /** Listen address. */
  host: string;
  /** 0: any free port. */
  udpPort: number;
  /** Absent: no TCP listener; 0: any free port. */
  tcpPort?: number;
  /** SIP over TLS: absent, no TLS listener; `port` 0: any free port; `cert` and `key` in PEM. */
  tls?: { port: number; cert: string | Buffer; key: string | Buffer };
  /** Host written in Via and Contact instead of `host` (behind NAT). */
  publicAddress?: string;
  logger: Logger;
  /** Server header; default 'Switchboard'. */
  userAgentName?: string;
  /** T1 (default 500 ms), T2, T4; `sessionSecondMs` is a session-timer second (default 1000, tests shrink it). */
  timers?: { t1Ms?: number; t2Ms?: number; t4Ms?: number; sessionSecondMs?: number };
  /** Bounds on what peers may hold open (defaults: 3 minutes idle, 1024 TCP connections, 10 000 transactions). */
  limits?: { tcpIdleTimeoutMs?: number; maxTcpConnections?: number; maxTransactions?: number };
  /** A new dialog-creating INVITE (not a retransmission, not a re-INVITE); 100 Trying is already sent. */
  onInvite(invite: IncomingInvite): void;
}

export interface SipUserAgent {
  readonly udpPort: number;
  readonly tcpPort?: number;
  readonly tlsPort?: number;
  /** Places a call (docs/channels/rtc-sip.md, "Outbound calls"): the INVITE leaves at once; see `OutgoingCall`. */
  placeCall(options: OutgoingCallOptions): OutgoingCall;
  /** Ends every call ('closed', with a BYE sent once) and closes the sockets. */
  close(): Promise<void>;
}

export interface IncomingInvite {
  readonly callId: string;
  /** Where the packet or connection came from. */
  readonly source: SipAddress;
  readonly requestUri: SipUri;
  readonly from: NameAddr;
  readonly to: NameAddr;
  /** The body when Content-Type is application/sdp; absent for a late offer (then `accept` sends our offer, and the ACK answers it). */
  readonly sdpOffer?: string;
  /** First value, case-insensitive, compact forms too. */
  header(name: string): string | undefined;
  /** Final error answer (403, 404, 480, 486, 488, 503…); `headers` e.g. Retry-After. */
  reject(status: number, reason?: string, headers?: Record<string, string>): void;
  /** 401 with a digest challenge for `realm`; the caller's retry arrives as a new onInvite. */
  challenge(realm: string): void;
  /** Whether the INVITE carries valid digest credentials for this user (nonce issued by this UA, not expired). */
  verifyDigest(credentials: { username: string; password: string; realm: string }): boolean;
  /** The Authorization's username, when present (to pick the password). */
  readonly digestUsername?: string;
  /** 180 Ringing. */
  ringing(): void;
  /**
   * 200 OK with the SDP answer (or, when the INVITE had no offer, our offer: its answer is the
   * call's `ackSdp`); resolves with the established call when the ACK arrives; rejects
   * (and sends BYE) when no ACK comes within 64·T1, or when the caller cancelled first.
   */
  accept(sdpAnswer: string): Promise<SipCall>;
  /** Fires once if the caller sends CANCEL before a final answer (the UA has answered 487). */
  onCancel(listener: () => void): void;
}

export type CallEndReason = 'remote-bye' | 'local-bye' | 'session-expired' | 'ack-timeout' | 'closed';

export interface SipCall {
  readonly callId: string;
  readonly remote: SipAddress;
  /** The SDP the ACK of the 200 OK carried: the answer to our offer when the INVITE had none (RFC 3264 §5). */
  readonly ackSdp: string | undefined;
  /** Sends BYE (retransmitted over UDP) and resolves on its answer or timeout; ends the call with 'local-bye'. */
  hangUp(): Promise<void>;
  onEnded(listener: (reason: CallEndReason) => void): void;
  /** A re-INVITE or UPDATE with an SDP offer from the far end (hold, resume, new address): return the SDP answer. Without a handler the last answer is sent again. */
  onReoffer(handler: (offerSdp: string) => string): void;
  /** SIP INFO in the dialog (e.g. application/dtmf-relay "Signal=5\r\nDuration=160"). */
  onInfo(listener: (contentType: string | undefined, body: string) => void): void;
  /** Sends INFO in the dialog (key presses by `application/dtmf-relay`); resolves with the final status, undefined without one. */
  sendInfo(contentType: string, body: string): Promise<number | undefined>;
  /** Sends REFER (RFC 3515) to `target` (a `sip:` or `tel:` URI); resolves with the final status (202: the far end will call it). */
  refer(target: string): Promise<number | undefined>;
  /** Our SDP as the far end last took it: the answer we sent, or our offer (a call we placed, or our last re-INVITE). */
  readonly localSdp: string;
  /** Sends a re-INVITE with our new SDP offer (hold: a=sendonly; resume: a=sendrecv); resolves with the final status (undefined on timeout) and the far end's SDP answer. */
  reoffer(sdpOffer: string): Promise<{ status: number | undefined; sdpAnswer: string | undefined }>;
  /** Whether the far end's Allow header lists `method`; undefined when it sent none. */
  allows(method: string): boolean | undefined;
  /** NOTIFY in the dialog: a REFER's progress (`Event: refer`, a `message/sipfrag` body such as `SIP/2.0 200 OK`). */
  onNotify(listener: (event: string | undefined, body: string) => void): void;
}
