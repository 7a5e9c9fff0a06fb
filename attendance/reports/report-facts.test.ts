import type { RollupEvent } from '../../db/index.js';
import { factsOf } from './report-facts.js';

// One fact row per attendance cycle, measured as the insights measure cycles
// (docs/attendance/reports.md, "The facts").

const S = '11111111-1111-4111-8111-111111111111';
const ANA = '22222222-2222-4222-8222-222222222222';
const BOB = '33333333-3333-4333-8333-333333333333';
const Q1 = '44444444-4444-4444-8444-444444444444';
const Q2 = '55555555-5555-4555-8555-555555555555';
const t0 = Date.parse('2026-11-20T10:00:00Z');
let seq = 0;
const ev = (second: number, type: string, more: Partial<RollupEvent> = {}): RollupEvent => ({
  seq: ++seq, session_id: S, bot_id: 'b', channel: 'web', campaign_id: 'spring', tags: ['vip'], queue_id: null, attendant_id: null,
  type, data: {}, at: new Date(t0 + second * 1000), ...more,
});

test('a cycle: wait, first response, handle time, the survey after the resolve, the last holder and queue', () => {
  const facts = factsOf([
    ev(0, 'queued', { queue_id: Q1 }), ev(5, 'assigned', { attendant_id: ANA }), ev(30, 'accepted', { attendant_id: ANA }),
    ev(40, 'customer_message'), ev(45, 'attendant_message', { attendant_id: ANA }), ev(50, 'queued', { queue_id: Q2 }),
    ev(60, 'transferred_to_attendant', { attendant_id: BOB }), ev(90, 'resolved', { attendant_id: BOB }), ev(120, 'satisfaction', { data: { score: 9 } }),
  ]);
  expect(facts).toEqual([expect.objectContaining({
    session_id: S, started_at: new Date(t0), channel: 'web', campaign_id: 'spring', tags: ['vip'], queue_id: Q2, attendant_id: BOB,
    accepted_at: new Date(t0 + 30_000), resolved_at: new Date(t0 + 90_000), wait_seconds: 30, first_response_seconds: 15, handle_seconds: 60,
    csat: 9, transferred: true, abandoned: false, is_call: false,
  })]);
});

test('two cycles on one session; one resolved before anyone accepted it is abandoned; an open one has no end', () => {
  const facts = factsOf([ev(0, 'queued'), ev(20, 'resolved'), ev(100, 'queued'), ev(130, 'accepted', { attendant_id: ANA })]);
  expect(facts.map((f) => [f.started_at.toISOString(), f.abandoned, f.wait_seconds, f.resolved_at, f.attendant_id])).toEqual([
    ['2026-11-20T10:00:00.000Z', true, null, new Date(t0 + 20_000), null],
    ['2026-11-20T10:01:40.000Z', false, 30, null, ANA],
  ]);
});

test('a phone call: talk time from the take to the end; a caller who hangs up while queued abandoned it', () => {
  const taken = factsOf([ev(0, 'call_started', { channel: 'rtc_sip' }), ev(2, 'queued', { channel: 'rtc_sip' }), ev(12, 'accepted', { attendant_id: ANA, channel: 'rtc_sip' }),
    ev(72, 'call_ended', { data: { reason: 'hung up by the attendant' }, channel: 'rtc_sip' }), ev(73, 'resolved', { channel: 'rtc_sip' })]);
  expect(taken[0]).toMatchObject({ is_call: true, talk_seconds: 60, wait_seconds: 10, abandoned: false });
  const gaveUp = factsOf([ev(0, 'call_started'), ev(2, 'queued'), ev(40, 'call_ended', { data: { reason: 'caller hung up' } })]);
  expect(gaveUp[0]).toMatchObject({ is_call: true, abandoned: true, accepted_at: null });
});

test('events before the first queued, and a score out of range, change nothing', () => {
  expect(factsOf([ev(0, 'accepted'), ev(1, 'resolved'), ev(2, 'satisfaction', { data: { score: 9 } })])).toEqual([]);
  expect(factsOf([ev(0, 'queued'), ev(1, 'resolved'), ev(2, 'satisfaction', { data: { score: 11 } })])[0]!.csat).toBeNull();
});
