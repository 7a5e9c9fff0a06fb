import type { ChannelRequest, OutboundMessage } from '../../engine/index.js';
import { PermanentDeliveryError } from '../../engine/index.js';
import { createLogger } from '../../infra/logger.js';
import { startCountingServer, type CountingServer } from '../../test/support/counting-server.js';
import { startFakeTwilio, twilioInbound, twilioSignature, type FakeTwilio } from '../../test/support/fake-twilio.js';
import { createSmsAdapter, EMPTY_TWIML, SIGNATURE_HEADER, type SmsAdapter } from './sms-adapter.js';
import { smsKeywordOf } from './sms-keywords.js';

let twilio: FakeTwilio;
let counting: CountingServer;
const optedOut = new Map<string, string>();
const statuses: unknown[] = [];
const at = new Date('2026-11-25T08:00:00Z');
const SETTINGS = { accountSid: 'ACtest', authToken: 'sms-auth-token', from: '+15550001111', helpText: 'Shop help: reply STOP to stop.' };

function adapterFor(publicUrl: string | undefined, authToken = SETTINGS.authToken): SmsAdapter {
  return createSmsAdapter({
    // The fake listens on loopback: the bots allow private networks, but for 'closed'.
    settingsOf: (bot) => (bot === 'off' ? undefined : bot === 'closed' ? { ...SETTINGS, apiRoot: counting.url, allowPrivateNetworks: false }
      : { ...SETTINGS, authToken, apiRoot: twilio.url, from: bot === 'svc' ? 'MG0001' : SETTINGS.from, allowPrivateNetworks: true }),
    publicUrl,
    optOuts: {
      optOut: async (phone, keyword) => void optedOut.set(phone, keyword),
      optIn: async (phone) => void optedOut.delete(phone),
      isOptedOut: async (phone) => optedOut.has(phone),
    },
    botOfSession: async (id) => (id === 'svc-session' ? 'svc' : id === 'closed-session' ? 'closed' : 'shop'),
    deliveryStatus: async (update) => {
      statuses.push(update);
      return true;
    },
    logger: createLogger({ pretty: false, level: 'silent' }),
    now: () => at,
  });
}

beforeAll(async () => {
  twilio = await startFakeTwilio();
  counting = await startCountingServer();
});
afterAll(async () => {
  await twilio.close();
  await counting.close();
});

const request = (fields: Record<string, string>, signature: string | undefined, path: string, bot = 'shop', event?: string): ChannelRequest => ({
  headers: { host: 'internal:8080', ...(signature === undefined ? {} : { [SIGNATURE_HEADER]: signature }) },
  query: {}, rawBody: Buffer.from(new URLSearchParams(fields).toString()), body: fields, bot, originalUrl: path, ...(event ? { event } : {}),
});
const outbound = (text: string, extra: Partial<OutboundMessage> = {}): OutboundMessage => ({
  session_id: 'shop-session', channel: 'sms', to: '+15557654321', text, from: 'bot', ...extra,
});

