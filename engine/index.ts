/**
 * The engine: sessions, the routing rule, BASIC turns, effects and the outbox — the one path
 * every message takes (docs/architecture.md). Other folders use what is exported here.
 */
export { CHANNELS, type Attachment, type Channel, type CustomerRef, type InboundMessage, type OutboundMessage, type Sender } from './messages.js';
export { sessionOutboundTopic, type Engine, type ReceiveOutcome } from './engine-api.js';
export { createEngine, type EngineService } from './create-engine.js';
export type { EngineBot, EngineDeps, EngineRepositories, OutboxSettings } from './engine-context.js';
export { createChannelRegistry, type ChannelRegistry } from './channel-registry.js';
export { llmNotConfigured, mailNotConfigured, meetingsNotConfigured, type LlmPort, type MailPort, type MeetingsPort } from './ports.js';
export type { FilesPort, ScriptCapabilitiesPort, UsersPort } from './ports.js';
export { parseSurveyScore, SURVEY_CONTEXT_KEY, SURVEY_THANKS } from './survey-answer.js';
export { attendanceAvailable, decideRoute, findTransferKeyword, needsHumanOf, SMS_MAX_CHARS, type Route } from './routing-rule.js';
export { readStoredDialog, type StoredDialog } from './dialog-envelope.js';
export { splitSms, type OutboundEvent } from './outbox/index.js';
export { WAIT_MESSAGE, CRM_DISABLED_MESSAGE } from './transfer-to-human.js';
export { SETTABLE_SESSION_KEYS, READABLE_SESSION_KEYS } from './session-keys.js';
export {
  ENGINE_EVENTS, type CustomerMessageRef, type EngineEvent, type EngineEventHandlers, type EngineEventName, type EngineEventPayloads,
  type SessionSnapshot,
} from './domain-events.js';
export { PermanentDeliveryError, type ChannelAdapter, type ChannelRequest, type DeliveryReceipt } from './channel-contract.js';
