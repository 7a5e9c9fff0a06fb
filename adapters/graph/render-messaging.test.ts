import { matchMenuOption } from '../../basic-interpreter/keywords/index.js';
import type { OutboundMessage } from '../../engine/index.js';
import { answerOfOption } from './option-id.js';
import { renderMessaging } from './render-messaging.js';

const message = (text: string, labels: string[] = []): OutboundMessage => ({
  session_id: 's1', channel: 'page_msg', to: 'PSID1', text, from: 'bot',
  ...(labels.length ? { suggestions: labels.map((l) => ({ key: l, label: l })) } : {}),
});
type Body = { recipient: { id: string }; message: { text: string; quick_replies?: { title: string; payload: string }[] } };

describe('page_msg / social_dm rendering', () => {
  test('options are quick replies (≤ 13, titles ≤ 20) whose payloads round-trip', () => {
    const labels = ['Yes', 'No', 'Maybe later, when I have time'];
    const [body] = renderMessaging(message('Continue?', labels), 'page_msg') as Body[];
    expect(body!.recipient).toEqual({ id: 'PSID1' });
    const replies = body!.message.quick_replies!;
    expect(replies.map((r) => r.title)).toEqual(['Yes', 'No', 'Maybe later, when I…']);
    const menu = labels.map((l) => ({ key: l, label: l }));
    for (const [i, r] of replies.entries()) expect(matchMenuOption(answerOfOption(r.payload, r.title), menu)).toBe(menu[i]);
  });

  test('more than 13 options are numbered in the text', () => {
    const labels = Array.from({ length: 14 }, (_, i) => `Item ${i + 1}`);
    const bodies = renderMessaging(message('Pick', labels), 'page_msg') as Body[];
    expect(bodies[0]!.message.quick_replies).toBeUndefined();
    expect(bodies[0]!.message.text).toContain('14. Item 14');
  });

  test('text is split at the channel limit (2,000 page_msg, 1,000 social_dm); quick replies ride on the last part', () => {
    const long = 'abc '.repeat(700).trim();
    expect(renderMessaging(message(long), 'page_msg')).toHaveLength(2);
    const dm = renderMessaging(message(long, ['Ok']), 'social_dm') as Body[];
    expect(dm).toHaveLength(3);
    expect(dm.map((b) => Boolean(b.message.quick_replies))).toEqual([false, false, true]);
  });
});
