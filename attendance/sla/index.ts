/** SLA policies and their clocks (docs/attendance/sla.md). */
export { pickPolicy, type PolicyScope } from './sla-policy.js';
export { startSlaClocks, type SlaStart } from './start-sla-clocks.js';
export { checkSlaDue } from './check-sla-due.js';
export { createSlaListener } from './sla-listener.js';
export { registerSlaJobs } from './register-sla-jobs.js';
export { SLA_DUE_JOB } from './sla-jobs.js';
export { breachDelivery, createBreachAnnouncer, type AnnounceSlaBreachDeps } from './announce-sla-breach.js';
export { createSlaPolicy, deleteSlaPolicy, listSlaPolicies, updateSlaPolicy } from './manage-sla-policies.js';
export { listSlaClocks } from './list-sla-clocks.js';
export { getSlaAttainment, type SlaAttainment, type SlaAttainmentGroup } from './sla-attainment.js';
export { slaClockView } from './sla-clock-view.js';
export type { SlaBreach, SlaDeps } from './sla-deps.js';
