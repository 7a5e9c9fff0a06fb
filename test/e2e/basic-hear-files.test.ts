import { and, asc, eq } from 'drizzle-orm';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import QRCode from 'qrcode';
import { messages, sessions } from '../../db/schema/index.js';
import { createTestBots, type TestBots } from '../support/bot-packages.js';
import { waitFor } from '../support/engine-kit.js';
import { startFakeGraph, type FakeGraph, type GraphRequest } from '../support/fake-graph.js';
import { startFakeTelegram, telegramUpdates, type FakeTelegram } from '../support/fake-telegram.js';
import { startFakeTwilio, twilioInbound, twilioSignature, type FakeTwilio } from '../support/fake-twilio.js';
import { startFakeVoice, type FakeVoice } from '../support/fake-voice.js';
import { FAKE_APP_PASSWORD, startFakeWorkchat, workchatActivities, type FakeWorkchat } from '../support/fake-workchat.js';
import { mobileMsg, mobileMsgWebhook, signedWebhook } from '../support/graph-webhooks.js';
import { startTestService, type TestService } from '../support/service.js';

// HEAR's media types answered with the files customers send on their channels (docs/basic.md,
// "HEAR"): the file is fetched from the channel's provider (a fake speaking its documented API),
// kept in the bot's drive, and the script gets its signed link; QRCODE gets the code's text; a
// voice note the voice service transcribed answers AUDIO with its words.

const SECRET = 'intake-app-secret';
const TOKEN = 'EAAG-intake-token';
const PHONE_ID = '2098765432';
const TG_TOKEN = '555:intake';
const TG_SECRET = 'tg-intake-secret';
const TWILIO_ACCOUNT = 'ACintake';
const TWILIO_TOKEN = 'twilio-intake-token';
const SHOP_NUMBER = '+15550002222';
const WORKCHAT_APP = 'app-intake';
const INTAKE = [
  'TALK "Send a photo of the receipt"',
  'HEAR receipt AS IMAGE',
  'TALK "Receipt: " & receipt',
  'TALK "Now your ticket\'s QR code"',
  'HEAR ticket AS QRCODE',
  'TALK "Ticket: " & ticket',
  'TALK "And the contract"',
  'HEAR contract AS DOCUMENT',
  'TALK "Contract: " & contract',
  'TALK "Tell me what happened"',
  'HEAR story AS AUDIO',
  'TALK "Heard: " & story',
].join('\n');

let graph: FakeGraph;
let telegram: FakeTelegram;
let voice: FakeVoice;
let twilio: FakeTwilio;
let workchat: FakeWorkchat;
let bots: TestBots;
let service: TestService;
let qrPng: Buffer;
let qrJpeg: Buffer;
let counter = 0;
const nextId = () => `wamid.FILES${++counter}`;

beforeAll(async () => {
  qrPng = await QRCode.toBuffer('TICKET-77 seat 3', { type: 'png', scale: 6 });
  const { width, height, data } = PNG.sync.read(qrPng);
  qrJpeg = jpeg.encode({ width, height, data }, 90).data;
  [graph, telegram, voice, twilio, workchat] = await Promise.all([startFakeGraph(), startFakeTelegram(), startFakeVoice(), startFakeTwilio(), startFakeWorkchat()]);
  bots = await createTestBots('sb-hear-files-');
  await bots.add('intake', {
    'mobile-msg-phone-number-id': PHONE_ID, 'mobile-msg-access-token': TOKEN, 'mobile-msg-app-secret': SECRET,
    'mobile-msg-webhook-verify-token': 'verify-intake', 'mobile-msg-api-url': graph.url,
    'bot-msg-token': TG_TOKEN, 'bot-msg-webhook-secret': TG_SECRET, 'bot-msg-api-url': telegram.url,
    'sms-account-sid': TWILIO_ACCOUNT, 'sms-auth-token': TWILIO_TOKEN, 'sms-from': SHOP_NUMBER, 'sms-api-url': twilio.url,
    'workchat-app-id': WORKCHAT_APP, 'workchat-app-password': FAKE_APP_PASSWORD, 'workchat-bot-id': '28:bot-id',
    'workchat-openid-metadata-url': workchat.metadataUrl, 'workchat-token-url': workchat.tokenUrl,
    'voice-models-url': voice.url, 'voice-models-api-key': 'voice-key',
    // The fake voice service listens on loopback, which the outbound guard refuses otherwise.
    'http-allow-private-networks': 'true',
  }, INTAKE);
  service = await startTestService({ BOTS_DIR: bots.dir });
});
afterAll(async () => {
  await service?.dispose();
  await bots?.remove();
  await Promise.all([graph?.close(), telegram?.close(), voice?.close(), twilio?.close(), workchat?.close()]);
});

