import { and, eq } from 'drizzle-orm';
import type { WebSocket } from 'ws';
import { createAttendanceRepositories } from '../../db/index.js';
import { inboundQueue, messages } from '../../db/schema/index.js';
import { createTestBots, type TestBots } from '../support/bot-packages.js';
import { waitFor } from '../support/engine-kit.js';
import { connectFrameSocket } from '../support/frame-socket.js';
import { startCountingServer, type CountingServer } from '../support/counting-server.js';
import { startFakeGraph, type FakeGraph, type GraphRequest } from '../support/fake-graph.js';
import { startFakeVoice, type FakeVoice } from '../support/fake-voice.js';
import { messaging, messagingWebhook, mobileMsg, mobileMsgStatus, mobileMsgWebhook, signedWebhook } from '../support/graph-webhooks.js';
import { bearerFor, startTestService, TEST_ADMIN, type TestService } from '../support/service.js';
import { isOggOpus } from '../support/ogg-opus.js';

// The Graph-style channels end to end (docs/channels/README.md): a real service, a fake provider
// speaking the documented formats, signed webhooks built after the published examples.

const SECRET = 'shop-app-secret';
const TOKEN = 'EAAG-shop-token';
const PHONE_ID = '1098765432';
const CUSTOMER = '5511987654321';
const ATTENDANT_PHONE = '5511912345678';
const INSTA_SECRET = 'insta-app-secret';
const INSTA_TOKEN = 'IGQW-insta-token';
const SHOP = [
  'TALK "Welcome to the shop!"',
  'DO',
  '  TALK "What would you like?"',
  '  HEAR choice AS "Pizza", "Salad", "Soup", "Talk to a person"',
  '  IF choice = "Talk to a person" THEN',
  '    TRANSFER TO HUMAN "support", "normal", "asked for a person"',
  '    EXIT DO',
  '  END IF',
  '  TALK "Which size?"',
  '  HEAR size AS "Small", "Large"',
  '  TALK "One " & size & " " & choice & " coming up."',
  'LOOP',
].join('\n');

let graph: FakeGraph;
let voice: FakeVoice;
let counting: CountingServer;
let bots: TestBots;
let service: TestService;
let admin: { authorization: string };
let counter = 0;
const sockets: WebSocket[] = [];
const nextId = (prefix = 'wamid.IN') => `${prefix}${++counter}`;

beforeAll(async () => {
  graph = await startFakeGraph();
  voice = await startFakeVoice();
  counting = await startCountingServer();
  bots = await createTestBots();
  const mobile = {
    'mobile-msg-phone-number-id': PHONE_ID, 'mobile-msg-access-token': TOKEN, 'mobile-msg-app-secret': SECRET,
    'mobile-msg-webhook-verify-token': 'verify-shop', 'mobile-msg-api-url': graph.url,
    // The fake provider and voice service listen on loopback, which the outbound guard refuses otherwise.
    'http-allow-private-networks': 'true',
  };
  await bots.add('shop', {
    ...mobile, 'attendance-default-destination': 'mobile_msg', 'voice-models-url': voice.url, 'voice-models-api-key': 'voice-key',
    'page-msg-access-token': TOKEN, 'page-msg-app-secret': SECRET, 'page-msg-api-url': graph.url,
  }, SHOP);
  await bots.add('novoice', { ...mobile, 'mobile-msg-phone-number-id': 'PHONE2', 'attendance-mobile-msg-commands': 'false' }, SHOP);
  await bots.add('off', { ...mobile, 'mobile-msg-enabled': 'false' }, SHOP);
  // A voice service at the metadata address: the outbound guard refuses it, private networks or not.
  await bots.add('guarded', { ...mobile, 'mobile-msg-phone-number-id': 'PHONE3', 'voice-models-url': 'http://169.254.169.254/v1' }, SHOP);
  // Its provider on loopback without http-allow-private-networks: the outbound guard refuses the channel's API.
  await bots.add('private', { ...mobile, 'mobile-msg-phone-number-id': 'PHONE4', 'mobile-msg-api-url': `${counting.url}/v19.0`, 'http-allow-private-networks': 'false' }, SHOP);
  // social_dm only, with its own app secret and token.
  await bots.add('insta', {
    'mobile-msg-enabled': 'false', 'social-dm-access-token': INSTA_TOKEN, 'social-dm-app-secret': INSTA_SECRET,
    'social-dm-webhook-verify-token': 'verify-insta', 'social-dm-api-url': graph.url, 'http-allow-private-networks': 'true',
  }, SHOP);
  service = await startTestService({ BOTS_DIR: bots.dir });
  admin = await bearerFor(service.url, TEST_ADMIN.username, TEST_ADMIN.password);
});
afterAll(async () => {
  for (const ws of sockets) ws.terminate();
  await service?.dispose();
  await bots?.remove();
  await graph?.close();
  await voice?.close();
  await counting?.close();
});

