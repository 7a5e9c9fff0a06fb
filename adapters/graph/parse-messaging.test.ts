import { messaging, messagingWebhook } from '../../test/support/graph-webhooks.js';
import { parseMessagingWebhook } from './parse-messaging.js';

describe('page_msg / social_dm webhook parsing', () => {
  test('text, quick replies and postbacks are customer messages; quick replies answer with our key', () => {
    const parsed = parseMessagingWebhook(messagingWebhook('page', [
      messaging.text('PSID1', 'm_1', 'hi'),
      messaging.quickReply('PSID1', 'm_2', 'sb:Large pizza', 'Large pizza'),
      messaging.quickReply('PSID1', 'm_3', 'DEVELOPER_DEFINED', 'Red'),
      messaging.postback('PSID1', 'm_4', 'sb#2', 'Second'),
      messaging.postback('PSID1', 'm_5', 'GET_STARTED', 'Get Started'),
    ]), 'page_msg', 'shop');
    expect(parsed.messages.map((m) => [m.provider_message_id, m.text])).toEqual([
      ['m_1', 'hi'], ['m_2', 'Large pizza'], ['m_3', 'Red'], ['m_4', '2'], ['m_5', 'Get Started'],
    ]);
    expect(parsed.messages[0]).toMatchObject({ channel: 'page_msg', bot: 'shop', customer: { external_id: 'PSID1' }, received_at: new Date(1732521600000) });
  });

  test('a timestamp no date can hold is the time of arrival instead', () => {
    const before = Date.now();
    const [message] = parseMessagingWebhook(messagingWebhook('page', [{ ...messaging.text('PSID1', 'm_t', 'hi'), timestamp: 1e300 }]), 'page_msg', 'shop').messages;
    expect(message!.received_at.getTime()).toBeGreaterThanOrEqual(before);
  });

  test('attachments keep the provider URL; echoes and reactions are ignored; delivery receipts are statuses', () => {
    const parsed = parseMessagingWebhook(messagingWebhook('instagram', [
      messaging.image('IGSID', 'm_i', 'https://cdn.example.test/photo.jpg'),
      messaging.echo('IGSID', 'm_e', 'our own reply'),
      messaging.reaction('IGSID', 'm_FAKE1'),
      messaging.delivery('IGSID', ['m_FAKE1', 'm_FAKE2']),
    ]), 'social_dm', 'shop');
    expect(parsed.messages).toHaveLength(1);
    expect(parsed.messages[0]).toMatchObject({ channel: 'social_dm', text: '', attachments: [{ type: 'image', url: 'https://cdn.example.test/photo.jpg' }] });
    expect(parsed.ignored).toEqual([{ kind: 'echo', id: 'm_e' }, { kind: 'reaction', id: 'm_FAKE1' }]);
    expect(parsed.statuses.map((s) => [s.provider_message_id, s.status])).toEqual([['m_FAKE1', 'delivered'], ['m_FAKE2', 'delivered']]);
  });
});
