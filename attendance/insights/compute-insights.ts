/**
 * The attendance KPIs (docs/attendance/insights-and-survey.md), computed from nothing but the
 * attendance event log. Pure: the caller hands in the events, in log order, and the window; no clock, no database.
 * Every mean over nothing is null, never NaN, so an empty window reads as "no data".
 */
import type { AttendanceEventRow } from '../../db/index.js';
import { cyclesOf, heldIntervals, merge, onlineIntervals, overlapMs, totalMs, type Interval } from './attendance-cycles.js';
import { callIntervals, callKpis } from './call-kpis.js';
import { videoKpis } from './video-kpis.js';

/** The fields of a log row the KPIs read. */
export type InsightEvent = Pick<AttendanceEventRow, 'session_id' | 'attendant_id' | 'type' | 'data' | 'at'>;

/** `[from, to)`: from inclusive, to exclusive. */
export interface InsightsWindow {
  from: Date;
  to: Date;
}

/** Every KPI by name; null when the window holds nothing to measure. The video ones: attendance/insights/video-kpis.ts; the call ones: call-kpis.ts. */
export interface InsightsMetrics {
  /** Seconds, mean of queued → accepted over cycles accepted in the window. */
  avg_wait_time: number | null;
  /** Seconds, mean of accepted → first attendant message over first messages in the window. */
  first_response_time: number | null;
  /** Percent of the cycles queued in the window that were resolved by its end. */
  resolution_rate: number | null;
  /** Mean survey score (0–10) of answers in the window. */
  customer_satisfaction: number | null;
  /** Percent of attendants' online (or busy) time in which they held at least one conversation or were on a call. */
  attendant_utilization: number | null;
  /** Percent of the cycles queued in the window that were transferred to another attendant or requeued. */
  transfers_rate: number | null;
  video_call_requests: number | null;
  video_calls_completed: number | null;
  avg_video_duration: number | null;
  screen_share_usage: number | null;
  transcription_accuracy: number | null;
  calls: number | null;
  avg_call_wait_time: number | null;
  avg_call_answer_time: number | null;
  avg_call_talk_time: number | null;
  call_holds: number | null;
  call_transfers: number | null;
  abandoned_calls: number | null;
  voicemails: number | null;
}

export type InsightName = keyof InsightsMetrics;

/** What the rates are rates of. */
export interface InsightsCounts {
  /** Cycles (a transfer to a human until its resolve) queued in the window. */
  conversations: number;
  /** Of those, resolved before the window ended. */
  resolved: number;
  /** Of those, transferred to another attendant or requeued at least once. */
  transferred: number;
  /** Survey answers in the window. */
  surveys: number;
}

/** A KPI target: the metric should stay below or above the value; `met` is null without data or target. */
export interface InsightTarget {
  below?: number;
  above?: number;
  unit: 'seconds' | 'percent' | 'score' | 'count';
  met: boolean | null;
}

/** The KPI targets, in the units of {@link InsightsMetrics}. */
export const INSIGHT_TARGETS: Record<InsightName, Omit<InsightTarget, 'met'>> = {
  avg_wait_time: { below: 60, unit: 'seconds' },
  first_response_time: { below: 30, unit: 'seconds' },
  resolution_rate: { above: 85, unit: 'percent' },
  customer_satisfaction: { above: 7, unit: 'score' },
  attendant_utilization: { above: 70, unit: 'percent' },
  transfers_rate: { below: 20, unit: 'percent' },
  video_call_requests: { unit: 'count' },
  video_calls_completed: { above: 80, unit: 'percent' },
  avg_video_duration: { below: 15 * 60, unit: 'seconds' },
  screen_share_usage: { above: 40, unit: 'percent' },
  transcription_accuracy: { above: 90, unit: 'percent' },
  calls: { unit: 'count' },
  avg_call_wait_time: { below: 60, unit: 'seconds' },
  avg_call_answer_time: { below: 90, unit: 'seconds' },
  avg_call_talk_time: { unit: 'seconds' },
  call_holds: { unit: 'count' },
  call_transfers: { unit: 'count' },
  abandoned_calls: { unit: 'count' },
  voicemails: { unit: 'count' },
};

/**
 * Computes the KPIs of `window` from `events` (log order: `at`, then `seq`). Pass the events of
 * some time before the window too: cycles that started earlier and attendants who came online
 * earlier are then measured correctly; events at or after `to` are ignored.
 */