async function post(channel: string, bot: string, body: unknown, headers?: Record<string, string>, secret = SECRET): Promise<Response> {
  const signed = signedWebhook(body, secret);
  return fetch(`${service.url}/webhooks/${channel}/${bot}`, { method: 'POST', headers: headers ?? signed.headers, body: new Uint8Array(signed.raw) });
}
const sendsTo = (to: string): GraphRequest[] => graph.sends().filter((r) => r.body?.to === to || (r.body?.recipient as { id?: string } | undefined)?.id === to);
const textOf = (r: GraphRequest): string => {
  const body = r.body as { text?: { body: string }; interactive?: { body: { text: string } }; message?: { text: string } };
  return body.text?.body ?? body.interactive?.body.text ?? body.message?.text ?? '';
};
async function sendsAfter(to: string, count: number): Promise<GraphRequest[]> {
  await waitFor(() => sendsTo(to).length >= count, `${count} sends to ${to}`);
  return sendsTo(to);
}
/** One customer (or attendant) message on the mobile_msg webhook of `bot`, accepted with 200. */
async function say(item: ReturnType<typeof mobileMsg.text>, bot = 'shop'): Promise<void> {
  const res = await post('mobile_msg', bot, mobileMsgWebhook(bot === 'novoice' ? 'PHONE2' : PHONE_ID, [{ messages: [item] }]));
  expect(res.status).toBe(200);
}

describe('webhook door', () => {
  test('the handshake answers the challenge for the verify token, 403 otherwise, 404 where the channel is off', async () => {
    const get = (bot: string, token: string) =>
      fetch(`${service.url}/webhooks/mobile_msg/${bot}?hub.mode=subscribe&hub.verify_token=${token}&hub.challenge=1158201444`);
    const ok = await get('shop', 'verify-shop');
    expect([ok.status, await ok.text()]).toEqual([200, '1158201444']);
    expect(ok.headers.get('content-type')).toMatch(/^text\/plain/);
    expect((await get('shop', 'wrong')).status).toBe(403);
    expect((await get('off', 'verify-shop')).status).toBe(404);
    expect((await post('social_dm', 'shop', messagingWebhook('instagram', []))).status).toBe(404); // no social_dm credentials
  });

  test('missing or forged signatures are 401 and store nothing', async () => {
    const body = mobileMsgWebhook(PHONE_ID, [{ messages: [mobileMsg.text(CUSTOMER, 'wamid.FORGED', 'hi')] }]);
    const missing = await post('mobile_msg', 'shop', body, { 'content-type': 'application/json' });
    const forged = await post('mobile_msg', 'shop', body, { 'content-type': 'application/json', 'x-hub-signature-256': signedWebhook(body, 'not-the-secret').headers['x-hub-signature-256']! });
    expect([missing.status, forged.status]).toEqual([401, 401]);
    const stored = await service.database.db.select().from(messages).where(eq(messages.provider_message_id, 'wamid.FORGED'));
    const queued = await service.database.db.select().from(inboundQueue);
    expect([stored.length, queued.filter((q) => JSON.stringify(q).includes('wamid.FORGED')).length]).toEqual([0, 0]);
  });
});

