/**
 * The SIP user agent that answers phone calls from a SIP trunk and places the bots' calls through
 * one (docs/channels/rtc-sip.md): SIP over UDP and TCP, transactions, dialogs with session timers,
 * digest authentication of callers and answers to a trunk's challenges.
 * Written here as one small module (no SIP package): messages and torture tests in sip-message.ts,
 * the wire in sip-transport.ts, the UA core in user-agent.ts.
 */
export type {
  SipAddress, SipUri, NameAddr, SipUserAgentOptions, SipUserAgent, IncomingInvite, CallEndReason, SipCall,
} from './user-agent-types.js';
export { createSipUserAgent } from './user-agent.js';
export { OutgoingCallFailed } from './outgoing-call-types.js';
export type { OutgoingCall, OutgoingCallOptions, OutgoingCallCause } from './outgoing-call-types.js';
export { resolveSipDestination } from './sip-destination.js';
export { SipParseError, parseSipMessage, serializeSipMessage } from './sip-message.js';
export type { SipMessage, SipRequest, SipResponse, SipHeader } from './sip-message.js';
