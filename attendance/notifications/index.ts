/** Attendance email notifications: the listener, its jobs, and the pure templates and recipient rules. */
export { createEmailNotificationsListener, type EmailListenerDeps } from './email-notifications-listener.js';
export { registerEmailJobs, type EmailJobsDeps } from './register-email-jobs.js';
export type { EmailNotificationDeps } from './email-deps.js';
export { EMAIL_JOBS } from './email-jobs.js';
export {
  EMAIL_KINDS, EMAIL_TEMPLATES, formatDuration, renderEmail,
  type ConversationFacts, type EmailKind, type EmailNotice, type RenderedEmail,
} from './email-templates.js';
export {
  attendantAddress, customerAddress, isEmailAddress, managerAddresses, supervisorAddresses, waitingAudience,
} from './email-recipients.js';