describe('a dialog on mobile_msg', () => {
  test('a menu answered by list and by button; redeliveries and several messages per POST', async () => {
    const customer = '5511987650001';
    await say(mobileMsg.text(customer, nextId(), 'Olá! ação ✓'));
    const greeting = await sendsAfter(customer, 2);
    expect(greeting.map(textOf)).toEqual(['Welcome to the shop!', 'What would you like?']);
    // Four options: a list whose rows carry ids that round-trip.
    const list = greeting[1]!.body!.interactive as { type: string; action: { sections: { rows: { id: string; title: string }[] }[] } };
    expect(list.type).toBe('list');
    const soup = list.action.sections[0]!.rows.find((r) => r.title === 'Soup')!;

    const answer = mobileMsg.listReply(customer, nextId(), soup.id, soup.title);
    await say(answer);
    await say(answer); // the provider redelivers: no second turn
    const buttons = (await sendsAfter(customer, 3))[2]!.body!.interactive as { type: string; action: { buttons: { reply: { id: string; title: string } }[] } };
    expect(buttons.type).toBe('button');
    expect(buttons.action.buttons.map((b) => b.reply.title)).toEqual(['Small', 'Large']);

    // Two messages in one POST: a button reply and a new menu choice, each handled in order.
    const large = buttons.action.buttons[1]!.reply;
    const res = await post('mobile_msg', 'shop', mobileMsgWebhook(PHONE_ID, [
      { messages: [mobileMsg.buttonReply(customer, nextId(), large.id, large.title)] },
      { messages: [mobileMsg.text(customer, nextId(), 'Pizza')] },
    ]));
    expect(res.status).toBe(200);
    const all = await sendsAfter(customer, 6);
    expect(all.slice(3).map(textOf)).toEqual(['One Large Soup coming up.', 'What would you like?', 'Which size?']);
    await service.eventsHandled();
    const inbound = await service.database.db.select().from(messages).where(and(eq(messages.provider_message_id, answer.id)));
    expect(inbound).toHaveLength(1);
    expect(sendsTo(customer)).toHaveLength(6);
  });

  test('delivery statuses update the transcript; a failed status keeps the provider code and title', async () => {
    const customer = '5511987650002';
    await say(mobileMsg.text(customer, nextId(), 'hi'));
    await sendsAfter(customer, 2);
    const wamid = sendsTo(customer)[0]!.answeredId!;
    await waitFor(async () => (await service.database.db.select().from(messages).where(eq(messages.provider_message_id, wamid))).length === 1, 'the receipt on the welcome');
    const statuses = [mobileMsgStatus(wamid, 'sent', customer), mobileMsgStatus(wamid, 'read', customer), mobileMsgStatus(wamid, 'delivered', customer)];
    expect((await post('mobile_msg', 'shop', mobileMsgWebhook(PHONE_ID, [{ statuses }]))).status).toBe(200);
    const [read] = await service.database.db.select().from(messages).where(eq(messages.provider_message_id, wamid));
    expect(read!.payload.provider_status).toBe('read');

    const failed = mobileMsgStatus(wamid, 'failed', customer, { code: 131026, title: 'Message undeliverable' });
    await post('mobile_msg', 'shop', mobileMsgWebhook(PHONE_ID, [{ statuses: [failed] }]));
    const [after] = await service.database.db.select().from(messages).where(eq(messages.provider_message_id, wamid));
    expect([after!.delivery_state, after!.payload.delivery_error]).toEqual(['failed', '131026: Message undeliverable']);
  });

  test('a provider api-url on loopback without http-allow-private-networks: no connection, the delivery fails saying the outbound guard refused it', async () => {
    const customer = '5511987650011';
    const res = await post('mobile_msg', 'private', mobileMsgWebhook('PHONE4', [{ messages: [mobileMsg.text(customer, nextId(), 'hi')] }]));
    expect(res.status).toBe(200);
    let failedRow: typeof messages.$inferSelect | undefined;
    await waitFor(async () => {
      const failed = await service.database.db.select().from(messages).where(and(eq(messages.direction, 'outbound'), eq(messages.delivery_state, 'failed')));
      failedRow = failed.find((m) => String(m.payload.delivery_error).includes('outbound guard'));
      return failedRow !== undefined;
    }, 'the refused message');
    expect(failedRow!.text).toBe('Welcome to the shop!');
    expect(String(failedRow!.payload.delivery_error)).toMatch(/127\.0\.0\.1 is a private or loopback address/);
    expect(String(failedRow!.payload.delivery_error)).not.toContain(TOKEN);
    expect(counting.connections()).toBe(0);
  });

  test('a send refused for the 24-hour window (131047) is recorded with the provider code and text', async () => {
    const customer = '5511987650003';
    graph.fail({ status: 400, code: 131047, message: 'Re-engagement message', details: 'More than 24 hours have passed since the customer last replied to this number.', to: customer });
    await say(mobileMsg.text(customer, nextId(), 'hello after a long time'));
    let failedRow: typeof messages.$inferSelect | undefined;
    await waitFor(async () => {
      const failed = await service.database.db.select().from(messages).where(and(eq(messages.direction, 'outbound'), eq(messages.delivery_state, 'failed')));
      failedRow = failed.find((m) => String(m.payload.delivery_error).startsWith('131047'));
      return failedRow !== undefined;
    }, 'the refused message');
    expect(failedRow!.text).toBe('Welcome to the shop!');
    expect(sendsTo(customer)[0]!.answeredId).toBeUndefined(); // the provider refused it
    expect(failedRow!.payload.delivery_error).toBe('131047: Re-engagement message: More than 24 hours have passed since the customer last replied to this number.');
  });

  test('media arrive as attachments, fetched on demand through our authenticated endpoint', async () => {
    const customer = '5511987650004';
    graph.addMedia('MEDIA-PHOTO', { data: Buffer.from('jpeg-bytes'), mimeType: 'image/jpeg' }, TOKEN);
    const id = nextId();
    await say(mobileMsg.image(customer, id, 'MEDIA-PHOTO', 'my photo'));
    let stored: typeof messages.$inferSelect | undefined;
    await waitFor(async () => {
      [stored] = await service.database.db.select().from(messages).where(eq(messages.provider_message_id, id));
      return stored !== undefined;
    }, 'the photo message');
    expect(stored!.text).toBe('my photo');
    const url = '/api/channels/mobile_msg/shop/media/MEDIA-PHOTO';
    expect((await fetch(`${service.url}${url}`)).status).toBe(401);
    const file = await fetch(`${service.url}${url}`, { headers: admin });
    expect([file.status, file.headers.get('content-type'), Buffer.from(await file.arrayBuffer()).toString()]).toEqual([200, 'image/jpeg', 'jpeg-bytes']);
    // A photo shows in place.
    expect(file.headers.get('content-disposition')).toBeNull();
  });

  test('a customer\'s media that could run script, or whose type is not a media type, is served as an attachment with nosniff', async () => {
    graph.addMedia('MEDIA-SVG', { data: Buffer.from('<svg onload="alert(1)"/>'), mimeType: 'image/svg+xml' }, TOKEN);
    graph.addMedia('MEDIA-ODD', { data: Buffer.from('odd'), mimeType: 'not a type' }, TOKEN);
    const headersOf = async (id: string) => {
      const res = await fetch(`${service.url}/api/channels/mobile_msg/shop/media/${id}`, { headers: admin });
      return [res.status, res.headers.get('content-type'), res.headers.get('content-disposition'), res.headers.get('x-content-type-options')];
    };
    expect(await headersOf('MEDIA-SVG')).toEqual([200, 'image/svg+xml', 'attachment', 'nosniff']);
    expect(await headersOf('MEDIA-ODD')).toEqual([200, 'application/octet-stream', 'attachment', 'nosniff']);
  });

  test('reactions are acknowledged and never reach the bot', async () => {
    const customer = '5511987650005';
    const id = nextId();
    expect((await post('mobile_msg', 'shop', mobileMsgWebhook(PHONE_ID, [{ messages: [mobileMsg.reaction(customer, id, 'wamid.FAKE1')] }]))).status).toBe(200);
    // Nothing was queued for the bot: no stored message, no session, no answer.
    const queued = await service.database.db.select().from(inboundQueue);
    const stored = await service.database.db.select().from(messages).where(eq(messages.provider_message_id, id));
    expect([queued.filter((q) => JSON.stringify(q).includes(id)).length, stored.length, sendsTo(customer).length]).toEqual([0, 0, 0]);
  });
});

