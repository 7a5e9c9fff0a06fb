import { PermanentDeliveryError, type OutboundMessage } from '../../engine/index.js';
import { startCountingServer, type CountingServer } from '../../test/support/counting-server.js';
import { startFakeGraph, type FakeGraph } from '../../test/support/fake-graph.js';
import { createGraphAdapter, type GraphAdapter } from './graph-adapter.js';
import type { GraphChannelSettings } from './graph-channel-settings.js';

const TOKEN = 'EAAG-secret-token-123';
let graph: FakeGraph;
let counting: CountingServer;
const waits: number[] = [];
let settings: GraphChannelSettings;
let mobile: GraphAdapter;
let page: GraphAdapter;

beforeAll(async () => {
  graph = await startFakeGraph();
  counting = await startCountingServer();
  // The fake listens on loopback: the bot allows private networks (http-allow-private-networks).
  settings = { apiUrl: graph.url, accessToken: TOKEN, appSecret: 'secret', verifyToken: 'verify-me', phoneNumberId: 'PHONE1', allowPrivateNetworks: true };
  const retry = { attempts: 3, backoffMs: 5, maxWaitMs: 5_000, sleep: async (ms: number) => void waits.push(ms) };
  mobile = createGraphAdapter('mobile_msg', { settings: (bot) => (bot === 'bot-1' ? settings : undefined), retry });
  page = createGraphAdapter('page_msg', { settings: (bot) => (bot === 'bot-1' ? settings : undefined), retry });
});
afterAll(async () => {
  await graph.close();
  await counting.close();
});
beforeEach(() => {
  graph.reset();
  waits.length = 0;
});

const out = (text: string, channel: OutboundMessage['channel'] = 'mobile_msg'): OutboundMessage => ({
  session_id: 's1', channel, to: '5511987654321', text, from: 'bot', bot_id: 'bot-1',
});

