import type { EngineService } from '../engine/index.js';

/**
 * How attendance reaches customers: the engine's `send` (transcript, outbox, channel rules) and
 * `resolve` (the session goes back to the bot). Handed to the attendance service at construction;
 * the engine never calls attendance back — it only emits domain events after its commit
 * (docs/architecture.md, "One-way handoff").
 */
export type CustomerOutbound = Pick<EngineService, 'send' | 'resolve'>;
