/**
 * The engine: sessions, the routing rule, BASIC turns, effects and the outbox — the one path
 * every message takes (docs/architecture.md). Other folders use what is exported here.
 */
export {
  CHANNELS, type Attachment, type Channel, type ChannelCommand, type CustomerRef, type DeliveryStatusUpdate, type InboundMessage, type OutboundMessage, type Sender,
} from './messages.js';
export type { Suggestion } from '../basic-interpreter/index.js';
export { sessionOutboundTopic, type AcceptOutcome, type Engine, type ReceiveOutcome } from './engine-api.js';
export { createEngine, type EngineService } from './create-engine.js';
export type { RecoverOptions, RecoveryCounts } from './recover-pending.js';
export type { EngineBot, EngineDeps, EngineRepositories, InboundScreen, OutboxSettings } from './engine-context.js';
export { createChannelRegistry, type ChannelRegistry } from './channel-registry.js';
export { llmNotConfigured, mailNotConfigured, meetingsNotConfigured, type LlmPort, type MailPort, type MeetingsPort } from './ports.js';
export type {
  FileLinksPort, SignInLinksPort, FilesPort, KnowledgeSource, LlmGeneration, LlmRequest, MailboxCursor, MailboxPort, MailboxSettings, ReceivedMail, ScriptCapabilitiesPort, ScriptTool, UsersPort,
} from './ports.js';
export { parseSurveyScore, SURVEY_CONTEXT_KEY, SURVEY_THANKS } from './survey-answer.js';
export { attendanceAvailable, decideRoute, findTransferKeyword, needsHumanOf, SMS_MAX_CHARS, type Route } from './routing-rule.js';
export { readStoredDialog, type StoredDialog } from './dialog-envelope.js';
export { isGsm7, smsPartSize, SMS_UCS2_MAX_CHARS, splitSms, type OutboundEvent } from './outbox/index.js';
export { WAIT_MESSAGE, CRM_DISABLED_MESSAGE } from './transfer-to-human.js';
export { SETTABLE_SESSION_KEYS, READABLE_SESSION_KEYS } from './session-keys.js';
export {
  ENGINE_EVENTS, type CustomerMessageRef, type EngineEvent, type EngineEventHandlers, type EngineEventName, type EngineEventPayloads, type FailedDelivery,
  type SessionSnapshot,
} from './domain-events.js';
export { PermanentDeliveryError, type ChannelAdapter, type ChannelRequest, type DeliveryReceipt, type ReceivedFile, type WebhookAnswer } from './channel-contract.js';
export { createVoiceModels, voiceModelsOf, VoiceModelsError, VoiceModelsRefusedError, type AudioFile, type VoiceModels, type VoiceModelsOptions } from './voice/voice-models.js';
export { transcribeVoiceNote, voiceNoteOf } from './voice/transcribe-voice-note.js';
export { sitePagePath } from './create-site.js';
export type { WebhookRequest } from './run-webhook.js';
export { NEXT_FIELD, type FormAnswer, type FormSubmission } from './submit-form.js';
export type { ScriptWebhookAnswer } from './webhook-answer.js';
export { endpointConflicts } from './script-endpoints.js';
