/** The rtc_sip channel: phone calls from a SIP trunk to a voice bot (docs/channels/rtc-sip.md). */
export { createRtcSipAdapter, type RtcSipAdapter } from './rtc-sip-adapter.js';
export type { CallFact, CallPorts, Voicemail } from './call-ports.js';
export { createCallControl, type RtcSipCallControl } from './call-control.js';
export type { LiveCall, LiveCalls } from './live-calls.js';
export { startRtcSipChannel, type RtcSipChannel, type RtcSipChannelOptions } from './rtc-sip-channel.js';
export type { CallTrunk, OutboundCallSettings, RtcSipBotSettings } from './rtc-sip-settings.js';
export type { OutboundCalls, OutboundCallState } from './outbound-calls.js';
export type { OutboundCallRequest } from './outbound-policy.js';
export { createAttendantCalls, type AttendantCalls, type AttendantCallState } from './attendant-calls.js';
export type { CallHolder, CallInstance, CallRegistry, DroppedCall, RegisteredCall } from './call-registry.js';
export { startCallSharing, type CallSharing, type CallSharingOptions } from './call-sharing.js';
export type { TakenCall } from './take-dropped-calls.js';
export { CALL_DELIVERIES_TOPIC, startDeliveryRelay, type DeliveryRelay } from './relay-deliveries.js';
