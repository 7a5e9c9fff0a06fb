/**
 * The phone-call KPIs from the call lines of the attendance event log
 * (attendance/calls/call-facts.ts; docs/attendance/insights-and-survey.md, "Phone calls"). Pure,
 * like compute-insights.ts. A call is a session with a `call_started` line; a person takes it with
 * the conversation's `accepted` (their `/take`, or a transfer they accepted).
 *
 * - `calls`: calls started in the window.
 * - `avg_call_wait_time`: seconds, `call_queued` → the first `accepted` after it, over calls taken in the window.
 * - `avg_call_answer_time`: seconds, `call_started` → that `accepted` (the bot's part included), same calls.
 * - `avg_call_talk_time`: seconds, `accepted` → `call_ended`, over taken calls that ended in the window.
 * - `call_holds`, `call_transfers`: attendants' holds and transfers (to an attendant or a number) in the window.
 * - `abandoned_calls`: calls that ended in the window while queued and not taken, the caller having hung up.
 * - `voicemails`: calls that ended in the window with a voicemail (each left a voicemail ticket).
 */
import type { InsightEvent } from './compute-insights.js';
import { mergeAll, push, type Interval } from './attendance-cycles.js';

export interface CallKpis {
  calls: number | undefined;
  avg_call_wait_time: number | undefined;
  avg_call_answer_time: number | undefined;
  avg_call_talk_time: number | undefined;
  call_holds: number | undefined;
  call_transfers: number | undefined;
  abandoned_calls: number | undefined;
  voicemails: number | undefined;
}

/** One call as the log tells it. */
interface CallLife {
  started: Date;
  queued?: Date;
  taken?: { at: Date; attendant: string | null };
  ended?: { at: Date; reason: string };
}

/** Every call of the log, by session; a session's second call (a new `call_started`) replaces its first once that ended. */
function callsOf(events: readonly InsightEvent[]): CallLife[] {
  const all: CallLife[] = [];
  const open = new Map<string, CallLife>();
  for (const e of events) {
    if (!e.session_id) continue;
    const call = open.get(e.session_id);
    switch (e.type) {
      case 'call_started': {
        const started: CallLife = { started: e.at };
        open.set(e.session_id, started);
        all.push(started);
        break;
      }
      case 'call_queued':
        if (call && !call.taken) call.queued ??= e.at;
        break;
      case 'accepted':
        if (call && !call.taken && !call.ended) call.taken = { at: e.at, attendant: e.attendant_id };
        break;
      case 'call_ended':
        if (call && !call.ended) {
          call.ended = { at: e.at, reason: typeof e.data.reason === 'string' ? e.data.reason : '' };
          open.delete(e.session_id);
        }
        break;
      default:
        break;
    }
  }
  return all;
}

export function callKpis(events: readonly InsightEvent[], inWindow: (at: Date | undefined) => boolean): CallKpis {
  const calls = callsOf(events);
  const count = (n: number) => (n > 0 ? n : undefined);
  const taken = calls.filter((c) => c.taken && inWindow(c.taken.at));
  const talked = calls.filter((c) => c.taken && c.ended && inWindow(c.ended.at));
  const ended = (reason: string, when: (c: CallLife) => boolean = () => true) =>
    calls.filter((c) => c.ended && inWindow(c.ended.at) && c.ended.reason === reason && when(c)).length;
  const started = calls.filter((c) => inWindow(c.started)).length;
  // Counts of what happened are 0, not null, once the window holds a call.
  const tally = (type: InsightEvent['type']) => {
    const n = events.filter((e) => e.type === type && inWindow(e.at)).length;
    return started > 0 || n > 0 ? n : undefined;
  };
  return {
    calls: count(started),
    avg_call_wait_time: mean(taken.filter((c) => c.queued).map((c) => seconds(c.queued!, c.taken!.at))),
    avg_call_answer_time: mean(taken.map((c) => seconds(c.started, c.taken!.at))),
    avg_call_talk_time: mean(talked.map((c) => seconds(c.taken!.at, c.ended!.at))),
    call_holds: tally('call_held'),
    call_transfers: tally('call_transferred'),
    abandoned_calls: started > 0 ? ended('caller hung up', (c) => c.queued !== undefined && !c.taken) : undefined,
    voicemails: started > 0 ? ended('voicemail') : undefined,
  };
}

/**
 * Per attendant, the time they were on a call inside `window`: from taking it until it ended (or
 * the window's end). Utilization merges it with the time they held conversations.
 */
export function callIntervals(events: readonly InsightEvent[], window: Interval): Map<string, Interval[]> {
  const result = new Map<string, Interval[]>();
  for (const call of callsOf(events)) {
    if (!call.taken?.attendant) continue;
    push(result, call.taken.attendant, call.taken.at.getTime(), call.ended?.at.getTime() ?? window.to, window);
  }
  return mergeAll(result);
}

function seconds(from: Date, to: Date): number {
  return Math.max(0, (to.getTime() - from.getTime()) / 1000);
}

function mean(values: readonly number[]): number | undefined {
  return values.length === 0 ? undefined : values.reduce((a, b) => a + b, 0) / values.length;
}
