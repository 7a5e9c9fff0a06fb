/**
 * A session's event log → one fact row per attendance cycle, the rows custom reports read
 * (docs/attendance/reports.md, "The facts"). Cycles are counted as the insights count them
 * (docs/attendance/insights-and-survey.md): a `queued` with no open cycle opens one, `resolved`
 * closes it. Pure: the roll-up reads the events and writes what this returns.
 */
import type { ReportFactRow, RollupEvent } from '../../db/index.js';

const seconds = (from: Date | null, to: Date | null): number | null =>
  (from && to && to.getTime() >= from.getTime() ? (to.getTime() - from.getTime()) / 1000 : null);

/** Reasons a call ends that mean the caller gave up waiting (attendance/calls/call-facts.ts). */
const GAVE_UP = new Set(['caller hung up']);

interface Open {
  fact: ReportFactRow;
  firstResponse: Date | null;
  callTaken: Date | null;
}

/** The facts of one session's cycles; `events` are that session's, in log order. */
export function factsOf(events: readonly RollupEvent[]): ReportFactRow[] {
  const facts: ReportFactRow[] = [];
  let open: Open | undefined;
  let last: ReportFactRow | undefined;
  let callPending = false;
  const close = (at: Date | null) => {
    if (!open) return;
    const f = open.fact;
    f.resolved_at = at;
    f.handle_seconds = seconds(f.accepted_at, at);
    f.first_response_seconds = seconds(f.accepted_at, open.firstResponse);
    f.abandoned = f.accepted_at === null;
    last = f;
    open = undefined;
  };
  for (const e of events) {
    if (open && e.queue_id) open.fact.queue_id = e.queue_id;
    switch (e.type) {
      case 'queued':
        if (open) {
          open.fact.transferred = true;
          break;
        }
        open = {
          fact: {
            session_id: e.session_id, started_at: e.at, bot_id: e.bot_id, channel: e.channel, queue_id: e.queue_id, attendant_id: null,
            campaign_id: e.campaign_id, tags: e.tags, accepted_at: null, resolved_at: null, wait_seconds: null, handle_seconds: null,
            first_response_seconds: null, csat: null, transferred: false, abandoned: false, is_call: callPending || e.channel === 'rtc_sip', talk_seconds: null,
          },
          firstResponse: null,
          callTaken: null,
        };
        callPending = false;
        facts.push(open.fact);
        break;
      case 'assigned':
        if (open && e.attendant_id) open.fact.attendant_id = e.attendant_id;
        break;
      case 'accepted':
        if (!open) break;
        if (e.attendant_id) open.fact.attendant_id = e.attendant_id;
        if (!open.fact.accepted_at) {
          open.fact.accepted_at = e.at;
          open.fact.wait_seconds = seconds(open.fact.started_at, e.at);
        }
        if (open.fact.is_call && !open.callTaken) open.callTaken = e.at;
        break;
      case 'attendant_message': case 'first_response':
        if (open?.fact.accepted_at && !open.firstResponse) open.firstResponse = e.at;
        break;
      case 'transferred_to_attendant':
        if (!open) break;
        open.fact.transferred = true;
        if (e.attendant_id) open.fact.attendant_id = e.attendant_id;
        break;
      case 'resolved':
        if (open && e.attendant_id) open.fact.attendant_id = e.attendant_id;
        close(e.at);
        break;
      case 'satisfaction': {
        // The survey is asked after the resolve: its score belongs to the cycle that just closed.
        const score = Number(e.data.score);
        const target = open?.fact ?? last;
        if (target && Number.isInteger(score) && score >= 0 && score <= 10) target.csat = score;
        break;
      }
      case 'call_started':
        if (open) open.fact.is_call = true;
        else callPending = true;
        break;
      case 'call_ended':
        if (!open) break;
        open.fact.is_call = true;
        open.fact.talk_seconds = seconds(open.callTaken, e.at);
        if (!open.callTaken && GAVE_UP.has(String(e.data.reason))) open.fact.abandoned = true;
        break;
      default:
        break;
    }
  }
  // A cycle still open is in the facts, unresolved; it is written again when the log moves on.
  if (open) open.fact.first_response_seconds = seconds(open.fact.accepted_at, open.firstResponse);
  return facts;
}
