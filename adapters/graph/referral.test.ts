import { messagingWebhook, mobileMsg, mobileMsgWebhook } from '../../test/support/graph-webhooks.js';
import { parseMessagingWebhook } from './parse-messaging.js';
import { parseMobileMsgWebhook } from './parse-mobile-msg.js';

// Where the customer came from, as each Graph-style channel tells it (docs/channels/README.md, "Referrals").
describe('referrals', () => {
  test('mobile_msg: a click-to-chat ad\'s referral gives the ad id, the medium and the link', () => {
    const message = { ...mobileMsg.text('5511987654321', 'wamid.1', 'hi'), referral: { source_url: 'https://fb.me/ad', source_id: 'AD-1', source_type: 'ad', headline: 'Sale', ctwa_clid: 'x' } };
    const parsed = parseMobileMsgWebhook(mobileMsgWebhook('PHONE', [{ messages: [message] }]), 'shop');
    expect(parsed.messages[0]?.referral).toEqual({ ad_id: 'AD-1', utm_medium: 'ad', source_url: 'https://fb.me/ad' });
    const plain = parseMobileMsgWebhook(mobileMsgWebhook('PHONE', [{ messages: [mobileMsg.text('5511987654321', 'wamid.2', 'hi')] }]), 'shop');
    expect(plain.messages[0]?.referral).toBeUndefined();
  });

  test('page_msg: a postback\'s referral, a message\'s, and a referral on its own (kept, nothing runs)', () => {
    const parsed = parseMessagingWebhook(messagingWebhook('page', [
      { sender: { id: 'P1' }, timestamp: 1, postback: { mid: 'm_1', title: 'Get Started', payload: 'GET_STARTED', referral: { ref: 'spring', source: 'SHORTLINK', type: 'OPEN_THREAD' } } },
      { sender: { id: 'P2' }, timestamp: 2, message: { mid: 'm_2', text: 'hello', referral: { ad_id: 'AD-9', source: 'ADS' } } },
      { sender: { id: 'P3' }, timestamp: 3, referral: { ref: 'summer', source: 'SHORTLINK', type: 'OPEN_THREAD' } },
    ]), 'page_msg', 'shop');
    expect(parsed.messages.map((m) => m.referral)).toEqual([
      { ref: 'spring', utm_medium: 'shortlink' }, { ad_id: 'AD-9', utm_medium: 'ads' }, { ref: 'summer', utm_medium: 'shortlink' },
    ]);
    expect(parsed.messages[2]).toMatchObject({ text: '', command: { kind: 'record' }, provider_message_id: 'referral:P3:3' });
  });
});
