import { mobileMsg, mobileMsgStatus, mobileMsgWebhook } from '../../test/support/graph-webhooks.js';
import { parseMobileMsgWebhook } from './parse-mobile-msg.js';

const from = '5511987654321';

describe('mobile_msg webhook parsing', () => {
  test('every entry and message is taken, with the sender and the provider id', () => {
    const body = mobileMsgWebhook('PHONE1', [
      { messages: [mobileMsg.text(from, 'wamid.A', 'hello'), mobileMsg.text(from, 'wamid.B', 'again')] },
      { messages: [mobileMsg.text('5511000000001', 'wamid.C', 'other')] },
    ]);
    const parsed = parseMobileMsgWebhook(body, 'shop');
    expect(parsed.messages.map((m) => [m.provider_message_id, m.customer.external_id, m.text])).toEqual([
      ['wamid.A', from, 'hello'], ['wamid.B', from, 'again'], ['wamid.C', '5511000000001', 'other'],
    ]);
    expect(parsed.messages[0]).toMatchObject({
      channel: 'mobile_msg', bot: 'shop', attachments: [],
      customer: { external_id: from, phone: `+${from}`, display_name: 'Customer 4321' },
      received_at: new Date(1732521600 * 1000),
    });
  });

  test('a timestamp no date can hold (not a number, out of range) is the time of arrival instead', () => {
    const before = Date.now();
    for (const timestamp of ['soon', '1e300']) {
      const [message] = parseMobileMsgWebhook(mobileMsgWebhook('PHONE1', [{ messages: [{ ...mobileMsg.text(from, 'wamid.T', 'hi'), timestamp }] }]), 'shop').messages;
      expect(message!.received_at.getTime()).toBeGreaterThanOrEqual(before);
    }
  });

  test('button, list and template replies answer with our option key, else the title', () => {
    const parsed = parseMobileMsgWebhook(mobileMsgWebhook('PHONE1', [{
      messages: [
        mobileMsg.buttonReply(from, 'wamid.1', 'sb:Pizza', 'Pizza'),
        mobileMsg.listReply(from, 'wamid.2', 'sb#12', 'Very long option…'),
        mobileMsg.templateButton(from, 'wamid.3', 'their-payload', 'Yes, please'),
        mobileMsg.buttonReply(from, 'wamid.4', 'btn_7', 'Talk to us'),
      ],
    }]), 'shop');
    expect(parsed.messages.map((m) => m.text)).toEqual(['Pizza', '12', 'Yes, please', 'Talk to us']);
  });

  test('media become attachments fetched through our endpoint; location gets readable text', () => {
    const parsed = parseMobileMsgWebhook(mobileMsgWebhook('PHONE1', [{
      messages: [
        mobileMsg.image(from, 'wamid.i', 'MEDIA1', 'my photo'),
        mobileMsg.voice(from, 'wamid.v', 'MEDIA2'),
        mobileMsg.document(from, 'wamid.d', 'MEDIA3'),
        mobileMsg.location(from, 'wamid.l'),
      ],
    }]), 'shop');
    const [image, voice, doc, place] = parsed.messages;
    expect(image).toMatchObject({
      text: 'my photo',
      attachments: [{ type: 'image', media_id: 'MEDIA1', mime_type: 'image/jpeg', caption: 'my photo', url: '/api/channels/mobile_msg/shop/media/MEDIA1' }],
    });
    expect(voice!.attachments).toEqual([{ type: 'audio', media_id: 'MEDIA2', mime_type: 'audio/ogg', voice: true, url: '/api/channels/mobile_msg/shop/media/MEDIA2' }]);
    expect(doc!.attachments[0]).toMatchObject({ type: 'file', name: 'invoice.pdf', mime_type: 'application/pdf' });
    expect(place).toMatchObject({
      text: 'Location: Praça da Sé, São Paulo (-23.5505, -46.6333)',
      attachments: [{ type: 'location', latitude: -23.5505, longitude: -46.6333, name: 'Praça da Sé, São Paulo' }],
    });
  });

  test('reactions and unknown kinds are acknowledged, never customer text; statuses are read', () => {
    const parsed = parseMobileMsgWebhook(mobileMsgWebhook('PHONE1', [
      { messages: [mobileMsg.reaction(from, 'wamid.r', 'wamid.FAKE1'), mobileMsg.unsupported(from, 'wamid.u')] },
      {
        statuses: [
          mobileMsgStatus('wamid.FAKE1', 'delivered', from),
          mobileMsgStatus('wamid.FAKE2', 'failed', from, { code: 131047, title: 'Re-engagement message', details: 'More than 24 hours have passed' }),
          { id: 'wamid.FAKE3', status: 'deleted' },
        ],
      },
    ]), 'shop');
    expect(parsed.messages).toEqual([]);
    expect(parsed.ignored).toEqual([{ kind: 'reaction', id: 'wamid.r' }, { kind: 'unsupported', id: 'wamid.u' }, { kind: 'status:deleted', id: 'wamid.FAKE3' }]);
    expect(parsed.statuses).toEqual([
      { channel: 'mobile_msg', bot: 'shop', provider_message_id: 'wamid.FAKE1', status: 'delivered' },
      {
        channel: 'mobile_msg', bot: 'shop', provider_message_id: 'wamid.FAKE2', status: 'failed',
        error: { code: 131047, title: 'Re-engagement message: More than 24 hours have passed' },
      },
    ]);
  });

  test('a body of another shape is refused', () => {
    expect(() => parseMobileMsgWebhook({ object: 'page', entry: [] }, 'shop')).toThrow();
    expect(() => parseMobileMsgWebhook('hello', 'shop')).toThrow();
  });
});
