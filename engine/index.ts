/**
 * The engine: sessions, the routing rule, BASIC turns, effects and the outbox — the one path
 * every message takes (ARCHITECTURE.md). Other folders use what is exported here.
 */
export { CHANNELS, type Attachment, type Channel, type CustomerRef, type InboundMessage, type OutboundMessage, type Sender } from './messages.js';
export { sessionOutboundTopic, type Engine, type ReceiveOutcome } from './engine-api.js';
export { createEngine, type EngineService } from './create-engine.js';
export type { EngineBot, EngineDeps, OutboxSettings } from './engine-context.js';
export { createChannelRegistry, type ChannelRegistry } from './channel-registry.js';
export {
  createRecordingAttendance, llmNotConfigured, mailNotConfigured, meetingsNotConfigured, SURVEY_CONTEXT_KEY,
  type AttendancePort, type AttendanceSession, type LlmPort, type MailPort, type MeetingsPort, type RecordedHandOff, type SurveyAnswer,
} from './ports.js';
export { attendanceAvailable, decideRoute, findTransferKeyword, needsHumanOf, SMS_MAX_CHARS, type Route } from './routing-rule.js';
export { readStoredDialog, type StoredDialog } from './dialog-envelope.js';
export { splitSms, type OutboundEvent } from './outbox/index.js';
export { WAIT_MESSAGE, CRM_DISABLED_MESSAGE } from './transfer-to-human.js';
export { SETTABLE_SESSION_KEYS, READABLE_SESSION_KEYS } from './session-keys.js';
