/** Attendance events POSTed to a bot's `attendance-chatops-webhook` (docs/attendance/webhooks.md). */
export { createAttendanceWebhookListener } from './attendance-webhook-listener.js';
export { ATTENDANCE_WEBHOOK_JOB, publishBotEvent, WEBHOOK_RETRY, type EnqueueWebhookDeps } from './attendance-webhook-jobs.js';
export { conversationMessages, ticketMessage, WEBHOOK_CONVERSATION_EVENTS, type AttendanceWebhookMessage } from './attendance-webhook-messages.js';
export { registerAttendanceWebhookJobs, type AttendanceWebhookJobsDeps } from './register-attendance-webhook-jobs.js';
