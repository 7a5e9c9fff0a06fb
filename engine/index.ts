/**
 * The engine: the message core — sessions, the routing rule, the turn and its commit, the inbound
 * queue, the outbox, domain events — the one path every message takes (docs/architecture.md). The
 * bot answers through one port, {@link BotRunner}, which the script host (script-host/)
 * implements. Other folders use what is exported here.
 */
export {
  CHANNELS, type Attachment, type CampaignReferral, type Channel, type ChannelCommand, type CustomerRef, type DeliveryStatusUpdate, type InboundMessage, type OutboundMessage, type Sender,
  type Suggestion,
} from './messages.js';
export { sessionOutboundTopic, type AcceptOutcome, type DialogOutcome, type Engine, type ReceiveOutcome } from './engine-api.js';
export { createEngine, type EngineService } from './create-engine.js';
export type { RecoverOptions, RecoveryCounts } from './recover-pending.js';
export type { EngineBot, EngineDeps, EngineRepositories, InboundScreen, OutboxSettings } from './engine-deps.js';
export type { CampaignLookup } from './campaign-capture.js';
export type { AnswerVerdict, BotInput, BotRun, BotRunner, SignInAnswer } from './bot-runner.js';
export type { SessionTurn } from './session-turn.js';
export { createChannelRegistry, type ChannelRegistry } from './channel-registry.js';
export { parseSurveyScore, SURVEY_CONTEXT_KEY, SURVEY_THANKS } from './survey-answer.js';
export { attendanceAvailable, decideRoute, findTransferKeyword, needsHumanOf, SMS_MAX_CHARS, type Route } from './routing-rule.js';
export { readStoredDialog, type StoredDialog } from './dialog-envelope.js';
export { createDeliveryReceipts, isGsm7, smsPartSize, SMS_UCS2_MAX_CHARS, splitSms, type OutboundEvent } from './outbox/index.js';
export { CUSTOMER_MATCHED_KEY, type CustomerDirectory, type CustomerLookup, type CustomerMatch } from './match-customer.js';
export { transferToHuman, WAIT_MESSAGE, CRM_DISABLED_MESSAGE } from './transfer-to-human.js';
export { SIGN_IN_KEY } from './complete-sign-in.js';
export {
  ENGINE_EVENTS, type CustomerMessageRef, type EngineEvent, type EngineEventHandlers, type EngineEventName, type EngineEventPayloads, type FailedDelivery, type JobEvent,
  type SessionSnapshot,
} from './domain-events.js';
export { PermanentDeliveryError, type ChannelAdapter, type ChannelRequest, type DeliveryReceipt, type ReceivedFile, type WebhookAnswer } from './channel-contract.js';
export { createVoiceModels, voiceModelsOf, VoiceModelsError, VoiceModelsRefusedError, type AudioFile, type VoiceModels, type VoiceModelsOptions } from './voice/voice-models.js';
export { customerSpoke, transcribeVoiceNote, voiceNoteOf } from './voice/transcribe-voice-note.js';
/** The one speech path of every channel (docs/basic.md, "Voice on each channel"): hearing a voice message, speaking a reply. */
export { createVoiceScreen, hearVoiceMessage, type VoiceInput, type VoiceScreenDeps } from './voice/hear-voice.js';
export { speakReply, speaksAloud, wantsSpokenReply, type SpokenReplyCause } from './voice/spoken-reply.js';
export { hasVoice, VOICE_CHANNELS } from './voice/voice-channels.js';
