import { inboundQueue, messages } from '../../db/schema/index.js';
import { createChannelAdapters, createChannelWebhooks, createVisitorTokens, type ChannelWebhooks, type WebhookRequest } from '../../adapters/index.js';
import type { ChannelRequest, InboundMessage, WebhookAnswer } from '../../engine/index.js';
import { EngineHarness, TestAdapter, waitFor, type RunningEngine } from '../support/engine-kit.js';

// The one door of provider webhooks (docs/architecture.md, "Provider webhooks"): 404 where the
// channel is off, verify before anything is stored, messages stored in one statement and run
// after the answer by a job — each customer's in arrival order — nothing lost across a restart,
// redeliveries without a second turn.

/** A provider whose requests are signed by a header and carry `{messages:[{id, from, text}]}`. */
class SignedAdapter extends TestAdapter {
  readonly rejectStatus = 403;
  readonly notices: unknown[] = [];

  isEnabled(bot: string): boolean {
    return bot === 'echo';
  }

  handshake(req: ChannelRequest): WebhookAnswer {
    return { status: 200, body: String(req.query.challenge) };
  }

  override verify(req: ChannelRequest): boolean {
    return req.headers['x-signature'] === `signed:${req.rawBody.length}`;
  }

  async handleNotices(req: ChannelRequest): Promise<void> {
    const statuses = (req.body as { statuses?: unknown[] }).statuses;
    if (statuses) this.notices.push(...statuses);
  }

  override parse(req: ChannelRequest): InboundMessage[] {
    const body = req.body as { messages?: { id: string; from: string; text: string }[] };
    return (body.messages ?? []).map((m) => ({
      channel: 'sms', bot: req.bot, customer: { external_id: m.from }, text: m.text, attachments: [],
      provider_message_id: m.id, received_at: new Date(), raw: m,
    }));
  }

  acknowledge(): WebhookAnswer {
    return { status: 200, contentType: 'text/xml', body: '<Response/>' };
  }
}

const ECHO = 'TALK "echo: " & first_message\nDO\n  HEAR answer\n  TALK "echo: " & answer\nLOOP';

let harness: EngineHarness;
let adapter: SignedAdapter;
let running: RunningEngine;
let webhooks: ChannelWebhooks;

function webhooksOn(engine: RunningEngine): ChannelWebhooks {
  const adapters = createChannelAdapters({ visitorTokens: createVisitorTokens(Buffer.from('x'.repeat(32))) }, [adapter]);
  return createChannelWebhooks({ adapters, engine: engine.engine });
}

function post(body: unknown, options: { bot?: string; channel?: string; signature?: string } = {}): WebhookRequest {
  const rawBody = Buffer.from(JSON.stringify(body));
  return {
    channel: options.channel ?? 'sms', bot: options.bot ?? 'echo', query: {}, originalUrl: '/webhooks/sms/echo', rawBody,
    headers: { 'content-type': 'application/json', 'x-signature': options.signature ?? `signed:${rawBody.length}` },
  };
}

const queued = () => harness.database.db.select().from(inboundQueue);
const sentTo = (customer: string) => adapter.sent.filter((m) => m.to === customer).map((m) => m.text);

beforeAll(async () => {
  harness = await EngineHarness.open();
  await harness.addBot({ name: 'echo', scripts: { start: ECHO } });
  adapter = new SignedAdapter('sms');
  running = await harness.startEngine({ adapters: [adapter] });
  webhooks = webhooksOn(running);
});
afterAll(() => harness.close());

test('a channel without an adapter, the web channel, or a bot where the channel is off: 404', async () => {
  for (const request of [post({}, { channel: 'mobile_msg' }), post({}, { channel: 'web' }), post({}, { channel: 'nope' }), post({}, { bot: 'other' })]) {
    await expect(webhooks.receive(request)).rejects.toMatchObject({ code: 'not_found' });
  }
  expect(() => webhooks.handshake(post({}, { channel: 'bot_msg' }))).toThrow(/No bot_msg webhook/);
});

test('the GET handshake is the adapter\'s', () => {
  expect(webhooks.handshake({ ...post({}), query: { challenge: '1158201444' } })).toEqual({ status: 200, body: '1158201444' });
});

test('a forged request is refused with the adapter\'s status and nothing is stored', async () => {
  const forged = post({ messages: [{ id: 'forged-1', from: '+1555', text: 'hi' }], statuses: ['x'] }, { signature: 'signed:1' });
  await expect(webhooks.receive(forged)).rejects.toMatchObject({ code: 'forbidden' });
  expect(await queued()).toEqual([]);
  expect(adapter.notices).toEqual([]);
  expect(await harness.database.db.select().from(messages)).toEqual([]);
});

test('messages are acknowledged once stored, then run per customer in arrival order; notices are handled', async () => {
  const answer = await webhooks.receive(post({
    statuses: [{ id: 'out-1', status: 'delivered' }],
    messages: [
      { id: 'm1', from: '+1000', text: 'one' }, { id: 'm2', from: '+2000', text: 'alpha' },
      { id: 'm3', from: '+1000', text: 'two' }, { id: 'm4', from: '+1000', text: 'three' },
    ],
  }));
  expect(answer).toEqual({ status: 200, contentType: 'text/xml', body: '<Response/>' });
  expect(adapter.notices).toEqual([{ id: 'out-1', status: 'delivered' }]);
  await waitFor(() => sentTo('+1000').length === 3 && sentTo('+2000').length === 1, 'every reply delivered');
  expect(sentTo('+1000')).toEqual(['echo: one', 'echo: two', 'echo: three']);
  expect(sentTo('+2000')).toEqual(['echo: alpha']);
  await waitFor(async () => (await queued()).length === 0, 'the queue drained');
});

test('a redelivered request is acknowledged again without a second turn', async () => {
  const request = post({ messages: [{ id: 'r1', from: '+3000', text: 'once' }] });
  await webhooks.receive(request);
  await waitFor(() => sentTo('+3000').length === 1, 'the first answer');
  await webhooks.receive(request);
  await webhooks.receive(request);
  await waitFor(async () => (await queued()).length === 0, 'the queue drained');
  expect(sentTo('+3000')).toEqual(['echo: once']);
});

test('messages accepted by an instance that stops before running them are run by the next one at start-up', async () => {
  const stopped = await harness.startEngine({ adapters: [new SignedAdapter('sms')], start: false });
  await webhooksOn(stopped).receive(post({ messages: [{ id: 'c1', from: '+4000', text: 'kept' }, { id: 'c2', from: '+4000', text: 'safe' }] }));
  await stopped.stop();
  expect((await queued()).map((r) => r.provider_message_id)).toEqual(['c1', 'c2']);

  const nextAdapter = new SignedAdapter('sms');
  const next = await harness.startEngine({ adapters: [nextAdapter] });
  await waitFor(() => nextAdapter.sent.length === 2, 'both answered by the next instance');
  expect(nextAdapter.sent.map((m) => m.text)).toEqual(['echo: kept', 'echo: safe']);
  expect(await queued()).toEqual([]);
  await next.stop();
});