describe('voice notes', () => {
  test('transcribed through the voice service and answered like text', async () => {
    const customer = '5511987650006';
    graph.addMedia('MEDIA-VOICE', { data: Buffer.from('OggS-voice'), mimeType: 'audio/ogg' }, TOKEN);
    voice.transcript = 'Talk to a person';
    await say(mobileMsg.text(customer, nextId(), 'hi'));
    await sendsAfter(customer, 2);
    await say(mobileMsg.voice(customer, nextId(), 'MEDIA-VOICE'));
    await waitFor(async () => (await service.database.db.select().from(messages).where(eq(messages.text, 'Talk to a person'))).length > 0, 'the transcribed note');
    const [note] = await service.database.db.select().from(messages).where(eq(messages.text, 'Talk to a person'));
    expect(note!.payload.attachments).toEqual([expect.objectContaining({ type: 'audio', media_id: 'MEDIA-VOICE', voice: true })]);
    expect(voice.requests.find((r) => r.path === '/v1/audio/transcriptions')).toMatchObject({ authorization: 'Bearer voice-key' });
  });

  test('a reply to a voice note is also spoken: /audio/speech, uploaded as media, sent as audio', async () => {
    const customer = '5511987650009';
    graph.addMedia('MEDIA-VOICE2', { data: Buffer.from('OggS-voice-2'), mimeType: 'audio/ogg' }, TOKEN);
    await say(mobileMsg.text(customer, nextId(), 'hi'));
    await sendsAfter(customer, 2);
    voice.transcript = 'Pizza';
    const speeches = voice.requests.filter((r) => r.path === '/v1/audio/speech').length;
    await say(mobileMsg.voice(customer, nextId(), 'MEDIA-VOICE2'));
    const [, , size, spoken] = await sendsAfter(customer, 4);
    expect(textOf(size!)).toBe('Which size?');
    const speech = voice.requests.filter((r) => r.path === '/v1/audio/speech');
    expect(speech).toHaveLength(speeches + 1);
    expect(speech.at(-1)).toMatchObject({ authorization: 'Bearer voice-key', contentType: expect.stringMatching(/^application\/json/) });
    const upload = graph.requests.filter((r) => r.path === `${PHONE_ID}/media`).at(-1)!;
    expect(upload.authorization).toBe(`Bearer ${TOKEN}`);
    expect(upload.contentType).toMatch(/^multipart\/form-data; boundary=/);
    const form = upload.raw.toString('latin1');
    expect(form).toContain('name="messaging_product"\r\n\r\nwhatsapp');
    expect(form).toMatch(/name="file"; filename="reply\.ogg"\r\nContent-Type: audio\/ogg\r\n\r\nOggS/);
    // The provider plays Ogg/Opus inline: the upload is the voice service's Ogg stream with an Opus ID header.
    const audio = upload.raw.subarray(upload.raw.indexOf('OggS'));
    expect(isOggOpus(audio)).toBe(true);
    expect(spoken!.body).toEqual({ messaging_product: 'whatsapp', recipient_type: 'individual', to: customer, type: 'audio', audio: { id: expect.stringMatching(/^uploaded-\d+$/) } });
  });

  test('a voice service the outbound guard refuses (the metadata address) is never called: told politely', async () => {
    const customer = '5511987650010';
    const calls = voice.requests.length;
    graph.addMedia('MEDIA-VOICE-3', { data: Buffer.from('OggS-voice'), mimeType: 'audio/ogg' }, TOKEN);
    const res = await post('mobile_msg', 'guarded', mobileMsgWebhook('PHONE3', [{ messages: [mobileMsg.voice(customer, nextId(), 'MEDIA-VOICE-3')] }]));
    expect(res.status).toBe(200);
    const [notice] = await sendsAfter(customer, 1);
    expect(textOf(notice!)).toMatch(/cannot understand voice notes/);
    expect(voice.requests.length).toBe(calls);
  });

  test('without a voice service the customer is told politely', async () => {
    const customer = '5511987650007';
    await say(mobileMsg.voice(customer, nextId(), 'MEDIA-VOICE'), 'novoice');
    const [notice] = await sendsAfter(customer, 1);
    expect(textOf(notice!)).toMatch(/cannot understand voice notes/);
  });
});

