import type { DeliveryStatusUpdate, InboundMessage } from '../../engine/index.js';

/** One webhook POST of a Graph-style provider, sorted into what the engine does with it. */
export interface ParsedWebhook {
  /** Customer messages, one per provider message, for `engine.receive`. */
  messages: InboundMessage[];
  /** Delivery receipts of messages we sent. */
  statuses: DeliveryStatusUpdate[];
  /** Events acknowledged but never given to the bot as customer text: reactions, echoes, unknown kinds (logged). */
  ignored: { kind: string; id?: string }[];
}
