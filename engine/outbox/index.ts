/** The outbox: outbound messages committed before delivery, delivered by a job with retries (or with the turn, inline). */
export { splitSms } from './split-sms.js';
export { isGsm7, smsPartSize, SMS_UCS2_MAX_CHARS } from './sms-encoding.js';
export { planOutbound, type PlannedOutbound } from './plan-outbound.js';
export { dispatchOutbound, enqueueDelivery, type DeliverJob, type DeliveryEnqueueDeps, type DispatchDeps, type OutboundEvent } from './dispatch-outbound.js';
export { deliverOutbox, type OutboxDeps } from './deliver-outbox.js';
export { requeueOutbox, type OutboxRecoveryDeps } from './requeue-outbox.js';
export { createDeliveryReceipts, type DeliveryStatusDeps } from './record-delivery-status.js';