describe('page_msg', () => {
  test('quick replies out, a quick reply and a postback in; echoes ignored', async () => {
    const psid = 'PSID-42';
    const postPage = (events: Record<string, unknown>[]) => post('page_msg', 'shop', messagingWebhook('page', events));
    expect((await postPage([messaging.text(psid, nextId('m_'), 'hi'), messaging.echo(psid, nextId('m_'), 'echo')])).status).toBe(200);
    const [, menu] = await sendsAfter(psid, 2);
    const replies = (menu!.body!.message as { quick_replies: { title: string; payload: string }[] }).quick_replies;
    expect(replies.map((r) => r.title)).toEqual(['Pizza', 'Salad', 'Soup', 'Talk to a person']);
    await postPage([messaging.quickReply(psid, nextId('m_'), replies[0]!.payload, 'Pizza')]);
    const [, , size] = await sendsAfter(psid, 3);
    const sizes = (size!.body!.message as { quick_replies: { payload: string; title: string }[] }).quick_replies;
    await postPage([messaging.postback(psid, nextId('m_'), sizes[0]!.payload, sizes[0]!.title)]);
    expect(textOf((await sendsAfter(psid, 4))[3]!)).toBe('One Small Pizza coming up.');
  });
});

describe('social_dm', () => {
  test('an Instagram dialog: signed with its own secret, quick replies out and in, echoes ignored, redeliveries dropped', async () => {
    const igsid = '1254459154682919';
    const postInsta = (events: Record<string, unknown>[], secret = INSTA_SECRET) => post('social_dm', 'insta', messagingWebhook('instagram', events), undefined, secret);
    const handshake = await fetch(`${service.url}/webhooks/social_dm/insta?hub.mode=subscribe&hub.verify_token=verify-insta&hub.challenge=42`);
    expect([handshake.status, await handshake.text()]).toEqual([200, '42']);
    // Signed with another channel's secret: refused, nothing stored.
    const forgedId = nextId('aWdfZAG1faXRlbToxOklHTWVzc2FnZAU');
    expect((await postInsta([messaging.text(igsid, forgedId, 'hi')], SECRET)).status).toBe(401);

    const echoId = nextId('aWdfZAG1faXRlbToxOklHTWVzc2FnZAU');
    expect((await postInsta([messaging.text(igsid, nextId('aWdfZAG1faXRlbToxOklHTWVzc2FnZAU'), 'hi'), messaging.echo(igsid, echoId, 'Welcome to the shop!')])).status).toBe(200);
    const [welcome, menu] = await sendsAfter(igsid, 2);
    expect([welcome!.path, welcome!.authorization, textOf(welcome!)]).toEqual(['me/messages', `Bearer ${INSTA_TOKEN}`, 'Welcome to the shop!']);
    expect(welcome!.body).toMatchObject({ recipient: { id: igsid }, messaging_type: 'RESPONSE' });
    const replies = (menu!.body!.message as { quick_replies: { content_type: string; title: string; payload: string }[] }).quick_replies;
    expect(replies.map((r) => [r.content_type, r.title])).toEqual([['text', 'Pizza'], ['text', 'Salad'], ['text', 'Soup'], ['text', 'Talk to a person']]);

    const soup = messaging.quickReply(igsid, nextId('aWdfZAG1faXRlbToxOklHTWVzc2FnZAU'), replies[2]!.payload, 'Soup');
    await postInsta([soup]);
    const size = (await sendsAfter(igsid, 3))[2]!;
    expect(textOf(size)).toBe('Which size?');
    await postInsta([soup]); // redelivered by the provider: no second turn
    const sizes = (size.body!.message as { quick_replies: { payload: string; title: string }[] }).quick_replies;
    await postInsta([messaging.quickReply(igsid, nextId('aWdfZAG1faXRlbToxOklHTWVzc2FnZAU'), sizes[1]!.payload, 'Large')]);
    expect(textOf((await sendsAfter(igsid, 5))[3]!)).toBe('One Large Soup coming up.');
    await service.eventsHandled();
    expect(sendsTo(igsid).map(textOf)).toEqual(['Welcome to the shop!', 'What would you like?', 'Which size?', 'One Large Soup coming up.', 'What would you like?']);
    // The echo and the forged message never reached the transcript; the customer's lines did, once each.
    const stored = await service.database.db.select().from(messages).where(and(eq(messages.channel, 'social_dm'), eq(messages.direction, 'inbound')));
    expect(stored.map((m) => m.text)).toEqual(['hi', 'Soup', 'Large']);
    expect(stored.some((m) => m.provider_message_id === echoId || m.provider_message_id === forgedId)).toBe(false);
  });
});

