import { PermanentDeliveryError, type Channel, type ChannelAdapter, type ChannelRequest, type DeliveryReceipt, type InboundMessage, type OutboundMessage } from '../../engine/index.js';

// The channel side of engine tests, on the database or in memory: a test channel adapter and
// customer messages as an adapter would produce them.

/** A channel adapter whose provider is this object: it records sends and fails on demand. */
export class TestAdapter implements ChannelAdapter {
  readonly sent: OutboundMessage[] = [];
  readonly attemptTimes: number[] = [];
  /** The next this many sends throw a transient error. */
  transientFailures = 0;
  /** When set, every send is refused for good with this reason. */
  permanentReason: string | undefined;

  constructor(readonly channel: Channel) {}

  verify(_req?: ChannelRequest): boolean {
    return true;
  }

  parse(_req?: ChannelRequest): InboundMessage[] {
    return [];
  }

  async send(message: OutboundMessage): Promise<DeliveryReceipt> {
    this.attemptTimes.push(Date.now());
    if (this.permanentReason !== undefined) throw new PermanentDeliveryError(this.permanentReason);
    if (this.transientFailures > 0) {
      this.transientFailures -= 1;
      throw new Error('provider answered 503');
    }
    this.sent.push(message);
    return { provider_message_id: `p-${this.sent.length}` };
  }
}

let sequence = 0;

/** An inbound message as an adapter would produce it. */
export function inbound(
  bot: string,
  text: string,
  options: { customer?: string; channel?: Channel; id?: string | null; name?: string } = {},
): InboundMessage {
  sequence += 1;
  return {
    channel: options.channel ?? 'web',
    bot,
    customer: { external_id: options.customer ?? 'visitor-1', ...(options.name ? { display_name: options.name } : {}) },
    text,
    attachments: [],
    ...(options.id === null ? {} : { provider_message_id: options.id ?? `m-${process.pid}-${sequence}` }),
    received_at: new Date(),
    raw: { text },
  };
}
