/** The Graph-style provider family shared by mobile_msg, social_dm and page_msg (docs/channels/README.md). */
export { createGraphAdapter, GRAPH_CHANNELS, OUTSIDE_WINDOW_CODE, type GraphAdapter, type GraphAdapterDeps, type GraphChannel } from './graph-adapter.js';
export type { GraphChannelSettings, GraphSettingsOf } from './graph-channel-settings.js';
export type { TemplateMessage } from './template-message.js';
export { createGraphClient, type GraphClient, type GraphClientOptions, type GraphFile } from './graph-client.js';
export { GraphApiError } from './graph-error.js';
export { DEFAULT_GRAPH_RETRY, withGraphRetries, type GraphRetryPolicy } from './graph-retry.js';
export { HUB_SIGNATURE_HEADER, signHubPayload, verifyHubSignature } from './hub-signature.js';
export type { ParsedWebhook } from './parsed-webhook.js';
export { mediaPath } from './media-url.js';
export { createChannelMediaFetcher, MEDIA_MAX_BYTES, type ChannelMediaFetcher } from './channel-media.js';
export { createMobileMsgScreen, VOICE_NOT_UNDERSTOOD, type MobileMsgScreenDeps } from './screen-mobile-msg.js';
export { createProfileScreen, type ProfileScreenDeps } from './screen-messaging-profile.js';
export { DEFAULT_PROFILE_CACHE, type ProfileCacheOptions } from './profile-cache.js';