describe('attendants on mobile_msg', () => {
  test('an attendant writing from their phone gets the notice, runs commands and answers the customer', async () => {
    const password = 'password-for-tests';
    const created = await fetch(`${service.url}/api/users`, {
      method: 'POST', headers: { ...admin, 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'ana', email: 'ana@example.test', password, roles: ['attendant'] }),
    });
    const ana = (await created.json()) as { id: string };
    const repos = createAttendanceRepositories(service.database.db);
    await repos.profiles.upsert(ana.id, { name: 'Ana', phone: `+${ATTENDANT_PHONE}` });
    await repos.profiles.setStatus(ana.id, 'online');

    const customer = '5511987650008';
    await say(mobileMsg.text(customer, nextId(), 'hi'));
    await sendsAfter(customer, 2);
    await say(mobileMsg.listReply(customer, nextId(), 'sb:Talk to a person', 'Talk to a person'));
    const [notice] = await sendsAfter(ATTENDANT_PHONE, 1);
    // The customer by the display rule (docs/crm.md, "What attendants see"): the profile name the channel gives (contacts[].profile.name).
    expect(textOf(notice!)).toMatch(new RegExp(`New conversation from Customer ${customer.slice(-4)}: "Talk to a person"\\nType /take \\S+ to accept it\\.`));

    await say(mobileMsg.text(ATTENDANT_PHONE, nextId(), '/queue'));
    const [, queue] = await sendsAfter(ATTENDANT_PHONE, 2);
    // Each waiting customer by name (earlier tests' conversations may wait too), never by the raw number.
    expect(textOf(queue!)).toMatch(new RegExp(`^\\d+\\. \\[(waiting|assigned → you)\\] Customer ${customer.slice(-4)} · mobile_msg · .*"Talk to a person"`, 'm'));
    expect(textOf(queue!)).not.toContain(customer);

    // The customer's queue-position notice may still be on its way: wait for the line itself.
    await say(mobileMsg.text(ATTENDANT_PHONE, nextId(), 'Hi, this is Ana. How can I help?'));
    await waitFor(() => sendsTo(customer).some((r) => textOf(r) === 'Hi, this is Ana. How can I help?'), "the attendant's line to the customer");
    const [, , sent] = await sendsAfter(ATTENDANT_PHONE, 3);
    expect(textOf(sent!)).toBe('Sent to the customer.');
    // The provider redelivers the attendant's line (same wamid) after it ran: it does not run again.
    const line = mobileMsg.text(ATTENDANT_PHONE, nextId(), 'Your order left the shop.');
    await say(line);
    await waitFor(() => sendsTo(ATTENDANT_PHONE).length >= 4, 'the confirmation of the line');
    await service.eventsHandled();
    await say(line);
    await say(mobileMsg.text(ATTENDANT_PHONE, nextId(), '/queue')); // a later line runs, so the redelivery had its turn before it
    await sendsAfter(ATTENDANT_PHONE, 5);
    await service.eventsHandled();
    expect(sendsTo(customer).filter((r) => textOf(r) === 'Your order left the shop.')).toHaveLength(1);
    expect(sendsTo(ATTENDANT_PHONE).filter((r) => textOf(r) === 'Sent to the customer.')).toHaveLength(2);
    // On a bot with attendance-mobile-msg-commands off, commands are refused politely.
    await say(mobileMsg.text(ATTENDANT_PHONE, nextId(), '/queue'), 'novoice');
    const off = (await sendsAfter(ATTENDANT_PHONE, 6))[5];
    expect(textOf(off!)).toMatch(/^Commands are turned off on this channel/);
    // A line the provider refuses for good (131047) reaches Ana's console live, besides the transcript.
    const console_ = connectFrameSocket(`${service.url.replace(/^http/, 'ws')}/ws/attendance?token=${encodeURIComponent((await bearerFor(service.url, 'ana', password)).authorization.slice(7))}`, sockets);
    await console_.opened;
    graph.fail({ status: 400, code: 131047, message: 'Re-engagement message', details: 'More than 24 hours have passed since the customer last replied to this number.', to: customer });
    await say(mobileMsg.text(ATTENDANT_PHONE, nextId(), 'Are you still there?'));
    const failed = await console_.next((f) => f.type === 'delivery_failed', 'delivery_failed');
    expect(failed).toEqual({
      type: 'delivery_failed', session_id: expect.any(String), message_id: expect.any(String), channel: 'mobile_msg', from: 'attendant',
      text: 'Are you still there?', reason: '131047: Re-engagement message: More than 24 hours have passed since the customer last replied to this number.',
    });
    const [row] = await service.database.db.select().from(messages).where(eq(messages.id, failed.message_id as string));
    expect([row!.session_id, row!.delivery_state]).toEqual([failed.session_id, 'failed']);
    // The attendant's lines never became a customer's session.
    const asCustomer = await service.database.db.select().from(messages).where(and(eq(messages.channel, 'mobile_msg'), eq(messages.sender, 'customer')));
    expect(asCustomer.some((m) => m.text.startsWith('Hi, this is Ana'))).toBe(false);
  });
});
