import type { Engine, InboundMessage } from '../../engine/index.js';
import { translate } from '../../infra/i18n.js';
import type { Logger } from '../../infra/logger.js';
import type { CallRegistry, DroppedCall } from './call-registry.js';
import type { OutboundCalls } from './outbound-calls.js';
import { planCallBack, type CallBackPlan } from './plan-call-back.js';
import type { RtcSipBotSettings } from './rtc-sip-settings.js';

export interface TakeDroppedCallsDeps {
  registry: Pick<CallRegistry, 'takeDropped' | 'forget'>;
  /** This instance: it claims the calls. */
  instanceId: string;
  /** SIP_INSTANCE_TIMEOUT_SECONDS: a heartbeat older than this is a dead instance. */
  deadAfterSeconds: number;
  bots: () => readonly RtcSipBotSettings[];
  outbound: Pick<OutboundCalls, 'start'>;
  engine: Pick<Engine, 'receive' | 'close'>;
  logger: Logger;
}

/** What became of one dropped call. */
export interface TakenCall {
  call: DroppedCall;
  plan: CallBackPlan;
  /** The call-back placed (its id in `GET /api/calls/{id}` on this instance). */
  callBackId?: string;
  /** Set when a planned call-back could not be placed and the session was closed instead. */
  failed?: string;
}

/** Calls claimed per sweep; the next sweep takes the rest. */
const PER_SWEEP = 20;

/**
 * One sweep of a surviving instance (docs/operations/kamailio.md, "When an instance dies"): claims
 * the calls of instances whose heartbeat stopped, and for each calls the customer back (the
 * conversation goes on) or, when that is not possible, closes its session with the reason written
 * in its transcript. Each dropped call is claimed by one instance only, and forgotten once done.
 */
export async function takeDroppedCalls(deps: TakeDroppedCallsDeps): Promise<TakenCall[]> {
  const dropped = await deps.registry.takeDropped(deps.instanceId, deps.deadAfterSeconds, PER_SWEEP);
  const taken: TakenCall[] = [];
  for (const call of dropped) {
    const plan = planCallBack(deps.bots(), call);
    const outcome: TakenCall = { call, plan };
    try {
      if (plan.kind === 'call-back') {
        try {
          const started = await deps.outbound.start({ bot: plan.bot, to: plan.to, ...(plan.resume ? { resume: plan.resume } : {}) });
          outcome.callBackId = started.id;
          deps.logger.info({ call_id: call.call_id, dead_instance: call.instance_id, bot: plan.bot, call_back: started.id }, 'dropped phone call: calling the customer back');
        } catch (error) {
          outcome.failed = `no call-back: ${error instanceof Error ? error.message : String(error)}`;
          if (call.session_id && call.session?.status === 'open') await closeDropped(deps, { bot: plan.bot, caller: call.caller, sessionId: call.session_id, reason: outcome.failed });
        }
      } else if (plan.kind === 'close') {
        await closeDropped(deps, plan);
      }
      const notCalledBack = plan.kind === 'call-back' ? outcome.failed : plan.reason;
      if (notCalledBack) deps.logger.warn({ call_id: call.call_id, dead_instance: call.instance_id, bot: call.bot, reason: notCalledBack }, 'dropped phone call: not called back');
    } catch (error) {
      deps.logger.error({ err: error, call_id: call.call_id }, 'dropped phone call: could not be dealt with');
    }
    await deps.registry.forget(call.call_id).catch((error: unknown) => deps.logger.warn({ err: error, call_id: call.call_id }, 'dropped phone call: not forgotten'));
    taken.push(outcome);
  }
  return taken;
}

/** The session ends with a line in its transcript saying why nobody called back, then closes with that reason. */
async function closeDropped(deps: TakeDroppedCallsDeps, dropped: { bot: string; caller: string; sessionId: string; reason: string }): Promise<void> {
  const language = deps.bots().find((b) => b.bot === dropped.bot)?.language;
  const note: InboundMessage = {
    channel: 'rtc_sip', bot: dropped.bot,
    customer: { external_id: dropped.caller, ...(dropped.caller.startsWith('+') ? { phone: dropped.caller } : {}) },
    text: '', attachments: [], provider_message_id: `${dropped.sessionId}:dropped`, received_at: new Date(),
    raw: { event: 'call dropped' },
    command: { kind: 'answer', text: translate(language, 'call.dropped_no_call_back', { reason: dropped.reason }) },
  };
  await deps.engine.receive(note);
  await deps.engine.close(dropped.sessionId, `call dropped; ${dropped.reason}`);
}
