/** Every table of the service; drizzle-kit generates the SQL migrations from these. */
export { users } from './users.js';
// Tenants (docs/operations/tenants.md): every other table but the installation's belongs to one.
export { tenants, tenantMemberships, TENANT_STATUSES, type TenantStatus } from './tenants.js';
export { bots } from './bots.js';
export { sessions } from './sessions.js';
export { messages } from './messages.js';
export { outbox } from './outbox.js';
export { engineEvents } from './engine-events.js';
export { inboundQueue } from './inbound-queue.js';
export { botTableRows, botMemory } from './bot-data.js';
// Pending runs of the bots' ON INSERT/UPDATE/DELETE OF handlers (docs/basic.md, "Event handlers").
export { tableTriggerRuns } from './table-trigger-runs.js';
// The CRM (docs/crm.md): contacts and their channel identities, deals, stages, campaigns.
export {
  crmContacts, crmContactIdentities, crmDeals, crmPipelineStages, crmAttendanceLogs, crmCampaigns, crmCampaignRecipients,
  CONTACT_TIERS, CAMPAIGN_STATUSES, CAMPAIGN_CHANNELS, CAMPAIGN_RECIPIENT_STATUSES,
  type ContactTier, type CampaignStatus, type CampaignChannel, type CampaignRecipientStatus,
} from './crm.js';
export {
  attendanceQueues, attendanceQueueMembers, attendantProfiles, attendanceTickets, attendanceTicketNumbers, attendanceEvents,
  ATTENDANT_STATUSES, TICKET_STATUSES, TICKET_PRIORITIES, ATTENDANCE_EVENT_TYPES,
  type AttendantStatus, type TicketStatus, type TicketPriority, type AttendanceEventType,
} from './attendance.js';
export { attendanceConversations, ATTENDANCE_CONVERSATION_STATUSES, type AttendanceConversationStatus } from './attendance-conversations.js';
// The sms channel: numbers that opted out (STOP).
export { smsOptOuts } from './sms-opt-outs.js';
// The workchat channel: conversation references for proactive sends.
export { workchatConversations } from './workchat.js';
export {
  notifications, notificationDeliveries, notificationPreferences, notificationTemplates, notificationBroadcasts,
  notificationActivity, notificationWebhooks, notificationPushSubscriptions, notificationPushDevices, PUSH_DEVICE_PLATFORMS, NOTIFICATION_STATUSES, DELIVERY_STATUSES, BROADCAST_STATUSES,
  type NotificationStatus, type DeliveryStatus, type BroadcastStatus,
} from './notifications.js';
export { directoryGroups, directoryGroupMembers } from './groups.js';
export { cannedResponses } from './canned-responses.js';
// Attendance events POSTed to a bot's attendance-chatops-webhook (docs/attendance/webhooks.md).
export { attendanceWebhookDeliveries, ATTENDANCE_WEBHOOK_STATUSES, type AttendanceWebhookStatus } from './attendance-webhooks.js';
// The team_chat destination: each conversation's notice and thread (docs/channels/team-chat.md).
export { teamChatThreads } from './team-chat-threads.js';
// The knowledge base of USE KB / USE WEBSITE (docs/basic.md).
export { knowledgeSources, knowledgeChunks } from './knowledge.js';
export {
  meetingRooms, meetingConversations, MEETING_PROVIDERS, MEETING_MEDIA, type MeetingProviderKind, type MeetingMedia,
} from './meetings.js';
// Migrated content (docs/content.md): files, mail, calendar, contacts, tasks, import checkpoints.
export {
  contentFiles, contentFileVersions, contentMailMessages, contentCalendarEvents, contentContacts, contentTasks, contentImportCheckpoints,
} from './content.js';
// Where the ON EMAIL and ON CHANGE watches of each bot stand (docs/basic.md, "Event handlers").
export { botWatches } from './bot-watches.js';
// This deployment's identity: one row, never changed (docs/operations/high-availability.md).
export { deployment } from './deployment.js';
// The phone calls in progress on every instance, and the instances' heartbeats (docs/operations/kamailio.md).
export { callInstances, liveCalls } from './live-calls.js';
// Custom reports (docs/attendance/reports.md): the cycles' facts, the roll-up's mark, saved reports.
export { attendanceReportFacts, attendanceReportRollup, attendanceReports, REPORT_SCHEDULES, type ReportSchedule } from './attendance-reports.js';
// Queues' business hours and automatic replies (docs/attendance/business-hours.md).
export { attendanceQueueHours, CLOSED_ACTIONS, type ClosedAction, type StoredAutoReply } from './attendance-hours.js';
// SLA policies and the clocks that measure them (docs/attendance/sla.md).
export { attendanceSlaPolicies, attendanceSlaClocks, SLA_METRICS, SLA_SUBJECTS, type SlaMetric, type SlaSubject } from './attendance-sla.js';
