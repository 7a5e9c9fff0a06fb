/** Business hours and automatic replies of queues (docs/attendance/business-hours.md). */
export {
  ALWAYS_OPEN, WEEKDAYS, addBusinessSeconds, businessSecondsBetween, isOpen, isTimeZone, localTime, nextOpening,
  type BusinessHours, type OpeningInterval, type Weekday,
} from './business-hours.js';
export { AUTO_REPLY_KINDS, pickAutoReply, renderAutoReply, type AutoReply, type AutoReplyKind, type AutoReplyVariables } from './auto-reply.js';
export { HOURS_OPEN_JOB, registerHoursJobs } from './hours-jobs.js';
export { getQueueHours, putQueueHours, type QueueHoursInput, type QueueHoursView } from './manage-queue-hours.js';