async function sayOnMobile(item: ReturnType<typeof mobileMsg.text>): Promise<void> {
  const signed = signedWebhook(mobileMsgWebhook(PHONE_ID, [{ messages: [item] }]), SECRET);
  const res = await fetch(`${service.url}/webhooks/mobile_msg/intake`, { method: 'POST', headers: signed.headers, body: new Uint8Array(signed.raw) });
  expect(res.status).toBe(200);
}
const textsTo = (to: string): string[] =>
  graph.sends().filter((r: GraphRequest) => r.body?.to === to).map((r) => (r.body as { text?: { body: string } }).text?.body ?? '');
async function nextTexts(to: string, count: number): Promise<string[]> {
  await waitFor(() => textsTo(to).length >= count, `${count} messages to ${to}`);
  return textsTo(to);
}
/** The link in a "Label: <link>" reply, fetched: status, type and bytes. */
async function fetchLink(reply: string): Promise<{ link: URL; status: number; bytes: Buffer }> {
  const link = new URL(reply.slice(reply.indexOf(': ') + 2));
  const res = await fetch(link);
  return { link, status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
}

test('on mobile_msg: a photo, a QR code, a PDF and a voice note answer IMAGE, QRCODE, DOCUMENT and AUDIO', async () => {
  const customer = '5511987651234';
  graph.addMedia('M-RECEIPT', { data: Buffer.from([0xff, 0xd8, 0xff, 0x00, 0x0a, 0x0d, 0x80]), mimeType: 'image/jpeg' }, TOKEN);
  graph.addMedia('M-QR', { data: qrJpeg, mimeType: 'image/jpeg' }, TOKEN);
  graph.addMedia('M-PDF', { data: Buffer.from('%PDF-1.4 contract'), mimeType: 'application/pdf' }, TOKEN);
  graph.addMedia('M-VOICE', { data: Buffer.from('OggS-voice'), mimeType: 'audio/ogg' }, TOKEN);

  await sayOnMobile(mobileMsg.text(customer, nextId(), 'hi'));
  expect(await nextTexts(customer, 1)).toEqual(['Send a photo of the receipt']);
  // Text and a file of another kind are asked again; the photo is kept and linked.
  await sayOnMobile(mobileMsg.text(customer, nextId(), 'here it is'));
  await sayOnMobile(mobileMsg.document(customer, nextId(), 'M-PDF'));
  await sayOnMobile(mobileMsg.image(customer, nextId(), 'M-RECEIPT', 'my receipt'));
  const afterPhoto = await nextTexts(customer, 5);
  expect(afterPhoto.slice(1, 3)).toEqual(['Please send an image.', 'Please send an image.']);
  const receipt = await fetchLink(afterPhoto[3]!);
  expect(afterPhoto[3]).toMatch(/^Receipt: http:\/\/127\.0\.0\.1:\d+\/api\/drive\/files\/intake\/received\/[0-9a-f-]{36}\/\d{8}T\d{9}-image\.jpg\?expires=\d+&signature=/);
  expect([receipt.status, receipt.bytes]).toEqual([200, Buffer.from([0xff, 0xd8, 0xff, 0x00, 0x0a, 0x0d, 0x80])]); // binary-safe
  expect(afterPhoto[4]).toBe('Now your ticket\'s QR code');

  await sayOnMobile(mobileMsg.image(customer, nextId(), 'M-QR'));
  expect((await nextTexts(customer, 7)).slice(5)).toEqual(['Ticket: TICKET-77 seat 3', 'And the contract']);

  await sayOnMobile(mobileMsg.document(customer, nextId(), 'M-PDF'));
  const afterPdf = await nextTexts(customer, 9);
  expect(afterPdf[7]).toMatch(/\/received\/[0-9a-f-]{36}\/\d{8}T\d{9}-invoice\.pdf\?/);
  expect((await fetchLink(afterPdf[7]!)).bytes.toString()).toBe('%PDF-1.4 contract');
  expect(afterPdf[8]).toBe('Tell me what happened');

  voice.transcript = 'The pipe burst at night';
  await sayOnMobile(mobileMsg.voice(customer, nextId(), 'M-VOICE'));
  expect((await nextTexts(customer, 10))[9]).toBe('Heard: The pipe burst at night');
});

test('on bot_msg: the largest size of a photo answers IMAGE and QRCODE, fetched with getFile', async () => {
  const chat = 424242;
  telegram.addFile('large', qrPng);
  const post = (update: unknown) =>
    fetch(`${service.url}/webhooks/bot_msg/intake`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': TG_SECRET }, body: JSON.stringify(update) });
  const texts = () => telegram.calls.filter((c) => c.method === 'sendMessage' && String(c.params.chat_id) === String(chat) && c.result).map((c) => c.params.text as string);
  const reached = (count: number) => telegram.waitFor(() => texts().length >= count, `${count} messages to ${chat}`);

  expect((await post(telegramUpdates.text(chat, 'hi'))).status).toBe(200);
  await reached(1);
  expect((await post(telegramUpdates.photo(chat, 'receipt'))).status).toBe(200);
  await reached(3);
  const receipt = await fetchLink(texts()[1]!);
  expect([receipt.status, receipt.bytes.equals(qrPng)]).toEqual([200, true]);
  expect(receipt.link.pathname).toMatch(/\/received\/[0-9a-f-]{36}\/\d{8}T\d{9}-image\.jpg$/);
  expect(telegram.downloads.some((d) => d.token === TG_TOKEN)).toBe(true);

  expect((await post(telegramUpdates.photo(chat, ''))).status).toBe(200);
  await reached(5);
  expect(texts().slice(3, 5)).toEqual(['Ticket: TICKET-77 seat 3', 'And the contract']);
});

test('on sms: MMS media behind the account\'s HTTP authentication answer IMAGE and QRCODE', async () => {
  const customer = '+15557770001';
  const post = async (fields: Record<string, string>) => {
    const url = `${service.url}/webhooks/sms/intake`;
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilioSignature(TWILIO_TOKEN, url, fields) },
      body: new URLSearchParams(fields).toString(),
    });
    expect(res.status).toBe(200);
  };
  const mms = (data: Buffer, type: string) =>
    twilioInbound(customer, SHOP_NUMBER, '', { NumMedia: '1', MediaUrl0: twilio.addMedia(TWILIO_ACCOUNT, data, type), MediaContentType0: type });
  // The bot's replies as the transcript keeps them, one row per SMS sent.
  const replies = async () => (await service.database.db.select({ text: messages.text }).from(messages)
    .innerJoin(sessions, eq(sessions.id, messages.session_id))
    .where(and(eq(sessions.external_user_id, customer), eq(messages.direction, 'outbound'))).orderBy(asc(messages.seq))).map((m) => m.text);
  const reached = async (count: number) => {
    await waitFor(async () => (await replies()).length >= count, `${count} replies to ${customer}`);
    return replies();
  };

  await post(twilioInbound(customer, SHOP_NUMBER, 'hi'));
  await reached(1);
  await post(mms(qrJpeg, 'image/jpeg'));
  // "Receipt: <link>" is three SMS: the label, then the link cut where a part is full.
  const parts = (await reached(5)).slice(1, 4).map((part) => part.replace(/^\(\d\/3\) /, ''));
  expect(parts[0]).toBe('Receipt:');
  const receipt = await fetchLink(`Receipt: ${parts[1]}${parts[2]}`);
  expect([receipt.status, receipt.bytes.equals(qrJpeg)]).toEqual([200, true]);
  expect(receipt.link.pathname).toMatch(/\/received\/[0-9a-f-]{36}\/\d{8}T\d{9}-image\.jpg$/);
  expect(twilio.mediaRequests.map((r) => r.auth)).toEqual([`${TWILIO_ACCOUNT}:${TWILIO_TOKEN}`]);

  await post(mms(qrPng, 'image/png'));
  expect((await reached(7)).slice(4, 7)).toEqual(['Now your ticket\'s QR code', 'Ticket: TICKET-77 seat 3', 'And the contract']);
});

