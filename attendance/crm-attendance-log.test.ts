import { logFields, type AttendanceFacts } from './crm-attendance-log.js';

const facts: AttendanceFacts = {
  session_id: 's1', customer_id: 'c1', attendant_id: 'a1', queue_id: null, channel: 'web',
  start: new Date('2026-01-01T10:00:00.000Z'), accepted: new Date('2026-01-01T10:00:42.400Z'), end: new Date('2026-01-01T10:05:00.000Z'),
  transfer_reason: 'keyword: human',
};

describe('logFields', () => {
  test('the default fields, in the configured order', () => {
    const fields = logFields(['session_id', 'customer_id', 'attendant_id', 'start_time', 'end_time', 'sentiment'], facts);
    expect(fields).toEqual({
      session_id: 's1', customer_id: 'c1', attendant_id: 'a1', start_time: '2026-01-01T10:00:00.000Z', end_time: '2026-01-01T10:05:00.000Z', sentiment: null,
    });
    expect(Object.keys(fields)).toEqual(['session_id', 'customer_id', 'attendant_id', 'start_time', 'end_time', 'sentiment']);
  });

  test('the optional fields; unknown names are ignored', () => {
    expect(logFields(['channel', 'wait_seconds', 'handle_seconds', 'transfer_reason', 'queue_id', 'customer_satisfaction', 'mood', '__proto__'], facts))
      .toEqual({ channel: 'web', wait_seconds: 42, handle_seconds: 258, transfer_reason: 'keyword: human', queue_id: null, customer_satisfaction: null });
  });

  test('a conversation never accepted has no wait or handle time', () => {
    expect(logFields(['wait_seconds', 'handle_seconds', 'start_time'], { ...facts, accepted: null, start: null }))
      .toEqual({ wait_seconds: null, handle_seconds: null, start_time: null });
  });
});
