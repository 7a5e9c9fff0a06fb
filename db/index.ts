/** The database port: connection (PGlite or PostgreSQL), migrations and the thin repositories. */
export { openDatabase, listTables, type Database, type DatabaseHandle, type OpenDatabaseOptions } from './connection.js';
export { createUsersRepo, type UsersRepo, type UserRow, type UserChanges, type UserMatch } from './users-repo.js';
export { createTenantUsersRepo } from './tenant-users-repo.js';
export { createDirectoryUsersRepo, type DirectoryUsersRepo } from './directory-users-repo.js';
export { createBotsRepo, type BotsRepo, type BotRow } from './bots-repo.js';
export { createBotDataRepo, type BotDataRepo, type TableChange, type TableChangeRecorder } from './bot-data-repo.js';
/** Pending runs of the bots' ON INSERT/UPDATE/DELETE OF handlers, written with the table change. */
export {
  createTableTriggerRunsRepo, type TableTriggerRunsRepo, type TableChangeEvent, type TriggerRunWrite, type PendingTriggerRun,
} from './table-trigger-runs-repo.js';
export { createSessionsRepo, type SessionsRepo, type SessionRow, type SessionChanges, type SleepingSession } from './sessions-repo.js';
export { createMessagesRepo, type MessagesRepo, type MessageRow } from './messages-repo.js';
export {
  createOutboxRepo, withTransaction, type FailedMessage, type FailureEventOf, type OutboxRepo, type OutboxRow, type ProviderMessageKey, type ProviderStatus,
} from './outbox-repo.js';
export {
  createQueuesRepo, createAttendantProfilesRepo, createAttendanceEventsRepo,
  type QueuesRepo, type AttendantProfilesRepo, type AttendanceEventsRepo,
  type QueueRow, type NewQueue, type QueueChanges, type QueueMemberRow, type AttendantProfileRow, type ProfileFields,
  type AttendanceEventRow, type NewAttendanceEvent,
} from './attendance-repo.js';
export {
  createTicketsRepo, TICKET_PRIORITIES, TICKET_STATUSES, type TicketsRepo, type TicketRow, type NewTicket, type TicketChanges,
  type TicketFilter, type TicketPage, type TicketPriority, type TicketStatus,
} from './tickets-repo.js';
export {
  createCrmRepo, type CrmRepo, type ContactRow, type NewContact, type DealRow, type NewDeal, type PipelineStageRow,
} from './crm-repo.js';
export {
  createCrmIdentitiesRepo, type CrmIdentitiesRepo, type CrmContactFields, type CrmContactRow, type ContactKeys, type MatchedContact, type NewMatchedContact,
} from './crm-identities-repo.js';
export {
  createCrmCampaignsRepo, type CrmCampaignsRepo, type CampaignRow, type NewCampaign, type CampaignChanges, type CampaignRecipientRow,
  type CampaignCounts, type ClaimedRecipient, type RepliedRecipient, type SegmentFilter,
  CONTACT_TIERS, CAMPAIGN_CHANNELS, CAMPAIGN_RECIPIENT_STATUSES, CAMPAIGN_STATUSES, type CampaignChannel, type CampaignRecipientStatus, type CampaignStatus,
} from './crm-campaigns-repo.js';
export {
  createCrmAttendanceLogsRepo, type CrmAttendanceLogsRepo, type CrmAttendanceLogRow, type NewCrmAttendanceLog,
} from './crm-attendance-logs-repo.js';
export {
  createAttendanceHandoffRepo, type AttendanceHandoffRepo, type HandoffFacts, type HandoffQueueing,
} from './attendance-handoff-repo.js';
export {
  createAttendanceConversationsRepo, type AttendanceConversationsRepo, type ConversationRow, type NewConversation,
  type ConversationFields, type ExpectedState, type QueueItemRow, type LogEntry, type StartedConversation,
} from './attendance-conversations-repo.js';
export { createQueueHoursRepo, type QueueHoursRepo, type QueueHoursRow, type QueueHoursWrite } from './attendance-hours-repo.js';
export {
  createSlaRepo, type SlaRepo, type SlaPolicyRow, type NewSlaPolicy, type SlaClockRow, type NewSlaClock, type SlaAttainmentRow,
} from './attendance-sla-repo.js';
export { CLOSED_ACTIONS, SLA_METRICS, SLA_SUBJECTS, type ClosedAction, type SlaMetric, type SlaSubject, type StoredAutoReply } from './schema/index.js';
export { createTurnStore, newRowId, type TurnStore, type TurnWrite, type TurnCommit, type SessionWrite, type InboundWrite, type OutboundWrite, type EventWrite, type StoredReply, type LoadedConversation, type ConversationKey } from './turn-store.js';
export type { SqlExecutor, Statement } from './sql-executor.js';
export { createAttendanceRepositories, type AttendanceRepositoryBundle } from './attendance-repositories.js';
export {
  createAttendanceCustomerRepo, type AttendanceCustomerRepo, type AttendantContactChanges, type ContactFromSession,
} from './attendance-customer-repo.js';
export {
  createEngineEventsRepo, type EngineEventsRepo, type PendingEvent, type PendingUnderLock, type StatementUnderLock,
} from './engine-events-repo.js';
/** Read-only counts for the scrape-time gauges of `/metrics`. */
export { createMetricsRepo, type MetricsRepo } from './metrics-repo.js';
export {
  createInboundQueueRepo, type InboundQueueRepo, type InboundQueueWrite, type InboundCustomer, type QueuedInbound,
} from './inbound-queue-repo.js';
/** The sms channel's opt-outs (STOP). */
export { createSmsOptOutsRepo, type SmsOptOutsRepo } from './sms-opt-outs-repo.js';
export { createBotWatchesRepo, type BotWatchesRepo } from './bot-watches-repo.js';
/** This deployment's identity: the one row that names its Redis prefix and stamps its jobs. */
export { createDeploymentRepo, type DeploymentRepo, type DeploymentIdentity } from './deployment-repo.js';
/** The workchat channel's conversation references. */
export { createWorkchatConversationsRepo, type WorkchatConversationRow, type WorkchatConversationsRepo } from './workchat-conversations-repo.js';
export { createKnowledgeRepo, type KnowledgeRepo, type IndexedSource, type NewChunk, type FoundChunk } from './knowledge-repo.js';
export {
  createNotificationsRepo, type NotificationsRepo, type NotificationRow, type NewNotification, type DeliveryRow, type NewDelivery,
  type NotificationFilter, type DeliveryOutcome, type NotificationStatus, type DigestItem,
} from './notifications-repo.js';
export { createNotificationSettingsRepo, type NotificationSettingsRepo, type TemplateRow, type NewTemplate } from './notification-settings-repo.js';
export {
  createNotificationBroadcastsRepo, type NotificationBroadcastsRepo, type BroadcastRow, type NewBroadcast, type Audience,
} from './notification-broadcasts-repo.js';
export { createNotificationPushRepo, type NotificationPushRepo, type PushSubscriptionRow } from './notification-push-repo.js';
export { createNotificationWebhooksRepo, type NotificationWebhooksRepo, type WebhookRow, type NewWebhook } from './notification-webhooks-repo.js';
/** The embedded identity provider's organization directory (docs/groups.md). */
export { createGroupsRepo, type GroupsRepo, type DirectoryGroupRow, type DirectoryMemberRow, type DirectoryRole } from './groups-repo.js';
export {
  createCannedResponsesRepo, DuplicateShortcutError,
  type CannedResponsesRepo, type CannedResponseRow, type CannedResponseFields,
} from './canned-responses-repo.js';
/** Attendance events POSTed to a bot's attendance-chatops-webhook, with their outcome. */
export {
  createAttendanceWebhooksRepo, type AttendanceWebhooksRepo, type AttendanceWebhookRow, type NewAttendanceWebhook, type WebhookAttempt,
} from './attendance-webhooks-repo.js';
/** The team_chat destination's notices and threads. */
export { createTeamChatThreadsRepo, type TeamChatThreadsRepo, type TeamChatThreadRow } from './team-chat-threads-repo.js';
export {
  createMeetingsRepo, type MeetingsRepo, type MeetingMedia, type MeetingProviderKind, type MeetingRoomRow, type NewMeetingRoom, type MeetingRoomChanges, type MeetingConversationRow,
} from './meetings-repo.js';
// Migrated content (docs/content.md).
export { type ContentReader, type SharingChange } from './content-visibility.js';
export { createContentFilesRepo, type ContentFilesRepo, type ContentFileRow, type ContentFileVersionRow, type NewFileVersion } from './content-files-repo.js';
export {
  createContentRecordsRepo, type ContentRecordsRepo, type MailMessageRow, type CalendarEventRow, type ContentContactRow, type TaskRow,
  type NewMailMessage, type NewCalendarEvent, type NewContentContact, type NewTask, type Page,
} from './content-records-repo.js';
export { createContentImportsRepo, type ContentImportsRepo, type ImportCheckpointRow } from './content-imports-repo.js';
/** The phone calls of every instance and the instances' heartbeats (docs/operations/kamailio.md). */
export { createLiveCallsRepo, type LiveCallsRepo, type LiveCallHolderRow, type DroppedCallRow } from './live-calls-repo.js';
/** Custom reports (docs/attendance/reports.md): the catalogue a definition names, its one query, saved reports, the facts' roll-up. */
export {
  createAttendanceReportsRepo, type AttendanceReportsRepo, type NewSavedReport, type ReportFactRow, type ReportResult, type ReportViewer,
  type RollupEvent, type SavedReportRow,
} from './attendance-reports-repo.js';
export {
  DIMENSIONS as REPORT_DIMENSIONS, FILTERS as REPORT_FILTERS, MEASURES as REPORT_MEASURES, FILTER_KEYS as REPORT_FILTER_KEYS,
  MEASURE_KEYS as REPORT_MEASURE_KEYS, DIMENSION_KEYS as REPORT_DIMENSION_KEYS, REPORT_SOURCES,
  type FilterKey as ReportFilterKey, type MeasureKey as ReportMeasureKey, type MeasureUnit as ReportMeasureUnit, type ReportSource,
} from './report-query/catalogue.js';
export { type ReportColumn, type ReportQuery } from './report-query/compile-report.js';
export { REPORT_SCHEDULES, type ReportSchedule } from './schema/index.js';
/** The tenants, their quotas and memberships, and the reads of a tenant's export (docs/operations/tenants.md, "Lifecycle"). */
export {
  createTenantsRepo, type TenantsRepo, type TenantRow, type TenantMembershipRow, type NewTenant, type TenantChanges, type TenantTablePage, type StoredFileKey,
} from './tenants-repo.js';
export { TENANT_STATUSES, type TenantStatus } from './schema/index.js';