export function computeInsights(events: readonly InsightEvent[], window: InsightsWindow): { metrics: InsightsMetrics; counts: InsightsCounts } {
  const from = window.from.getTime();
  const to = window.to.getTime();
  const inWindow = (at: Date | undefined): at is Date => at !== undefined && at.getTime() >= from && at.getTime() < to;
  const logged = events.filter((e) => e.at.getTime() < to);

  const cycles = cyclesOf(logged);
  const started = cycles.filter((c) => inWindow(c.start));
  const resolved = started.filter((c) => c.resolved !== undefined).length;
  const transferred = started.filter((c) => c.transferred).length;
  const waits = cycles.filter((c) => inWindow(c.accepted)).map((c) => seconds(c.start, c.accepted!));
  const responses = cycles.filter((c) => inWindow(c.firstResponse)).map((c) => seconds(c.accepted!, c.firstResponse!));
  const video = videoKpis(logged, inWindow);
  const call = callKpis(logged, inWindow);
  const scores = logged.filter((e) => e.type === 'satisfaction' && inWindow(e.at)).map((e) => e.data.score)
    .filter((s): s is number => typeof s === 'number' && Number.isFinite(s) && s >= 0 && s <= 10);

  const metrics: InsightsMetrics = {
    avg_wait_time: round(mean(waits), 1),
    first_response_time: round(mean(responses), 1),
    resolution_rate: round(percent(resolved, started.length), 1),
    customer_satisfaction: round(mean(scores), 2),
    attendant_utilization: round(utilization(logged, { from, to }), 1),
    transfers_rate: round(percent(transferred, started.length), 1),
    video_call_requests: round(video.video_call_requests, 0),
    video_calls_completed: round(video.video_calls_completed, 1),
    avg_video_duration: round(video.avg_video_duration, 1),
    screen_share_usage: round(video.screen_share_usage, 1),
    transcription_accuracy: round(video.transcription_accuracy, 1),
    calls: round(call.calls, 0),
    avg_call_wait_time: round(call.avg_call_wait_time, 1),
    avg_call_answer_time: round(call.avg_call_answer_time, 1),
    avg_call_talk_time: round(call.avg_call_talk_time, 1),
    call_holds: round(call.call_holds, 0),
    call_transfers: round(call.call_transfers, 0),
    abandoned_calls: round(call.abandoned_calls, 0),
    voicemails: round(call.voicemails, 0),
  };
  return { metrics, counts: { conversations: started.length, resolved, transferred, surveys: scores.length } };
}

/** The targets with `met` filled in from `metrics`. */
export function targetsFor(metrics: InsightsMetrics): Record<InsightName, InsightTarget> {
  const entries = (Object.keys(INSIGHT_TARGETS) as InsightName[]).map((name) => {
    const target = INSIGHT_TARGETS[name];
    const value = metrics[name];
    const met = value === null || (target.below === undefined && target.above === undefined)
      ? null
      : (target.below === undefined || value < target.below) && (target.above === undefined || value > target.above);
    return [name, { ...target, met }] as const;
  });
  return Object.fromEntries(entries) as Record<InsightName, InsightTarget>;
}

/**
 * Held time over available time, summed over attendants, inside the window: per attendant, the
 * time holding at least one conversation or on a call while online or busy, over the time online or busy.
 */
function utilization(events: readonly InsightEvent[], window: Interval): number | undefined {
  const online = onlineIntervals(events, window);
  const held = heldIntervals(events, window);
  const onCalls = callIntervals(events, window);
  let available = 0;
  let busy = 0;
  for (const [attendant, intervals] of online) {
    available += totalMs(intervals);
    busy += overlapMs(intervals, merge([...(held.get(attendant) ?? []), ...(onCalls.get(attendant) ?? [])]));
  }
  return available > 0 ? (100 * busy) / available : undefined;
}

function seconds(from: Date, to: Date): number {
  return Math.max(0, (to.getTime() - from.getTime()) / 1000);
}

function mean(values: readonly number[]): number | undefined {
  return values.length === 0 ? undefined : values.reduce((a, b) => a + b, 0) / values.length;
}

function percent(part: number, whole: number): number | undefined {
  return whole === 0 ? undefined : (100 * part) / whole;
}

function round(value: number | undefined, digits: number): number | null {
  if (value === undefined || !Number.isFinite(value)) return null;
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
