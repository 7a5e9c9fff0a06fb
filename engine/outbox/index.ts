/** The outbox: outbound messages committed before delivery, delivered by a job with retries. */
export { splitSms } from './split-sms.js';
export { commitOutbound, type CommittedOutbound } from './commit-outbound.js';
export { dispatchOutbound, enqueueDelivery, type DeliverJob, type OutboundEvent } from './dispatch-outbound.js';
export { deliverOutbox } from './deliver-outbox.js';
export { requeueOutbox } from './requeue-outbox.js';
