/**
 * The video KPIs from the meeting lines of the attendance event log
 * (meetings/meeting-events.ts; docs/meetings.md, "Insights"), and the same lines written for a
 * phone call with video (attendance/calls/call-facts.ts; docs/attendance/insights-and-survey.md).
 * Pure, like compute-insights.ts.
 *
 * - `video_call_requests`: video rooms asked for, and phone calls answered with video, in the
 *   window (`video_requested`, media video); null, like every KPI of an empty window, when there was none.
 * - `video_calls_completed`: percent of those in which two participants were connected
 *   (`video_started` for the room, or for the call when an attendant's browser first received its
 *   video, by the end of the window).
 * - `avg_video_duration`: mean seconds from two connected to the end, over video calls that ended in the window.
 * - `screen_share_usage`: percent of the video calls started in the window in which a screen was shared.
 * - `transcription_accuracy`: mean accuracy (100 × (1 − word error rate) against a reference
 *   transcript) of the transcripts scored in the window.
 */
import type { InsightEvent } from './compute-insights.js';

export interface VideoKpis {
  video_call_requests: number | undefined;
  video_calls_completed: number | undefined;
  avg_video_duration: number | undefined;
  screen_share_usage: number | undefined;
  transcription_accuracy: number | undefined;
}

export function videoKpis(events: readonly InsightEvent[], inWindow: (at: Date) => boolean): VideoKpis {
  const video = (e: InsightEvent) => e.data.media !== 'audio';
  // A meeting's lines name its room; a phone call's (attendance/calls/call-facts.ts) are keyed by its session.
  const roomOf = (e: InsightEvent) => (typeof e.data.room_id === 'string' ? e.data.room_id : e.data.call === true && e.session_id ? `call:${e.session_id}` : undefined);
  const roomsWith = (type: InsightEvent['type']) => new Set(events.filter((e) => e.type === type && video(e)).map(roomOf));
  const requested = events.filter((e) => e.type === 'video_requested' && video(e) && inWindow(e.at));
  const started = roomsWith('video_started');
  const shared = roomsWith('screen_share_started');
  const startedInWindow = events.filter((e) => e.type === 'video_started' && video(e) && inWindow(e.at));
  const durations = events.filter((e) => e.type === 'video_ended' && video(e) && inWindow(e.at)).map((e) => e.data.duration_seconds)
    .filter((d): d is number => typeof d === 'number' && Number.isFinite(d));
  const accuracies = events.filter((e) => e.type === 'transcription_scored' && inWindow(e.at)).map((e) => e.data.accuracy)
    .filter((a): a is number => typeof a === 'number' && Number.isFinite(a));
  return {
    video_call_requests: requested.length > 0 ? requested.length : undefined,
    video_calls_completed: percent(requested.filter((e) => started.has(roomOf(e))).length, requested.length),
    avg_video_duration: mean(durations),
    screen_share_usage: percent(startedInWindow.filter((e) => shared.has(roomOf(e))).length, startedInWindow.length),
    transcription_accuracy: mean(accuracies),
  };
}

function mean(values: readonly number[]): number | undefined {
  return values.length === 0 ? undefined : values.reduce((a, b) => a + b, 0) / values.length;
}

function percent(part: number, whole: number): number | undefined {
  return whole === 0 ? undefined : (100 * part) / whole;
}
