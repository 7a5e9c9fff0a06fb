import type { AttendanceEventRow } from '../../db/index.js';
import { fakeRepositories } from '../../test/support/attendance-fakes.js';
import { recordCallFact, type CallLifeFact } from '../calls/call-facts.js';
import { computeInsights, targetsFor, type InsightEvent } from './compute-insights.js';

const T0 = Date.parse('2026-03-01T10:00:00.000Z');
const at = (seconds: number) => new Date(T0 + seconds * 1000);
const window = { from: at(0), to: at(3600) };

const ev = (type: InsightEvent['type'], seconds: number, fields: Partial<InsightEvent> = {}): InsightEvent => ({
  session_id: 's1', attendant_id: null, data: {}, ...fields, type, at: at(seconds),
});

/** One full attendance: queued, assigned to `a`, accepted after `wait`, answered after `first`, resolved at `end`. */
function attendance(session: string, a: string, start: number, wait: number, first: number, end: number): InsightEvent[] {
  return [
    ev('queued', start, { session_id: session }),
    ev('assigned', start + 1, { session_id: session, attendant_id: a }),
    ev('accepted', start + wait, { session_id: session, attendant_id: a }),
    ev('attendant_message', start + wait + first, { session_id: session, attendant_id: a }),
    ev('attendant_message', start + wait + first + 50, { session_id: session, attendant_id: a }),
    ev('resolved', end, { session_id: session, attendant_id: a }),
  ];
}

