import { computeInsights, type InsightEvent } from './compute-insights.js';

// The call KPIs (docs/attendance/insights-and-survey.md, "Phone calls") from a log in memory.

const T0 = Date.parse('2026-03-01T10:00:00.000Z');
const at = (seconds: number) => new Date(T0 + seconds * 1000);
const window = { from: at(0), to: at(3600) };
const ev = (type: InsightEvent['type'], seconds: number, session: string, fields: Partial<InsightEvent> = {}): InsightEvent => ({
  session_id: session, attendant_id: null, data: {}, ...fields, type, at: at(seconds),
});
const byTime = (events: InsightEvent[]) => events.sort((x, y) => x.at.getTime() - y.at.getTime());

describe('the call KPIs', () => {
  test('wait, answer and talk time, holds, transfers, abandoned calls and voicemails', () => {
    const events = byTime([
      // c1: the bot talks 20 s, queued 40 s, taken, held once, 300 s of talk, then transferred to a number.
      ev('call_started', 100, 'c1'), ev('queued', 120, 'c1'), ev('call_queued', 120, 'c1'),
      ev('assigned', 121, 'c1', { attendant_id: 'a1' }), ev('accepted', 160, 'c1', { attendant_id: 'a1' }),
      ev('call_held', 200, 'c1', { attendant_id: 'a1' }), ev('call_resumed', 230, 'c1', { attendant_id: 'a1' }),
      ev('call_transferred', 459, 'c1', { attendant_id: 'a1', data: { to: 'number' } }),
      ev('call_ended', 460, 'c1', { data: { reason: 'transferred' } }), ev('resolved', 461, 'c1', { attendant_id: 'a1' }),
      // c2: queued at once, taken after 20 s, 100 s of talk.
      ev('call_started', 500, 'c2'), ev('call_queued', 500, 'c2'), ev('queued', 500, 'c2'),
      ev('accepted', 520, 'c2', { attendant_id: 'a2' }), ev('call_ended', 620, 'c2', { data: { reason: 'caller hung up' } }),
      // c3: the caller hangs up while queued: abandoned. c4: a voicemail. c5: the bot alone, the dialog ended.
      ev('call_started', 700, 'c3'), ev('call_queued', 705, 'c3'), ev('queued', 705, 'c3'), ev('call_ended', 760, 'c3', { data: { reason: 'caller hung up' } }),
      ev('call_started', 800, 'c4'), ev('call_queued', 800, 'c4'), ev('queued', 800, 'c4'), ev('call_ended', 900, 'c4', { data: { reason: 'voicemail' } }),
      ev('call_started', 1000, 'c5'), ev('call_ended', 1060, 'c5', { data: { reason: 'dialog ended' } }),
    ]);
    const { metrics } = computeInsights(events, window);
    expect(metrics).toMatchObject({
      calls: 5,
      avg_call_wait_time: 30, // (40 + 20) / 2
      avg_call_answer_time: 40, // (60 + 20) / 2
      avg_call_talk_time: 200, // (300 + 100) / 2
      call_holds: 1,
      call_transfers: 1,
      abandoned_calls: 1,
      voicemails: 1,
    });
  });

  test('a window without calls has null call KPIs; one with a call counts zero holds', () => {
    expect(computeInsights([], window).metrics).toMatchObject({ calls: null, call_holds: null, abandoned_calls: null, avg_call_talk_time: null });
    const one = computeInsights([ev('call_started', 10, 'c1')], window).metrics;
    expect(one).toMatchObject({ calls: 1, call_holds: 0, call_transfers: 0, abandoned_calls: 0, voicemails: 0, avg_call_talk_time: null });
  });

  test('attendant_utilization counts time on a call, even after the conversation was resolved', () => {
    const events = byTime([
      ev('status_changed', 0, '', { session_id: null, attendant_id: 'a1', data: { status: 'online', previous: 'offline' } }),
      ev('call_started', 0, 'c1'), ev('queued', 0, 'c1'), ev('call_queued', 0, 'c1'),
      ev('accepted', 0, 'c1', { attendant_id: 'a1' }),
      // Resolved after 10 minutes while the call went on for 30.
      ev('resolved', 600, 'c1', { attendant_id: 'a1' }),
      ev('call_ended', 1800, 'c1', { data: { reason: 'hung up by the attendant' } }),
    ]);
    expect(computeInsights(events, window).metrics.attendant_utilization).toBe(50);
  });
});