describe('sms adapter: signatures', () => {
  // The published vector of the twilio library's own validation tests (and Twilio's docs).
  const VECTOR = {
    token: '12345', signature: 'RSOYDt4T1cUTdK1PDd93/VVr8B8=', path: '/myapp.php?foo=1&bar=2',
    params: { CallSid: 'CA1234567890ABCDE', Caller: '+14158675309', Digits: '1234', From: '+14158675309', To: '+18005551212' },
  };

  test('the twilio library\'s published vector passes through our path: PUBLIC_URL + path, with and without the port', async () => {
    const adapter = adapterFor('https://mycompany.com', VECTOR.token);
    expect(await adapter.verify(request(VECTOR.params, VECTOR.signature, VECTOR.path))).toBe(true);
    expect(await adapterFor('https://mycompany.com:443', VECTOR.token).verify(request(VECTOR.params, VECTOR.signature, VECTOR.path))).toBe(true);
    expect(await adapterFor('https://mycompany.com/', VECTOR.token).verify(request(VECTOR.params, VECTOR.signature, VECTOR.path))).toBe(true);
  });

  test('forged, altered or missing signatures fail, as does another URL or an off channel', async () => {
    const adapter = adapterFor('https://mycompany.com', VECTOR.token);
    expect(await adapter.verify(request(VECTOR.params, 'RSOYDt4T1cUTdK1PDd93/VVr8B8X', VECTOR.path))).toBe(false);
    expect(await adapter.verify(request({ ...VECTOR.params, Digits: '1235' }, VECTOR.signature, VECTOR.path))).toBe(false);
    expect(await adapter.verify(request(VECTOR.params, undefined, VECTOR.path))).toBe(false);
    expect(await adapter.verify(request(VECTOR.params, VECTOR.signature, '/myapp.php?foo=1&bar=3'))).toBe(false);
    expect(await adapterFor('https://other.example', VECTOR.token).verify(request(VECTOR.params, VECTOR.signature, VECTOR.path))).toBe(false);
    expect(await adapter.verify(request(VECTOR.params, VECTOR.signature, VECTOR.path, 'off'))).toBe(false);
  });

  test('a signature made the way Twilio documents it verifies; without PUBLIC_URL the request\'s Host is the base', async () => {
    const fields = twilioInbound('+15557654321', '+15550001111', 'hi');
    const path = '/webhooks/sms/shop';
    expect(await adapterFor('https://bots.example').verify(request(fields, twilioSignature(SETTINGS.authToken, `https://bots.example${path}`, fields), path))).toBe(true);
    expect(await adapterFor(undefined).verify(request(fields, twilioSignature(SETTINGS.authToken, `http://internal:8080${path}`, fields), path))).toBe(true);
  });

  test('a webhook with nothing to say is answered with what twilio renders for an empty MessagingResponse', async () => {
    const twilio = (await import('twilio')).default;
    expect(adapterFor('https://mycompany.com').acknowledge?.(request({}, undefined, '/x'))?.body).toBe(new twilio.twiml.MessagingResponse().toString());
    expect(EMPTY_TWIML).toBe(new twilio.twiml.MessagingResponse().toString());
  });
});

describe('sms adapter: messages and keywords', () => {
  const adapter = () => adapterFor('https://bots.example');

  test('an inbound SMS with MMS media', async () => {
    const fields = twilioInbound('+15557654321', '+15550001111', 'see this', {
      NumMedia: '2', MediaUrl0: 'https://api.twilio.com/media/ME1', MediaContentType0: 'image/jpeg',
      MediaUrl1: 'https://api.twilio.com/media/ME2', MediaContentType1: 'application/pdf',
    });
    const [inbound] = adapter().parse(request(fields, 'x', '/webhooks/sms/shop'));
    expect(inbound).toEqual({
      channel: 'sms', bot: 'shop', customer: { external_id: '+15557654321', phone: '+15557654321' }, text: 'see this',
      attachments: [
        { type: 'image', url: 'https://api.twilio.com/media/ME1', mime_type: 'image/jpeg' },
        { type: 'file', url: 'https://api.twilio.com/media/ME2', mime_type: 'application/pdf' },
      ],
      provider_message_id: fields.MessageSid, received_at: at, raw: fields,
    });
  });

  test('the keywords, in any case: STOP… opt out (recorded), START… opt in, HELP/INFO answer the help text', async () => {
    for (const word of ['STOP', 'stopall', 'Unsubscribe', 'cancel', 'END', 'quit.']) expect(smsKeywordOf(word)?.kind).toBe('opt_out');
    for (const word of ['START', 'unstop', 'Yes']) expect(smsKeywordOf(word)?.kind).toBe('opt_in');
    for (const word of ['help', 'INFO']) expect(smsKeywordOf(word)?.kind).toBe('help');
    expect(smsKeywordOf('please stop')).toBeUndefined();

    const keyword = async (text: string) => {
      const req = request(twilioInbound('+15550009999', '+15550001111', text), 'x', '/');
      await adapter().handleNotices(req);
      return adapter().parse(req)[0]!;
    };
    expect((await keyword(' Stop ')).command).toEqual({ kind: 'record' });
    expect(optedOut.get('+15550009999')).toBe('STOP');
    expect((await keyword('help')).command).toEqual({ kind: 'answer', text: SETTINGS.helpText });
    expect(optedOut.has('+15550009999')).toBe(true);
    expect((await keyword('start')).command).toEqual({ kind: 'record' });
    expect(optedOut.has('+15550009999')).toBe(false);
    expect((await keyword('stop sending me deals')).command).toBeUndefined();
  });

  test('status callbacks update the delivery state (failures with their ErrorCode) and carry no customer message', async () => {
    const status = async (fields: Record<string, string>) => {
      const req = request({ AccountSid: 'ACtest', To: '+15557654321', ...fields }, 'x', '/webhooks/sms/shop/status', 'shop', 'status');
      await adapter().handleNotices(req);
      expect(adapter().parse(req)).toEqual([]);
    };
    statuses.length = 0;
    await status({ MessageSid: 'SM1', MessageStatus: 'queued' });
    await status({ MessageSid: 'SM1', MessageStatus: 'sent' });
    await status({ MessageSid: 'SM1', MessageStatus: 'delivered' });
    await status({ MessageSid: 'SM2', MessageStatus: 'undelivered', ErrorCode: '30003' });
    expect(statuses).toEqual([
      { channel: 'sms', bot: 'shop', provider_message_id: 'SM1', status: 'sent' },
      { channel: 'sms', bot: 'shop', provider_message_id: 'SM1', status: 'delivered' },
      { channel: 'sms', bot: 'shop', provider_message_id: 'SM2', status: 'failed', error: { code: '30003', title: 'undelivered' } },
    ]);
  });

  test('the webhook is acknowledged with empty TwiML', () => {
    expect(adapter().acknowledge(request({}, 'x', '/'))).toEqual({ status: 200, contentType: 'text/xml', body: '<?xml version="1.0" encoding="UTF-8"?><Response/>' });
    expect(adapter().rejectStatus).toBe(403);
  });
});