describe('Graph-style adapter against the fake provider', () => {
  test('mobile_msg sends to {api-url}/{phone-number-id}/messages with the bearer token; the receipt is the wamid', async () => {
    const receipt = await mobile.send(out('Hello'));
    expect(receipt).toEqual({ provider_message_id: 'wamid.FAKE1' });
    expect(graph.sends()).toEqual([expect.objectContaining({
      path: 'PHONE1/messages', authorization: `Bearer ${TOKEN}`,
      body: { messaging_product: 'whatsapp', recipient_type: 'individual', to: '5511987654321', type: 'text', text: { body: 'Hello', preview_url: false } },
    })]);
  });

  test('page_msg sends to {api-url}/me/messages; the receipt is the mid', async () => {
    expect(await page.send(out('Hi', 'page_msg'))).toEqual({ provider_message_id: expect.stringMatching(/^m_FAKE/) });
    expect(graph.sends()[0]).toMatchObject({ path: 'me/messages', body: { recipient: { id: '5511987654321' }, message: { text: 'Hi' } } });
  });

  test('429 and throughput errors are retried, honouring Retry-After', async () => {
    graph.fail({ status: 429, code: 130429, message: 'Rate limit hit', retryAfter: '2' }, { status: 400, code: 131056, message: 'Pair rate limit hit' });
    await expect(mobile.send(out('Hello'))).resolves.toEqual({ provider_message_id: expect.stringMatching(/^wamid\./) });
    expect(waits).toEqual([2000, 10]);
    expect(graph.sends()).toHaveLength(3);
  });

  test('a Retry-After longer than the in-process bound hands the retry to the outbox (a transient error)', async () => {
    graph.fail({ status: 429, code: 4, message: 'Application request limit reached', retryAfter: '60' });
    const error = await mobile.send(out('Hello')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(PermanentDeliveryError);
    expect((error as Error).message).toContain('4: Application request limit reached');
  });

  test('131047 (outside the 24-hour window) is permanent, with the provider code and text; the token is never in it', async () => {
    graph.fail({ status: 400, code: 131047, message: 'Re-engagement message', details: 'More than 24 hours have passed since the customer last replied' });
    const error = await mobile.send(out('Hello')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PermanentDeliveryError);
    expect((error as PermanentDeliveryError).reason).toBe('131047: Re-engagement message: More than 24 hours have passed since the customer last replied');
    expect(JSON.stringify(error, Object.getOwnPropertyNames(error))).not.toContain(TOKEN);
  });

  test('with a re-engagement template configured, it is sent instead', async () => {
    const withTemplate = createGraphAdapter('mobile_msg', { settings: () => ({ ...settings, reengage: { template: 'hello_again', language: 'pt_BR' } }) });
    graph.fail({ status: 400, code: 131047, message: 'Re-engagement message' });
    const error = await withTemplate.send(out('Hello')).catch((e: unknown) => e);
    expect((error as PermanentDeliveryError).reason).toBe('131047: Re-engagement message (re-engagement template "hello_again" sent instead)');
    expect(graph.sends().at(-1)!.body).toEqual({
      messaging_product: 'whatsapp', recipient_type: 'individual', to: '5511987654321', type: 'template',
      template: { name: 'hello_again', language: { code: 'pt_BR' } },
    });
  });

  test('a transport failure (provider down) is transient and carries no token', async () => {
    const down = createGraphAdapter('mobile_msg', {
      settings: () => ({ ...settings, apiUrl: 'http://127.0.0.1:9/v21.0' }),
      retry: { attempts: 1, backoffMs: 1, maxWaitMs: 1, sleep: async () => undefined },
    });
    const error = await down.send(out('Hello')).catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(PermanentDeliveryError);
    expect(JSON.stringify(error, Object.getOwnPropertyNames(error))).not.toContain(TOKEN);
  });

  test('without http-allow-private-networks, a loopback api-url is refused before any connection: the delivery fails for good, saying why', async () => {
    const guarded = { ...settings, apiUrl: `${counting.url}/v19.0`, allowPrivateNetworks: false };
    const adapter = createGraphAdapter('mobile_msg', { settings: () => guarded, retry: { attempts: 3, backoffMs: 5, maxWaitMs: 5_000, sleep: async () => {} } });
    const error = await adapter.send(out('Hello')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PermanentDeliveryError);
    expect((error as Error).message).toMatch(/outbound guard \(http-allow-private-networks\): .*127\.0\.0\.1 is a private or loopback address/);
    expect((error as Error).message).not.toContain(TOKEN);
    await expect(adapter.fetchMedia('bot-1', 'MEDIA1', 1024)).rejects.toMatchObject({ transient: false, message: expect.stringMatching(/outbound guard/) });
    expect(counting.connections()).toBe(0);
  });

  test('media are fetched by id with the token, and refused over the size limit', async () => {
    graph.addMedia('MEDIA1', { data: Buffer.from('fake-jpeg-bytes'), mimeType: 'image/jpeg' }, TOKEN);
    const file = await mobile.fetchMedia('bot-1', 'MEDIA1', 1024);
    expect(file).toEqual({ data: Buffer.from('fake-jpeg-bytes'), mimeType: 'image/jpeg' });
    await expect(mobile.fetchMedia('bot-1', 'MEDIA1', 4)).rejects.toThrow('larger than allowed');
  });

  test('a voice reply is spoken only with mobile-msg-voice-response; a failing voice service never fails the delivered text', async () => {
    const speech = { calls: 0, fail: false };
    const models = {
      transcribe: async () => 'unused',
      speak: async () => {
        speech.calls += 1;
        if (speech.fail) throw new Error('voice service down');
        return { data: Buffer.from('OggS-spoken'), mimeType: 'audio/ogg', name: 'reply.ogg' };
      },
    };
    const withVoice = (voiceResponse: boolean) => createGraphAdapter('mobile_msg', { settings: () => ({ ...settings, voiceResponse }), voiceFor: () => models });
    const spoken = { ...out('Which size?'), voice_reply: true };

    await expect(withVoice(false).send(spoken)).resolves.toEqual({ provider_message_id: expect.stringMatching(/^wamid\./) });
    await withVoice(true).send(out('Typed, not spoken'));
    expect([speech.calls, graph.requests.filter((r) => r.path === 'PHONE1/media')]).toEqual([0, []]);

    await expect(withVoice(true).send(spoken)).resolves.toEqual({ provider_message_id: expect.stringMatching(/^wamid\./) });
    expect(graph.requests.filter((r) => r.path === 'PHONE1/media')).toHaveLength(1);
    expect(graph.sends().at(-1)!.body).toMatchObject({ to: '5511987654321', type: 'audio', audio: { id: expect.stringMatching(/^uploaded-/) } });

    speech.fail = true;
    const texts = graph.sends().length;
    await expect(withVoice(true).send(spoken)).resolves.toEqual({ provider_message_id: expect.stringMatching(/^wamid\./) });
    expect(graph.sends()).toHaveLength(texts + 1); // the text only
    expect(speech.calls).toBe(2);
  });

  test('the handshake answers the challenge only for the verify token', () => {
    const req = (query: Record<string, unknown>, bot = 'bot-1') => ({ headers: {}, query, rawBody: Buffer.alloc(0), body: undefined, bot, originalUrl: '/' });
    const query = { 'hub.mode': 'subscribe', 'hub.verify_token': 'verify-me', 'hub.challenge': '1158201444' };
    expect(mobile.handshake(req(query))).toEqual({ status: 200, contentType: 'text/plain', body: '1158201444' });
    expect(mobile.handshake(req({ ...query, 'hub.verify_token': 'wrong' })).status).toBe(403);
    expect(mobile.handshake(req(query, 'other-bot')).status).toBe(403);
    expect(mobile.isEnabled('other-bot')).toBe(false);
  });
});
