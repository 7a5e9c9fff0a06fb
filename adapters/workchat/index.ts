/** The `workchat` channel (Bot Framework activities through @microsoft/agents-hosting): docs/channels/workchat.md. */
export { createWorkchatAdapter, type WorkchatAdapter, type WorkchatAdapterDeps } from './workchat-adapter.js';
export { checkWorkchatSettings, type WorkchatLoadCheck, type WorkchatSettings, type WorkchatSettingsOf } from './workchat-settings.js';
export type { WorkchatConversationRef, WorkchatConversationStore } from './conversation-store.js';
export { createWorkchatScreen, type WorkchatScreenDeps } from './screen-workchat.js';
export { createWorkchatVoiceScreen, WORKCHAT_AUDIO_MAX_BYTES, type WorkchatVoiceScreenDeps } from './screen-workchat-voice.js';
export { createWorkchatDesk, type DeskAttendant } from './attendant-desk.js';
export { attendantOfferCard, type OfferCard } from './attendant-card.js';
export { TOKEN_CLOCK_SKEW_SECONDS, createTokenVerifier, type TokenVerifier } from './verify-token.js';
export { createConnectorTokens, CONNECTOR_SCOPE, type ConnectorTokens } from './connector-token.js';
