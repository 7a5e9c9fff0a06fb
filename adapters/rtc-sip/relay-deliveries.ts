import { randomUUID } from 'node:crypto';
import { PermanentDeliveryError, type OutboundMessage } from '../../engine/index.js';
import type { EventBus, Unsubscribe } from '../../infra/events/index.js';
import type { Logger } from '../../infra/logger.js';
import type { CallHolder } from './call-registry.js';
import type { LiveCalls } from './live-calls.js';

/** The bus topic the instances pass deliveries on (docs/channels/rtc-sip.md, "Messages outside the caller's turns"). */
export const CALL_DELIVERIES_TOPIC = 'rtc_sip.deliveries';

/** A message to say on a call another instance holds: how the rtc_sip adapter's `send` reaches it. */
export interface DeliveryRelay {
  /**
   * Says `message` on the instance holding its call; resolves once said there. Throws
   * PermanentDeliveryError when no instance holds the call (or the holder's call refused it), and a
   * plain Error, which the outbox retries, when the holder did not answer in time.
   */
  deliver(message: OutboundMessage): Promise<void>;
}

type RelayMessage =
  | { kind: 'deliver'; id: string; to_instance: string; message: OutboundMessage }
  | { kind: 'result'; id: string; error?: string; permanent?: boolean };

/** Saying a message takes its length in speech, plus the speech service: past this, the outbox tries again later. */
const ANSWER_TIMEOUT_MS = 60_000;

/**
 * The instances' way to deliver on each other's calls (docs/channels/rtc-sip.md): the outbox job
 * may run on any instance, and a call lives on the one that answered it. The job's instance asks
 * the shared registry which instance holds the call and publishes the message for it on the bus;
 * that instance says it on its call and publishes the outcome, which the job waits for. Every
 * instance subscribes once, at start.
 */
export async function startDeliveryRelay(deps: {
  bus: Pick<EventBus, 'publish' | 'subscribe'>;
  liveCalls: Pick<LiveCalls, 'ofSession'>;
  /** This instance's id in the registry. */
  instanceId: string;
  /** The registry's holder of a session's call, when its heartbeat is recent. */
  holder(sessionId: string): Promise<CallHolder | undefined>;
  logger: Pick<Logger, 'warn'>;
  timeoutMs?: number;
}): Promise<DeliveryRelay & { stop: Unsubscribe }> {
  const waiting = new Map<string, (outcome: { error?: string; permanent?: boolean }) => void>();
  const answer = (id: string, outcome: { error?: string; permanent?: boolean }) =>
    deps.bus.publish(CALL_DELIVERIES_TOPIC, { kind: 'result', id, ...outcome } satisfies RelayMessage)
      .catch((error: unknown) => deps.logger.warn({ err: error }, 'phone call: a relayed delivery\'s outcome was not told'));
  const stop = await deps.bus.subscribe(CALL_DELIVERIES_TOPIC, async (raw) => {
    const relayed = raw as RelayMessage;
    if (relayed.kind === 'result') {
      waiting.get(relayed.id)?.(relayed);
      return;
    }
    if (relayed.to_instance !== deps.instanceId) return;
    const call = deps.liveCalls.ofSession(relayed.message.session_id);
    if (!call) {
      await answer(relayed.id, { error: 'the call has ended', permanent: true });
      return;
    }
    try {
      await call.deliver(relayed.message);
      await answer(relayed.id, {});
    } catch (error) {
      await answer(relayed.id, { error: error instanceof Error ? error.message : String(error), permanent: error instanceof PermanentDeliveryError });
    }
  });
  return {
    stop,
    async deliver(message) {
      const held = await deps.holder(message.session_id);
      if (!held?.alive || held.instance.id === deps.instanceId) throw new PermanentDeliveryError('the call has ended');
      const id = randomUUID();
      const outcome = new Promise<{ error?: string; permanent?: boolean }>((resolve) => {
        const timer = setTimeout(() => resolve({ error: `the instance holding the call (${held.instance.http_url}) did not answer` }), deps.timeoutMs ?? ANSWER_TIMEOUT_MS);
        waiting.set(id, (result) => {
          clearTimeout(timer);
          resolve(result);
        });
      });
      try {
        await deps.bus.publish(CALL_DELIVERIES_TOPIC, { kind: 'deliver', id, to_instance: held.instance.id, message } satisfies RelayMessage);
        const { error, permanent } = await outcome;
        if (error === undefined) return;
        if (permanent) throw new PermanentDeliveryError(error);
        throw new Error(error);
      } finally {
        waiting.delete(id);
      }
    },
  };
}