describe('computeInsights', () => {
  test('an empty window has null metrics and zero counts, never NaN', () => {
    const { metrics, counts } = computeInsights([], window);
    expect(Object.values(metrics).every((v) => v === null)).toBe(true);
    expect(counts).toEqual({ conversations: 0, resolved: 0, transferred: 0, surveys: 0 });
    expect(Object.values(targetsFor(metrics)).every((t) => t.met === null)).toBe(true);
  });

  test('wait, first response, resolution and satisfaction of two attendances', () => {
    const events = [
      ...attendance('s1', 'a1', 100, 30, 10, 600),
      ...attendance('s2', 'a1', 200, 90, 20, 900),
      ev('satisfaction', 650, { session_id: 's1', data: { score: 9 } }),
      ev('satisfaction', 950, { session_id: 's2', data: { score: 6 } }),
    ].sort((x, y) => x.at.getTime() - y.at.getTime());
    const { metrics, counts } = computeInsights(events, window);
    expect(metrics).toMatchObject({
      avg_wait_time: 60, first_response_time: 15, resolution_rate: 100, customer_satisfaction: 7.5, transfers_rate: 0,
      video_call_requests: null, video_calls_completed: null, avg_video_duration: null, screen_share_usage: null, transcription_accuracy: null,
    });
    expect(counts).toEqual({ conversations: 2, resolved: 2, transferred: 0, surveys: 2 });
    const targets = targetsFor(metrics);
    expect(targets.avg_wait_time).toEqual({ below: 60, unit: 'seconds', met: false });
    expect(targets.first_response_time.met).toBe(true);
    expect(targets.customer_satisfaction).toEqual({ above: 7, unit: 'score', met: true });
    expect(targets.video_call_requests).toEqual({ unit: 'count', met: null });
  });

  test('an unresolved cycle lowers the resolution rate; a requeue and a transfer count as transferred', () => {
    const events = [
      ...attendance('s1', 'a1', 0, 10, 5, 500),
      ev('queued', 10, { session_id: 's2' }),
      ev('accepted', 20, { session_id: 's2', attendant_id: 'a1' }),
      ev('queued', 30, { session_id: 's2', data: { event: 'conversation.requeued' } }),
      ev('queued', 40, { session_id: 's3' }),
      ev('accepted', 50, { session_id: 's3', attendant_id: 'a1' }),
      ev('transferred_to_attendant', 60, { session_id: 's3', attendant_id: 'a2' }),
      ev('resolved', 70, { session_id: 's3', attendant_id: 'a2' }),
      ev('queued', 80, { session_id: 's4' }),
    ].sort((x, y) => x.at.getTime() - y.at.getTime());
    const { metrics, counts } = computeInsights(events, window);
    expect(counts).toEqual({ conversations: 4, resolved: 2, transferred: 2, surveys: 0 });
    expect(metrics.resolution_rate).toBe(50);
    expect(metrics.transfers_rate).toBe(50);
    // s1 waited 10 s, s2 10 s, s3 10 s (the requeue does not restart the cycle).
    expect(metrics.avg_wait_time).toBe(10);
  });

  test('a cycle queued before the window and accepted inside counts its wait; events after the window are ignored', () => {
    const events = [
      ev('queued', -120), ev('accepted', 30, { attendant_id: 'a1' }), ev('attendant_message', 40, { attendant_id: 'a1' }),
      ev('resolved', 4000, { attendant_id: 'a1' }), ev('satisfaction', 4100, { data: { score: 2 } }),
    ];
    const { metrics, counts } = computeInsights(events, window);
    expect(metrics.avg_wait_time).toBe(150);
    expect(metrics.first_response_time).toBe(10);
    // Queued before the window: not one of its conversations.
    expect(counts.conversations).toBe(0);
    expect(metrics.resolution_rate).toBeNull();
    expect(metrics.customer_satisfaction).toBeNull();
  });

  test('a new cycle after a resolve starts a new wait', () => {
    const events = [...attendance('s1', 'a1', 0, 20, 5, 100), ...attendance('s1', 'a1', 200, 40, 5, 300)];
    const { metrics, counts } = computeInsights(events, window);
    expect(counts.conversations).toBe(2);
    expect(metrics.avg_wait_time).toBe(30);
  });

  test('survey scores outside 0–10 or not numbers are ignored', () => {
    const events = [
      ev('satisfaction', 10, { data: { score: 8 } }), ev('satisfaction', 11, { data: { score: 'x' } }), ev('satisfaction', 12, { data: { score: 42 } }),
    ];
    const { metrics, counts } = computeInsights(events, window);
    expect(metrics.customer_satisfaction).toBe(8);
    expect(counts.surveys).toBe(1);
  });

  test('ticket events are an audit trail: they change no metric or count', () => {
    const online = ev('status_changed', 0, { session_id: null, attendant_id: 'a1', data: { status: 'online', previous: 'offline' } });
    const base = [online, ...attendance('s1', 'a1', 100, 30, 10, 600)];
    const tickets = (['ticket_created', 'ticket_assigned', 'ticket_transferred', 'ticket_updated', 'ticket_resolved', 'ticket_deleted'] as const)
      .map((type, i) => ev(type, 700 + i, { session_id: i % 2 ? 's1' : 's2', attendant_id: 'a1', data: { ticket_id: 't1', status: 'resolved' } }));
    // A ticket of another session resolved before its conversation was queued, and one of s1 mid-cycle.
    const mixed = [...base, ...tickets, ev('ticket_resolved', 50, { session_id: 's3', attendant_id: 'a2' }), ev('ticket_assigned', 120, { attendant_id: 'a2' })]
      .sort((x, y) => x.at.getTime() - y.at.getTime());
    expect(computeInsights(mixed, window)).toEqual(computeInsights(base, window));
  });

  describe('attendant_utilization', () => {
    const online = (a: string, seconds: number, status: string, previous = 'offline') =>
      ev('status_changed', seconds, { session_id: null, attendant_id: a, data: { status, previous } });

    test('held time over online time, with overlapping conversations counted once', () => {
      const events = [
        online('a1', 0, 'online'),
        ev('assigned', 600, { session_id: 's1', attendant_id: 'a1' }),
        ev('assigned', 900, { session_id: 's2', attendant_id: 'a1' }),
        ev('resolved', 1200, { session_id: 's1', attendant_id: 'a1' }),
        ev('resolved', 1500, { session_id: 's2', attendant_id: 'a1' }),
        online('a1', 1800, 'offline', 'online'),
      ];
      // Online 1800 s, holding something from 600 to 1500 (900 s).
      expect(computeInsights(events, window).metrics.attendant_utilization).toBe(50);
    });

    test('sums over attendants, clips to the window, and counts busy as at work; held while away does not count', () => {
      const events = [
        online('a1', -600, 'online'), // online from before the window: counts from its start
        ev('accepted', -300, { session_id: 's1', attendant_id: 'a1' }),
        ev('resolved', 900, { session_id: 's1', attendant_id: 'a1' }),
        online('a1', 1800, 'offline', 'online'),
        online('a2', 0, 'busy'),
        ev('accepted', 0, { session_id: 's2', attendant_id: 'a2' }),
        online('a2', 900, 'away', 'busy'),
        ev('resolved', 1800, { session_id: 's2', attendant_id: 'a2' }),
      ].sort((x, y) => x.at.getTime() - y.at.getTime());
      // a1: online 1800, held 900; a2: at work 900, held (while at work) 900 → 1800 / 2700.
      expect(computeInsights(events, window).metrics.attendant_utilization).toBe(66.7);
    });

    test('an attendant whose first logged change leaves online was online since before the log; still online at the end counts to the end', () => {
      const events = [online('a1', 1800, 'away', 'online'), online('a2', 2700, 'online')];
      // a1 online 0–1800, a2 online 2700–3600, no conversations.
      expect(computeInsights(events, window).metrics.attendant_utilization).toBe(0);
    });

    test('a transfer moves the held time to the new attendant', () => {
      const events = [
        online('a1', 0, 'online'), online('a2', 0, 'online'),
        ev('accepted', 0, { session_id: 's1', attendant_id: 'a1' }),
        ev('transferred_to_attendant', 1800, { session_id: 's1', attendant_id: 'a2' }),
      ];
      // Each held 1800 s of 3600 s online.
      expect(computeInsights(events, window).metrics.attendant_utilization).toBe(50);
    });

    test('no one online: null', () => {
      const events = [ev('accepted', 0, { session_id: 's1', attendant_id: 'a1' })];
      expect(computeInsights(events, window).metrics.attendant_utilization).toBeNull();
    });
  });

  test('video KPIs: requests, calls completed, duration, screen sharing and transcription accuracy', () => {
    const room = (id: string, media = 'video') => ({ room_id: id, media });
    const events = [
      ev('video_requested', 100, { data: room('r1') }),
      ev('video_requested', 200, { data: room('r2') }),
      ev('video_requested', 300, { data: room('r3') }),
      ev('video_requested', 310, { data: room('c1', 'audio') }),
      ev('video_started', 400, { data: room('r1') }),
      ev('screen_share_started', 450, { data: room('r1') }),
      ev('video_started', 500, { data: room('r2') }),
      ev('video_ended', 1000, { data: { ...room('r1'), duration_seconds: 600 } }),
      ev('video_ended', 800, { data: { ...room('r2'), duration_seconds: 300 } }),
      ev('video_ended', 900, { data: { ...room('r3'), duration_seconds: null } }),
      ev('transcription_scored', 1100, { data: { ...room('r1'), accuracy: 95 } }),
      ev('transcription_scored', 1200, { data: { ...room('r2'), accuracy: 80 } }),
    ].sort((x, y) => x.at.getTime() - y.at.getTime());
    const { metrics } = computeInsights(events, window);
    // Three video rooms asked for (the audio call is not a video call), two of them connected.
    expect(metrics).toMatchObject({
      video_call_requests: 3, video_calls_completed: 66.7, avg_video_duration: 450, screen_share_usage: 50, transcription_accuracy: 87.5,
    });
    const targets = targetsFor(metrics);
    expect(targets.video_calls_completed.met).toBe(false);
    expect(targets.avg_video_duration.met).toBe(true);
    expect(targets.screen_share_usage.met).toBe(true);
    expect(targets.transcription_accuracy.met).toBe(false);
  });

  test('phone calls with video count as video calls: each a request, completed once an attendant received it, timed from then', async () => {
    // The lines the call facts write (attendance/calls/call-facts.ts), through the port the rtc_sip adapter reports to.
    const written: InsightEvent[] = [];
    const repos = fakeRepositories({
      sessions: { findById: async (id: string) => ({ id, bot_id: 'b1' }) as never },
      events: { append: async (row: Pick<AttendanceEventRow, 'session_id' | 'attendant_id' | 'type' | 'data' | 'at'>) => void written.push(row) as never },
    });
    const facts: CallLifeFact[] = [
      // v1: video, an attendant received it at 200 s, ended at 500 s (300 s of video).
      { sessionId: 'v1', kind: 'started', at: at(100), direction: 'inbound', video: {} },
      { sessionId: 'v1', kind: 'queued', at: at(110), direction: 'inbound' },
      { sessionId: 'v1', kind: 'video_started', at: at(200), direction: 'inbound' },
      { sessionId: 'v1', kind: 'ended', at: at(500), direction: 'inbound', reason: 'caller hung up', video: { seconds: 300 } },
      // v2: video, but the caller hung up before any attendant took it: requested, not completed.
      { sessionId: 'v2', kind: 'started', at: at(150), direction: 'inbound', video: {} },
      { sessionId: 'v2', kind: 'ended', at: at(400), direction: 'inbound', reason: 'caller hung up', video: {} },
      // a1: a voice call, no video at all.
      { sessionId: 'a1', kind: 'started', at: at(160), direction: 'inbound' },
      { sessionId: 'a1', kind: 'ended', at: at(600), direction: 'inbound', reason: 'dialog ended' },
    ];
    for (const fact of facts) await recordCallFact(repos, fact);
    expect(written.filter((e) => e.type.startsWith('video_')).map((e) => [e.type, e.session_id, e.data])).toEqual([
      ['video_requested', 'v1', { media: 'video', call: true }],
      ['video_started', 'v1', { media: 'video', call: true }],
      ['video_ended', 'v1', { media: 'video', call: true, duration_seconds: 300 }],
      ['video_requested', 'v2', { media: 'video', call: true }],
    ]);
    // Beside a meeting room's video call of 600 s, started and shared.
    const room = { room_id: 'r1', media: 'video' };
    const events = [
      ...written,
      ev('video_requested', 50, { session_id: 'm1', data: room }),
      ev('video_started', 60, { session_id: 'm1', data: room }),
      ev('screen_share_started', 70, { session_id: 'm1', data: room }),
      ev('video_ended', 660, { session_id: 'm1', data: { ...room, duration_seconds: 600 } }),
    ].sort((x, y) => x.at.getTime() - y.at.getTime());
    const { metrics } = computeInsights(events, window);
    // Three video calls asked for (the room, v1, v2), two connected (the room, v1); (600 + 300) / 2 s; one of the two started shared a screen.
    expect(metrics).toMatchObject({ video_call_requests: 3, video_calls_completed: 66.7, avg_video_duration: 450, screen_share_usage: 50 });
    // The calls are still calls for the call KPIs.
    expect(written.filter((e) => e.type === 'call_started').map((e) => e.data)).toEqual([
      { direction: 'inbound', video: true }, { direction: 'inbound', video: true }, { direction: 'inbound' },
    ]);
  });
});
