/**
 * The attendance area: the human side of handoff. Other folders use what is exported
 * here. The pure domain rules — status table, kanban view, priority, assignment selectors,
 * capacity and backfill order — come first; use cases build on them.
 */
export {
  CONVERSATION_ACTIONS, CONVERSATION_STATUSES, canTransition, transition,
  type ConversationAction, type ConversationStatus, type TransitionContext, type TransitionResult,
} from './conversation-status.js';
export {
  CONVERSATION_EVENTS, type ConversationEvent, type ConversationEventName, type ConversationEventPayloads,
} from './conversation-events.js';
export { KANBAN_COLUMNS, isKanbanColumn, kanbanColumn, kanbanMove, type KanbanColumn } from './kanban/kanban.js';
export {
  PRIORITIES, defaultPriority, parsePriority, priorityName, resolvePriority, type Priority, type PriorityName,
} from './priority.js';
export { ATTENDANT_STATUSES, canReceive, hasRoom, receivesWork, type AttendantStatus } from './assignment/capacity.js';
export {
  matchQueue, selectByQueue, selectMember,
  type AttendantState, type QueueCandidate, type QueueMemberCandidate, type QueueSelection, type SelectByQueueInput,
} from './assignment/select-by-queue.js';
export {
  isEligible, namesAttendant, selectByAttendantList, type AttendantCandidate, type SelectByAttendantListInput,
} from './assignment/select-by-attendant-list.js';
export { backfillOrder, compareForBackfill, nextForBackfill, queuePosition, type WaitingItem } from './assignment/backfill-order.js';
// Skills-based routing (docs/attendance/skills-routing.md): the pure rules, and the wake-ups of widening.
export {
  mergeRequirements, parseRequirements, skillScore, widen, wideningStep, type Skill, type SkillRequirement, type WideningStep,
} from './assignment/skills.js';
export { conversationSkills, requirementNow } from './assignment/conversation-skills.js';
export { createSkillWideningListener, registerSkillWideningJobs, WIDEN_JOB } from './skills/skill-widening.js';
export type { SkillsOverview } from './skills/manage-skills.js';
export { parseAttendantCsv, type AttendantCsvRow } from './attendants/attendant-csv.js';
export { importAttendants, type ImportAttendantsResult } from './attendants/import-attendants.js';
export { ATTENDANT_FILE, importAttendantFile } from './attendants/attendant-file.js';
export { ensureDeclaredQueues } from './queues/declared-queues.js';
export {
  assignConversation, DEFAULT_MAX_CONVERSATIONS, type AssignConversationInput, type AssignDeps,
} from './assign-conversation.js';
export {
  QUEUE_FULL_MESSAGE, queueConversation, queueFullMessage, queueMessage,
  type QueueConversationDeps, type QueueConversationInput, type QueueConversationResult,
} from './queue-conversation.js';
export { takeConversation, type TakeConversationDeps, type TakeConversationInput } from './take-conversation.js';
export { resolveAttendance, type ResolveAttendanceDeps, type ResolveAttendanceInput } from './resolve-attendance.js';
export { backfillWaiting, type BackfillWaitingInput } from './backfill-waiting.js';
export type { AttendanceRepositories } from './attendance-repositories.js';
export {
  TICKET_PRIORITIES, TICKET_STATUSES,
  type ConversationRow, type DealRow, type QueueRow, type TicketPriority, type TicketRow, type TicketStatus,
} from './attendance-records.js';
export type { CustomerOutbound } from './customer-outbound.js';
export {
  createAttendanceService, type AttendanceService, type AttendanceServiceDeps, type QueueItem, type QueueItemsFilter,
} from './attendance-service.js';
// What the REST routes and the console socket call (docs/attendance/rest.md): one function per use case, the repositories kept inside.
export { createAttendanceApi, type AttendanceApi, type AttendanceApiDeps } from './attendance-api.js';
export {
  heldConversation, listVisibleItems, seesAll, visibleConversation, type Actor,
} from './commands/attendant-scope.js';
export { listAttendants, type AttendantSummary } from './commands/list-attendants.js';
export { listBotAttendants, type BotAttendant } from './commands/bot-attendants.js';
export { parseCommand, type AttendantCommand } from './commands/parse-command.js';
export type { AttendantMeetingsPort } from './commands/meeting-commands.js';
// Phone calls in attendance (docs/attendance/calls.md).
export { NO_CALLS, type CallControlPort } from './calls/call-control-port.js';
export type { CallCommandRelay } from './calls/call-command-relay.js';
export { CALL_EVENTS_TOPIC, type CallEvent, type CallEventPayloads } from './calls/call-events.js';
export { resolvedCallListener } from './calls/resolved-call-listener.js';
export { recordCallFact, type CallLifeFact } from './calls/call-facts.js';
export { CALL_DIGITS, callCustomerBack, hangUpCall, holdCall, sendCallDigits, transferCall, type CallActionDeps, type CallTransferTarget } from './calls/call-actions.js';
export {
  runAttendantCommand, type AttendantCommandDeps, type AttendantCommandInput, type CommandResult,
} from './commands/run-attendant-command.js';
export { relayAttendantMessage, type RelayAttendantMessageDeps, type RelayAttendantMessageInput } from './relay-attendant-message.js';
export {
  conversationDeliveries, customerMessageDelivery, eligibleAttendants, factsNeeded, isRecipient,
  type LiveAttendant, type LiveConversation, type LiveCustomer, type LiveDelivery, type LiveFacts, type LiveFrame, type LiveRecipients,
  type TicketUpdatedFrame,
} from './live/live-events.js';
export { ATTENDANCE_LIVE_TOPIC, createLiveEventsListener, type LiveEventsListenerDeps } from './live/live-events-listener.js';
export { createTicketLivePublisher, ticketDelivery, type TicketLivePublisherDeps } from './live/ticket-live-events.js';
export { answerSurvey, surveyMarkOf, type AnswerSurveyDeps, type AnswerSurveyInput, type SurveyMark } from './satisfaction-survey.js';
export {
  CRM_LOG_FIELDS, crmAttendanceLogListener, listAttendanceLog, logAttendance, logFields,
  type AttendanceFacts, type CrmAttendanceLogDeps, type CrmAttendanceLogEntry, type CrmLogField,
} from './crm-attendance-log.js';
export {
  computeInsights, INSIGHT_TARGETS, targetsFor,
  type InsightEvent, type InsightName, type InsightTarget, type InsightsCounts, type InsightsMetrics, type InsightsWindow,
} from './insights/compute-insights.js';
export { getInsights, DEFAULT_WINDOW_MS, LOOKBACK_MS, MAX_WINDOW_MS, type GetInsightsDeps, type GetInsightsInput, type Insights } from './insights/get-insights.js';
export {
  assignTicket, attendingUser, canMoveTicket, canSeeTicket, createTicket, createTicketsListener, deleteTicket, listTickets,
  OPEN_TICKET_STATUSES, resolveTicket, TICKET_CHANGES, TICKET_EVENT_TYPES, TICKET_LIMIT_DEFAULT, TICKET_PAGE_DEFAULT, ticketScope,
  ticketTransition, transferTicket, updateTicket, visibleTicket,
  type AssignTicketInput, type CreateTicketInput, type DeleteTicketInput, type ListTicketsInput, type ResolvedTicket,
  type ResolveTicketInput, type TicketChange, type TicketChangeKind, type TicketDeps, type TicketFields, type TicketList,
  type TicketTransferRecord, type TicketTransition, type TicketUpdate, type TransferTicketInput, type UpdateTicketInput, type VoicemailInput,
} from './tickets/index.js';
export { queueNotice } from './queue-notice.js';
export { findAttendant, ATTENDING_ROLES } from './attendants/attendance-users.js';
export { requeueConversation, type RequeueConversationInput } from './requeue-conversation.js';
export { transferConversation, type TransferConversationInput } from './transfer-conversation.js';
export {
  moveKanbanCard, type KanbanMoveResult, type MoveKanbanCardDeps, type MoveKanbanCardInput,
} from './kanban/move-kanban-card.js';
export {
  listKanbanBoard, KANBAN_RESOLVED_LIMIT, KANBAN_RESOLVED_WINDOW_MS, type KanbanBoard, type ListKanbanBoardDeps,
} from './kanban/list-kanban-board.js';
export { createQueue, deleteQueue, getQueue, listQueues, updateQueue, type CreateQueueInput, type QueueWithMembers } from './queues/manage-queues.js';
export {
  addQueueMember, existingQueue, listQueueMembers, removeQueueMember, type AddQueueMemberInput, type QueueMemberView,
} from './queues/manage-queue-members.js';
export {
  analyzeSentiment, createAssistService, createAutoSummaryListener, FALLBACK_REASONS, getTips, LEVELS, polishMessage,
  REPLY_CATEGORIES, SENTIMENTS, suggestReplies, summarizeConversation, TIP_TYPES, TONES, TRENDS,
  type AssistDeps, type AssistService, type FallbackReason, type PolishResult, type RepliesResult, type SentimentResult,
  type SummaryResult, type TipsResult,
} from './assist/index.js';
export {
  createEmailNotificationsListener, EMAIL_JOBS, registerEmailJobs, renderEmail,
  type EmailJobsDeps, type EmailListenerDeps, type EmailNotice,
} from './notifications/index.js';
// Attendants working from a customer channel (mobile_msg, workchat): their lines are commands or replies, not a customer's.
export { attendantByIdentity, type AttendantIdentity } from './channel-attendants/attendant-by-identity.js';
export { createAttendantInbox, MOBILE_COMMANDS_OFF, type AttendantInbox, type ChannelLine } from './channel-attendants/attendant-inbox.js';
export {
  createWorkchatDestination, customerLine, type ConversationOffer, type WorkchatDesk,
} from './workchat/workchat-destination.js';
export { createMobileMsgDestination, newConversationNotice, type AttendantPhoneNotifier } from './mobile-msg/mobile-msg-destination.js';
export { createAttendanceWebhookListener, publishBotEvent, registerAttendanceWebhookJobs, type AttendanceWebhookMessage, type EnqueueWebhookDeps } from './webhooks/index.js';
// ANALYZE SENTIMENT of a bot script: the assist's analyser without a model (nlp.js lexicons and keyword lists).
export { fallbackSentiment as textSentiment } from './assist/fallbacks/sentiment-fallback.js';
export {
  createTeamChatDestination, createTeamChatInbox, type TeamChatInboxLine, type TeamChatNoticeFacts, type TeamChatPoster,
} from './team-chat/index.js';
// Where attendants receive conversations (docs/attendance/README.md, "Destinations").
export {
  createDestinationRegistry, destinationOf, type AttendantDestination, type DestinationRegistryDeps,
} from './destinations/destination-registry.js';
// The attendant console (docs/attendance/console.md): the conversation view's transcript, and canned responses.
export { readTranscript, type TranscriptEntry } from './read-transcript.js';
export {
  createCannedResponse, deleteCannedResponse, listCannedResponses, updateCannedResponse,
  type CannedResponse, type CannedResponseDeps, type CannedResponseInput,
} from './canned-responses/manage-canned-responses.js';
export { publishCustomerTyping, type CustomerTypingDeps } from './live/customer-typing.js';
export {
  acceptCobrowse, declineCobrowse, endCobrowseByVisitor, relayCobrowseEvents, COBROWSE_CHUNK_MAX, COBROWSE_PARTS_MAX,
  type CobrowseEventsPart, type CobrowseFrame, type CobrowseParty, type CobrowseSignal, type VisitorCobrowseDeps,
  cobrowseRecordingPath, createCobrowseRecorder, visitorCobrowsePort, COBROWSE_RECORDING_MAX_CHARS,
  type CobrowseRecorder, type CobrowseRecordingFile, type CobrowseRecordingKey, type CobrowseRecordingStore,
} from './cobrowse/index.js';
export { deliveryFailedHandlers, publishDeliveryFailed, type DeliveryFailedDeps } from './live/delivery-failed.js';
// Custom reports (docs/attendance/reports.md): definitions compiled to one query, saved, shared, exported, e-mailed.
export {
  createReportsApi, ReportDefinitionSchema, ReportFiltersSchema, SaveReportSchema, UpdateReportSchema, SHAREABLE_ROLES, REPORT_PERIODS, REPORT_JOBS,
  MAX_REPORT_DAYS, REPORT_ROW_LIMIT, registerReportJobs, rollUpFacts, emailReport, enqueueDueReports, factsOf, resolvePeriod, toReportQuery,
  type ReportAnswer, type ReportCatalogue, type ReportDefinition, type ReportFile, type ReportJobsDeps, type ReportsApi, type ReportPeriod,
  type SavedReport, type SaveReportInput, type UpdateReportInput,
} from './reports/index.js';
// Business hours, automatic replies and SLA policies (docs/attendance/business-hours.md, docs/attendance/sla.md).
export {
  AUTO_REPLY_KINDS, WEEKDAYS, registerHoursJobs, type AutoReply, type QueueHoursInput, type QueueHoursView,
} from './hours/index.js';
export {
  createBreachAnnouncer, createSlaListener, registerSlaJobs, type SlaAttainment, type SlaBreach, type SlaDeps,
} from './sla/index.js';
export type { SlaBreachedFrame, SlaClockView } from './live/live-events.js';
