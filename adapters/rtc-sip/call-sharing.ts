import type { Engine } from '../../engine/index.js';
import { inTheCurrentTenant, type EachTenant } from '../../infra/jobs/index.js';
import type { Logger } from '../../infra/logger.js';
import type { CallHolder, CallInstance, CallRegistry } from './call-registry.js';
import type { LiveCall, LiveCalls } from './live-calls.js';
import type { OutboundCalls } from './outbound-calls.js';
import type { RtcSipBotSettings } from './rtc-sip-settings.js';
import { takeDroppedCalls, type TakenCall } from './take-dropped-calls.js';

export interface CallSharingOptions {
  registry: CallRegistry;
  /** This instance's calls (the rtc_sip adapter's registry). */
  liveCalls: LiveCalls;
  instance: CallInstance;
  /** SIP_INSTANCE_TIMEOUT_SECONDS: an instance silent this long is dead; it beats three times as often. */
  deadAfterSeconds: number;
  bots: () => readonly RtcSipBotSettings[];
  outbound: Pick<OutboundCalls, 'start'>;
  engine: Pick<Engine, 'receive' | 'close'>;
  logger: Logger;
  /**
   * Runs the sweep for dropped calls once per tenant (docs/operations/tenants.md, "Phone calls"):
   * a call is its bot's tenant's, and the registry shows each tenant its own. Once, as it is, without.
   */
  eachTenant?: EachTenant;
  /** Told of each sweep's dropped calls (tests, logs). */
  onTaken?: (taken: readonly TakenCall[]) => void;
}

/** This instance's share in the calls of all instances. */
export interface CallSharing {
  /** Which instance holds a call, by its SIP Call-ID or its session (docs/operations/kamailio.md, "Which instance holds a call"). */
  holder(key: { callId: string } | { sessionId: string }): Promise<CallHolder | undefined>;
  /** One heartbeat and one sweep for dropped calls now (the timer does it every third of the threshold). */
  beat(): Promise<readonly TakenCall[]>;
  /** Stops beating and removes this instance from the registry (after its calls were hung up). */
  stop(): Promise<void>;
}

/**
 * Shares this instance's calls through the registry (docs/operations/kamailio.md): each call is
 * written as it starts, gets its session and ends; the instance beats its heartbeat every third of
 * the threshold and, on each beat, takes the calls of instances whose heartbeat stopped
 * (take-dropped-calls.ts). A registry that cannot be written is logged, never fatal to a call.
 */
export async function startCallSharing(options: CallSharingOptions): Promise<CallSharing> {
  const { registry, instance, logger } = options;
  // Writes of one call in order (added, identified, removed), each after the one before.
  const chains = new Map<LiveCall, Promise<void>>();
  const write = (call: LiveCall, what: string, run: () => Promise<void>, last = false) => {
    const next = (chains.get(call) ?? Promise.resolve()).then(run)
      .catch((error: unknown) => logger.warn({ err: error, call_id: call.callId }, `shared call registry: ${what} not written`));
    if (last) {
      chains.delete(call);
    } else {
      chains.set(call, next);
    }
    return next;
  };
  const pending = new Set<Promise<void>>();
  const track = (p: Promise<void>) => {
    pending.add(p);
    void p.finally(() => pending.delete(p));
  };
  const unobserve = options.liveCalls.observe({
    added: (call) => {
      if (!call.callId) return;
      track(write(call, 'call', () => registry.add({ call_id: call.callId!, instance_id: instance.id, bot: call.bot, caller: call.caller })));
    },
    identified: (call) => {
      if (!call.callId || !call.sessionId) return;
      track(write(call, 'session', () => registry.identify(call.callId!, call.sessionId!)));
    },
    removed: (call) => {
      if (!call.callId) return;
      track(write(call, 'end', () => registry.remove(call.callId!), true));
    },
  });

  let sweeping: Promise<readonly TakenCall[]> | undefined;
  const beat = async (): Promise<readonly TakenCall[]> => {
    await registry.beat(instance);
    const taken: TakenCall[] = [];
    await (options.eachTenant ?? inTheCurrentTenant)(async () => {
      taken.push(...await takeDroppedCalls({
        registry, instanceId: instance.id, deadAfterSeconds: options.deadAfterSeconds,
        bots: options.bots, outbound: options.outbound, engine: options.engine, logger,
      }));
    });
    if (taken.length > 0) options.onTaken?.(taken);
    return taken;
  };
  const once = () => {
    sweeping ??= beat().finally(() => { sweeping = undefined; });
    return sweeping;
  };
  await registry.beat(instance);
  const timer = setInterval(() => {
    once().catch((error: unknown) => logger.warn({ err: error }, 'shared call registry: heartbeat or sweep failed'));
  }, Math.max(1000, (options.deadAfterSeconds * 1000) / 3));
  timer.unref();
  logger.info({ instance: instance.id, sip: instance.sip_address, dead_after_seconds: options.deadAfterSeconds }, 'phone calls: shared with the other instances');

  return {
    holder: (key) => registry.holder(key, options.deadAfterSeconds),
    beat: once,
    async stop() {
      clearInterval(timer);
      unobserve();
      await sweeping?.catch(() => undefined);
      await Promise.all([...pending]);
      await registry.leave(instance.id).catch((error: unknown) => logger.warn({ err: error }, 'shared call registry: instance not removed'));
    },
  };
}
