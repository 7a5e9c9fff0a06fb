import { noticeMessage } from './team-chat-blocks.js';

describe('the team_chat notice', () => {
  test('the customer fields attendants see are lines under the header, escaped like the rest', () => {
    const { blocks } = noticeMessage({
      session_id: 's-1', customer: 'Maria Souza', channel: 'sms', message: 'where is my order',
      facts: [{ title: 'Tier', value: 'premium' }, { title: 'Tags', value: 'vip, <b>late</b>' }],
    });
    const section = (blocks[0] as { text: { text: string } }).text.text;
    expect(section).toBe('*New conversation* from *Maria Souza* on sms\n*Tier:* premium\n*Tags:* vip, &lt;b&gt;late&lt;/b&gt;\n>where is my order');
  });

  test('without fields the header is followed by the quoted message', () => {
    const { blocks, text } = noticeMessage({ session_id: 's-1', customer: 'web · 3f9a2c', channel: 'web', message: 'hi' });
    expect((blocks[0] as { text: { text: string } }).text.text).toBe('*New conversation* from *web · 3f9a2c* on web\n>hi');
    expect(text).toBe('New conversation from web · 3f9a2c on web: hi');
  });
});
