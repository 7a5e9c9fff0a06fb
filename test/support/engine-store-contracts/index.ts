/** One contract suite per storage port of the engine; each implementation runs every one (test/integration/engine-stores-contract.test.ts). */
export { describeTurnStoreContract } from './turn-store.js';
export { describeOutboxContract } from './outbox.js';
export { describeEngineEventsContract } from './engine-events.js';
export { describeInboundQueueContract } from './inbound-queue.js';
export { describeSessionsContract } from './sessions.js';
export type { EngineStoreFixture, OpenEngineStore } from './fixture.js';
