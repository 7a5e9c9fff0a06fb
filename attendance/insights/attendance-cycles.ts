/**
 * Reading the attendance event log back into what the KPIs measure: cycles (one transfer to a
 * human until its resolve), the time each attendant held conversations, and the time each was
 * online. Pure helpers of compute-insights.ts.
 */
import type { AttendanceEventRow } from '../../db/index.js';

type Event = Pick<AttendanceEventRow, 'session_id' | 'attendant_id' | 'type' | 'data' | 'at'>;

/** A span of time in epoch milliseconds, `[from, to)`. */
export interface Interval {
  from: number;
  to: number;
}

/** One attendance of one session, from the `queued` that opened it. */
export interface Cycle {
  session_id: string;
  start: Date;
  accepted?: Date;
  /** The attendant's first message after accepting. */
  firstResponse?: Date;
  resolved?: Date;
  /** Handed to another attendant or put back in the queue at least once. */
  transferred: boolean;
}

/**
 * The cycles in `events`. A `queued` event opens a cycle when the session has none open; inside
 * an open cycle it is a requeue. Events of a cycle that opened before the first event given are
 * ignored: they have no start to measure from.
 */
export function cyclesOf(events: readonly Event[]): Cycle[] {
  const all: Cycle[] = [];
  const open = new Map<string, Cycle>();
  for (const e of events) {
    if (!e.session_id) continue;
    const cycle = open.get(e.session_id);
    // Meeting events (attendance/insights/video-kpis.ts) neither open nor hold a conversation.
    switch (e.type) {
      case 'queued':
        if (cycle) cycle.transferred = true;
        else {
          const started: Cycle = { session_id: e.session_id, start: e.at, transferred: false };
          open.set(e.session_id, started);
          all.push(started);
        }
        break;
      case 'accepted':
        if (cycle && !cycle.accepted) cycle.accepted = e.at;
        break;
      case 'attendant_message':
      case 'first_response':
        if (cycle?.accepted && !cycle.firstResponse) cycle.firstResponse = e.at;
        break;
      case 'transferred_to_attendant':
        if (cycle) cycle.transferred = true;
        break;
      case 'resolved':
        if (cycle) {
          cycle.resolved = e.at;
          open.delete(e.session_id);
        }
        break;
      case 'transferred': case 'assigned': case 'customer_message': case 'satisfaction': case 'status_changed':
      case 'ticket_created': case 'ticket_updated': case 'ticket_assigned': case 'ticket_transferred': case 'ticket_resolved':
      case 'ticket_deleted': case 'video_requested': case 'video_started': case 'video_ended': case 'screen_share_started': case 'transcription_scored':
      case 'call_started': case 'call_queued': case 'call_ended': case 'call_held': case 'call_resumed': case 'call_transferred':
        break;
    }
  }
  return all;
}

/** Statuses in which an attendant is at work: online receives work, busy finishes what they hold. */
const AT_WORK = new Set(['online', 'busy']);

/**
 * Per attendant, the merged intervals inside `window` during which they were online or busy,
 * from `status_changed` events (`{status, previous}`). Before an attendant's first event the
 * status is its `previous`.
 */
export function onlineIntervals(events: readonly Event[], window: Interval): Map<string, Interval[]> {
  const since = new Map<string, number>();
  const result = new Map<string, Interval[]>();
  const close = (attendant: string, at: number) => {
    const from = since.get(attendant);
    if (from === undefined) return;
    since.delete(attendant);
    push(result, attendant, from, at, window);
  };
  const seen = new Set<string>();
  for (const e of events) {
    if (e.type !== 'status_changed' || !e.attendant_id) continue;
    const at = e.at.getTime();
    if (!seen.has(e.attendant_id)) {
      seen.add(e.attendant_id);
      if (AT_WORK.has(String(e.data.previous))) since.set(e.attendant_id, Number.NEGATIVE_INFINITY);
    }
    const working = AT_WORK.has(String(e.data.status));
    if (working && !since.has(e.attendant_id)) since.set(e.attendant_id, at);
    if (!working) close(e.attendant_id, at);
  }
  for (const attendant of [...since.keys()]) close(attendant, window.to);
  return mergeAll(result);
}

/**
 * Per attendant, the merged intervals inside `window` during which they held at least one
 * conversation: from assigned (or accepted, or transferred to them) until resolved, requeued or
 * transferred away.
 */
export function heldIntervals(events: readonly Event[], window: Interval): Map<string, Interval[]> {
  const holder = new Map<string, { attendant: string; since: number }>();
  const result = new Map<string, Interval[]>();
  const release = (session: string, at: number) => {
    const held = holder.get(session);
    if (!held) return;
    holder.delete(session);
    push(result, held.attendant, held.since, at, window);
  };
  for (const e of events) {
    if (!e.session_id) continue;
    const at = e.at.getTime();
    switch (e.type) {
      case 'assigned': case 'accepted': case 'transferred_to_attendant':
        if (!e.attendant_id || holder.get(e.session_id)?.attendant === e.attendant_id) break;
        release(e.session_id, at);
        holder.set(e.session_id, { attendant: e.attendant_id, since: at });
        break;
      case 'queued': case 'resolved':
        release(e.session_id, at);
        break;
      // Tickets are not conversations: assigning or resolving one holds or frees nothing. Time on a
      // call counts through call-kpis.ts (callIntervals), merged with this.
      case 'transferred': case 'first_response': case 'customer_message': case 'attendant_message': case 'satisfaction':
      case 'status_changed':
      case 'ticket_created': case 'ticket_updated': case 'ticket_assigned': case 'ticket_transferred': case 'ticket_resolved':
      case 'ticket_deleted': case 'video_requested': case 'video_started': case 'video_ended': case 'screen_share_started': case 'transcription_scored':
      case 'call_started': case 'call_queued': case 'call_ended': case 'call_held': case 'call_resumed': case 'call_transferred':
        break;
    }
  }
  for (const session of [...holder.keys()]) release(session, window.to);
  return mergeAll(result);
}

/** Milliseconds covered by merged intervals. */
export function totalMs(intervals: readonly Interval[]): number {
  return intervals.reduce((sum, i) => sum + (i.to - i.from), 0);
}

/** Milliseconds covered by both lists (each merged and sorted). */
export function overlapMs(a: readonly Interval[], b: readonly Interval[]): number {
  let i = 0;
  let j = 0;
  let sum = 0;
  while (i < a.length && j < b.length) {
    const from = Math.max(a[i]!.from, b[j]!.from);
    const to = Math.min(a[i]!.to, b[j]!.to);
    if (to > from) sum += to - from;
    if (a[i]!.to < b[j]!.to) i++;
    else j++;
  }
  return sum;
}

/** Sorts and merges overlapping or touching intervals. */
export function merge(intervals: readonly Interval[]): Interval[] {
  const sorted = [...intervals].sort((x, y) => x.from - y.from);
  const out: Interval[] = [];
  for (const next of sorted) {
    const last = out[out.length - 1];
    if (last && next.from <= last.to) last.to = Math.max(last.to, next.to);
    else out.push({ ...next });
  }
  return out;
}

export function push(into: Map<string, Interval[]>, key: string, from: number, to: number, window: Interval): void {
  const clipped = { from: Math.max(from, window.from), to: Math.min(to, window.to) };
  if (clipped.to <= clipped.from) return;
  into.set(key, [...(into.get(key) ?? []), clipped]);
}

export function mergeAll(map: Map<string, Interval[]>): Map<string, Interval[]> {
  return new Map([...map].map(([k, v]) => [k, merge(v)]));
}