test('on workchat: an image the connector keeps answers IMAGE and QRCODE with the bot\'s token; a shared file answers DOCUMENT', async () => {
  const conversation = 'a:intake-files';
  const say = async (text: string, attachments: unknown[] = []) => {
    const activity = workchatActivities.message(workchat.serviceUrl, conversation, { id: '29:ana', name: 'Ana' }, text, attachments.length ? { attachments } : {});
    const res = await fetch(`${service.url}/webhooks/workchat/intake`, {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${await workchat.token(WORKCHAT_APP)}` }, body: JSON.stringify(activity),
    });
    expect(res.status).toBe(200);
  };
  const texts = () => workchat.postsTo(conversation).map((p) => p.activity.text ?? '');
  const reached = (count: number) => workchat.waitFor(() => texts().length >= count, `${count} posts to ${conversation}`);
  const pasted = () => ({ contentType: 'image/png', contentUrl: workchat.addAttachment(qrPng, 'image/png') });

  await say('hi');
  await reached(1);
  await say('', [pasted()]);
  await reached(3);
  const receipt = await fetchLink(texts()[1]!);
  expect([receipt.status, receipt.bytes.equals(qrPng)]).toEqual([200, true]);
  expect(workchat.fileRequests.map((r) => r.authorization)).toEqual([expect.stringMatching(/^Bearer connector-token-\d+$/)]);

  await say('', [pasted()]);
  await reached(5);
  expect(texts().slice(3, 5)).toEqual(['Ticket: TICKET-77 seat 3', 'And the contract']);

  // Shared in a personal chat: the short-lived download link, fetched without the bot's token.
  const downloadUrl = workchat.addSharedFile(Buffer.from('%PDF-1.4 signed'));
  await say('', [{ contentType: 'application/vnd.microsoft.teams.file.download.info', name: 'contract.pdf', contentUrl: 'https://contoso.sharepoint.example/contract.pdf', content: { downloadUrl, fileType: 'pdf' } }]);
  await reached(7);
  expect(texts()[5]).toMatch(/\/received\/[0-9a-f-]{36}\/\d{8}T\d{9}-contract\.pdf\?/);
  expect((await fetchLink(texts()[5]!)).bytes.toString()).toBe('%PDF-1.4 signed');
  expect(workchat.fileRequests.at(-1)).toEqual({ path: new URL(downloadUrl).pathname, authorization: undefined });
});

test('on the web channel: the widget\'s upload answers IMAGE, linked where it is in the drive', async () => {
  const say = async (body: Record<string, unknown>) => {
    const res = await fetch(`${service.url}/api/channels/web/intake/messages`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect(res.status).toBe(200);
    return (await res.json()) as { session_token: string; replies: { text: string }[] };
  };
  const first = await say({ text: 'hi' });
  const upload = await fetch(`${service.url}/api/channels/web/intake/uploads?name=${encodeURIComponent('my receipt.png')}`, {
    method: 'POST', headers: { authorization: `Bearer ${first.session_token}`, 'content-type': 'image/png' }, body: new Uint8Array(qrPng),
  });
  expect(upload.status).toBe(201);
  const file = (await upload.json()) as { url: string; name: string; mime_type: string; type: string };
  const answer = await say({ text: '', session_token: first.session_token, attachments: [{ url: file.url, name: file.name, mime_type: file.mime_type, type: file.type }] });
  const receipt = answer.replies[0]!.text;
  expect(new URL(receipt.slice('Receipt: '.length)).pathname).toBe(new URL(file.url).pathname); // no copy
  expect((await fetchLink(receipt)).bytes.equals(qrPng)).toBe(true);
});
