/**
 * The protocols of phone calls (docs/channels/rtc-sip.md): the SIP user agent and the call's media.
 * Nothing here knows bots, sessions or the database; the rtc_sip adapter (adapters/rtc-sip/) drives it.
 */
export * from './sip/index.js';
export * from './media/index.js';
