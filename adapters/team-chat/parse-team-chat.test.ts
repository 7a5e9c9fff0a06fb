import { noticeMessage } from './team-chat-blocks.js';
import { parseEvent, parseInteraction, parseSlashCommand } from './parse-team-chat.js';

describe('team_chat requests and notices', () => {
  test('a Take press gives its user and session; other actions and unreadable payloads give none', () => {
    const form = (payload: unknown) => ({ payload: JSON.stringify(payload) });
    const press = { type: 'block_actions', user: { id: 'U1' }, container: { channel_id: 'C1' }, actions: [{ action_id: 'take_conversation', value: 's-1' }, { action_id: 'other', value: 'x' }] };
    expect(parseInteraction(form(press))).toEqual([{ user: 'U1', session_id: 's-1', channel: 'C1' }]);
    expect(parseInteraction(form({ ...press, type: 'view_submission' }))).toEqual([]);
    expect(parseInteraction({ payload: '{not json' })).toEqual([]);
    expect(parseSlashCommand({ command: '/take', user_id: 'U1', channel_id: 'C1' })).toMatchObject({ command: '/take', text: '' });
    expect(parseSlashCommand({ text: 'queue' })).toBeUndefined();
  });

  test('only a human\'s reply inside a thread counts; bots, edits and top-level messages do not', () => {
    const event = (e: Record<string, unknown>) => ({ type: 'event_callback', event: { type: 'message', user: 'U1', channel: 'C1', text: 'hi', ts: '2.0', thread_ts: '1.0', ...e } });
    expect(parseEvent(event({}))).toEqual({ user: 'U1', channel: 'C1', thread_ts: '1.0', text: 'hi' });
    expect(parseEvent(event({ bot_id: 'B1' }))).toBeUndefined();
    expect(parseEvent(event({ subtype: 'message_changed' }))).toBeUndefined();
    expect(parseEvent(event({ thread_ts: undefined }))).toBeUndefined();
    expect(parseEvent(event({ thread_ts: '2.0' }))).toBeUndefined();
    expect(parseEvent({ type: 'url_verification', challenge: 'abc' })).toEqual({ challenge: 'abc' });
  });

  test('a notice escapes what the customer wrote and drops the Take button once there is an outcome', () => {
    const notice = { session_id: 's-1', customer: 'Ana <@U999>', channel: 'web', message: 'a & b\n<!channel>' };
    const waiting = JSON.stringify(noticeMessage(notice).blocks);
    expect(waiting).toContain('Ana &lt;@U999&gt;');
    expect(waiting).toContain('>a &amp; b\\n>&lt;!channel&gt;');
    expect(waiting).toContain('take_conversation');
    expect(JSON.stringify(noticeMessage({ ...notice, outcome: 'Taken by Ana' }).blocks)).not.toContain('take_conversation');
  });
});