describe('sms adapter: sending through the twilio client', () => {
  const adapter = () => adapterFor('https://bots.example');

  test('a reply goes to the REST API with the account\'s credentials, media and a status callback', async () => {
    const receipt = await adapter().send(outbound('hello', { attachments: [{ type: 'image', url: 'https://cdn.example/a.png' }] }));
    const sent = twilio.sent.at(-1)!;
    expect(receipt).toEqual({ provider_message_id: sent.sid });
    expect(sent).toMatchObject({
      account: 'ACtest', auth: 'ACtest:sms-auth-token', To: '+15557654321', From: '+15550001111', Body: 'hello',
      MediaUrl: ['https://cdn.example/a.png'], StatusCallback: 'https://bots.example/webhooks/sms/shop/status',
    });
    await adapter().send(outbound('via service', { session_id: 'svc-session' }));
    expect(twilio.sent.at(-1)).toMatchObject({ MessagingServiceSid: 'MG0001', Body: 'via service' });
    expect(twilio.sent.at(-1)!.From).toBeUndefined();
  });

  test('a text outside a conversation may carry files by their http(s) links (a phone call\'s files)', async () => {
    await adapter().sendText({ bot: 'shop', to: '+15557654321', text: 'Your invoice', media: ['https://bots.example/api/drive/files/shop/a.pdf?x=1', 'file:///etc/passwd'] });
    expect(twilio.sent.at(-1)).toMatchObject({ To: '+15557654321', Body: 'Your invoice', MediaUrl: ['https://bots.example/api/drive/files/shop/a.pdf?x=1'] });
  });

  test('an opted-out number gets nothing; 4xx is final, 5xx and 429 are retried by the outbox', async () => {
    optedOut.set('+15550002222', 'STOP');
    const before = twilio.sent.length;
    await expect(adapter().send(outbound('hi', { to: '+15550002222' }))).rejects.toEqual(new PermanentDeliveryError('the recipient opted out (STOP)'));
    expect(twilio.sent.length).toBe(before);
    twilio.failNext({ status: 400, code: 21211, message: "The 'To' number is not a valid phone number." });
    const invalid = await adapter().send(outbound('hi')).catch((e: unknown) => e);
    expect(invalid).toBeInstanceOf(PermanentDeliveryError);
    expect((invalid as PermanentDeliveryError).reason).toContain('21211');
    twilio.failNext({ status: 503, code: 20503, message: 'Service unavailable' });
    expect(await adapter().send(outbound('hi')).catch((e: unknown) => e)).not.toBeInstanceOf(PermanentDeliveryError);
  });

  test('without http-allow-private-networks, a loopback sms-api-url is refused before any connection: the delivery fails for good, saying why', async () => {
    const error = await adapter().send(outbound('hi', { session_id: 'closed-session' })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PermanentDeliveryError);
    expect((error as Error).message).toMatch(/^sms: .*outbound guard .*127\.0\.0\.1 is a private or loopback address/);
    expect((error as Error).message).not.toContain(SETTINGS.authToken);
    expect(counting.connections()).toBe(0);
  });
});
