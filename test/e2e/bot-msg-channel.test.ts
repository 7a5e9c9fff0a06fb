import { and, eq } from 'drizzle-orm';
import { channelsCommand } from '../../bin/channels-command.js';
import { readProcessSettings } from '../../config/index.js';
import { createLogger } from '../../infra/logger.js';
import { messages, outbox, sessions } from '../../db/schema/index.js';
import { createTestBots, type TestBots } from '../support/bot-packages.js';
import { startFakeTelegram, telegramUpdates, type FakeTelegram, type TelegramCall } from '../support/fake-telegram.js';
import { startFakeVoice, type FakeVoice } from '../support/fake-voice.js';
import { isOggOpus } from '../support/ogg-opus.js';
import { startTestService, type TestService } from '../support/service.js';
import { waitForValue } from '../support/wait-for.js';

const SECRET = 'tg-webhook-secret-1';
const TOKEN = '111:AAA';
const VOICE_TOKEN = '222:BBB';
const PUBLIC_URL = 'https://bots.example.test';
const START = `TALK "Hello \${user_name}, pick a colour."
HEAR colour AS "Red", "Green", "Blue"
TALK "You picked \${colour}."
HEAR more
TALK "Bye."
`;

let telegram: FakeTelegram;
let voice: FakeVoice;
let bots: TestBots;
let service: TestService;
let chats = 7000;

beforeAll(async () => {
  telegram = await startFakeTelegram();
  voice = await startFakeVoice();
  bots = await createTestBots();
  // The fake Bot API listens on loopback, which the outbound guard refuses otherwise.
  const channel = { 'bot-msg-token': TOKEN, 'bot-msg-webhook-secret': SECRET, 'bot-msg-api-url': telegram.url, 'http-allow-private-networks': 'true' };
  await bots.add('tg', channel, START);
  await bots.add('tgoff', { ...channel, 'bot-msg-enabled': 'false' }, START);
  // Voice notes through the voice service (on loopback, so the outbound guard must allow it).
  await bots.add('tgvoice', {
    ...channel, 'bot-msg-token': VOICE_TOKEN, 'voice-models-url': voice.url, 'voice-models-api-key': 'tg-voice-key', 'http-allow-private-networks': 'true',
  }, START);
  service = await startTestService({ BOTS_DIR: bots.dir, PUBLIC_URL });
});
afterAll(async () => {
  await service?.dispose();
  await bots?.remove();
  await telegram?.close();
  await voice?.close();
});

function post(update: unknown, secret: string | null = SECRET, bot = 'tg'): Promise<Response> {
  return fetch(`${service.url}/webhooks/bot_msg/${bot}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(secret === null ? {} : { 'x-telegram-bot-api-secret-token': secret }) },
    body: JSON.stringify(update),
  });
}

const sentTo = (chat: number) => telegram.calls.filter((c) => c.method === 'sendMessage' && String(c.params.chat_id) === String(chat) && c.result);
const textsTo = (chat: number) => sentTo(chat).map((c) => c.params.text as string);
const waitForText = (chat: number, text: string) => telegram.waitFor(() => textsTo(chat).includes(text), `"${text}" sent to ${chat}`);
const inboundOf = (chat: number) => service.database.db.select().from(messages).innerJoin(sessions, eq(sessions.id, messages.session_id))
  .where(and(eq(sessions.external_user_id, String(chat)), eq(messages.direction, 'inbound'), eq(messages.channel, 'bot_msg')));
const sessionOf = async (chat: number) =>
  (await service.database.db.select().from(sessions).where(and(eq(sessions.external_user_id, String(chat)), eq(sessions.channel, 'bot_msg'))))[0]!;

describe('bot_msg channel (Telegram, through grammY against a fake Bot API)', () => {
  test('a wrong or missing secret is 401 and nothing is stored; an off channel or unknown bot is 404', async () => {
    const chat = chats++;
    expect((await post(telegramUpdates.text(chat, 'hi'), 'wrong-secret')).status).toBe(401);
    expect((await post(telegramUpdates.text(chat, 'hi'), null)).status).toBe(401);
    expect((await post(telegramUpdates.text(chat, 'hi'), SECRET, 'tgoff')).status).toBe(404);
    expect((await post(telegramUpdates.text(chat, 'hi'), SECRET, 'nobody')).status).toBe(404);
    expect(await inboundOf(chat)).toHaveLength(0);
  });

  test('a full dialog with an inline keyboard: the pressed button is answered and fed to the dialog', async () => {
    const chat = chats++;
    expect((await post(telegramUpdates.text(chat, 'hi'))).status).toBe(200);
    await waitForText(chat, 'Hello Ana Lima, pick a colour.');
    const menu = sentTo(chat).at(-1)!;
    const keyboard = (menu.params.reply_markup as { inline_keyboard: { text: string; callback_data: string }[][] }).inline_keyboard.flat();
    expect(keyboard.map((b) => [b.text, b.callback_data])).toEqual([['Red', 'Red'], ['Green', 'Green'], ['Blue', 'Blue']]);

    const press = telegramUpdates.callback(chat, menu.result as Record<string, unknown>, 'Green');
    expect((await post(press)).status).toBe(200);
    await waitForText(chat, 'You picked Green.');
    await telegram.waitFor((calls) => calls.some((c) => c.method === 'answerCallbackQuery' && c.params.callback_query_id === press.callback_query.id), 'the callback query answered');
  });

  test('a redelivered update (same update_id) runs nothing again', async () => {
    const chat = chats++;
    const update = telegramUpdates.text(chat, 'hi');
    expect((await post(update)).status).toBe(200);
    expect((await post(update)).status).toBe(200);
    await waitForText(chat, 'Hello Ana Lima, pick a colour.');
    expect(await inboundOf(chat)).toHaveLength(1);
    await service.eventsHandled();
    expect(textsTo(chat).filter((t) => t === 'Hello Ana Lima, pick a colour.')).toHaveLength(1);
  });

  test('/start restarts the dialog; an edited message is recorded, not run', async () => {
    const chat = chats++;
    await post(telegramUpdates.text(chat, 'hi'));
    await post(telegramUpdates.text(chat, 'Red'));
    await waitForText(chat, 'You picked Red.');
    await post(telegramUpdates.edited(chat, 'Blue'));
    await post(telegramUpdates.text(chat, '/start'));
    await telegram.waitFor(() => textsTo(chat).filter((t) => t === 'Hello Ana Lima, pick a colour.').length === 2, 'the greeting again');
    const rows = await inboundOf(chat);
    expect(rows.map((r) => r.messages.text)).toEqual(['hi', 'Red', 'Blue', '/start']);
    expect(textsTo(chat)).not.toContain('Bye.'); // the edit did not answer the open HEAR
  });

  test('/agent hands the session to a person with the reason the contract names', async () => {
    const chat = chats++;
    await post(telegramUpdates.text(chat, 'hi'));
    await post(telegramUpdates.text(chat, '/agent'));
    await telegram.waitFor(() => textsTo(chat).some((t) => t.startsWith('You are being transferred')), 'the wait message');
    const session = await sessionOf(chat);
    expect(session.needs_human).toBe(true);
    expect(session.context_data.transfer_reason).toBe('customer asked for a person');
  });

  test('a blocked bot (403) fails the message for good and marks the session unreachable; 429 waits retry_after', async () => {
    const chat = chats++;
    telegram.failNext('sendMessage', { error_code: 429, description: 'Too Many Requests: retry after 1', parameters: { retry_after: 1 } }, 1, chat);
    await post(telegramUpdates.text(chat, 'hi'));
    await waitForText(chat, 'Hello Ana Lima, pick a colour.');
    const greetings = telegram.calls.filter((c) => String(c.params.chat_id) === String(chat) && c.params.text === 'Hello Ana Lima, pick a colour.');
    expect(greetings.map((c) => c.result !== undefined)).toEqual([false, true]); // refused with 429, then sent

    telegram.failNext('sendMessage', { error_code: 403, description: 'Forbidden: bot was blocked by the user' }, 1, chat);
    await post(telegramUpdates.text(chat, 'Blue'));
    const failedRows = () => service.database.db.select({ last_error: outbox.last_error }).from(outbox).innerJoin(sessions, eq(sessions.id, outbox.session_id))
      .where(and(eq(sessions.external_user_id, String(chat)), eq(outbox.state, 'failed')));
    const failed = await waitForValue(failedRows, (rows) => rows.length > 0, { what: 'the refused delivery failed', intervalMs: 20 });
    expect(failed).toEqual([{ last_error: 'Forbidden: bot was blocked by the user' }]);
    expect((await sessionOf(chat)).context_data).toMatchObject({ unreachable: true, unreachable_reason: 'Forbidden: bot was blocked by the user' });
  });

  test('a voice or video note takes the one speech path: getFile, the download, transcription; it enters as text with the audio, and the answer is spoken (sendVoice)', async () => {
    const chat = chats++;
    telegram.addFile('VOICE-1', Buffer.from('OggS-tg-voice'));
    expect((await post(telegramUpdates.text(chat, 'hi'), SECRET, 'tgvoice')).status).toBe(200);
    await waitForText(chat, 'Hello Ana Lima, pick a colour.');
    voice.transcript = 'Green';
    expect((await post(telegramUpdates.voice(chat, 'VOICE-1'), SECRET, 'tgvoice')).status).toBe(200);
    await waitForText(chat, 'You picked Green.');
    expect(telegram.callsOf('getFile').at(-1)).toMatchObject({ token: VOICE_TOKEN, params: { file_id: 'VOICE-1' } });
    expect(telegram.downloads.at(-1)).toEqual({ token: VOICE_TOKEN, path: 'voice/VOICE-1' });
    const transcription = voice.requests.filter((r) => r.path === '/v1/audio/transcriptions').at(-1)!;
    expect(transcription.authorization).toBe('Bearer tg-voice-key');
    expect(transcription.contentType).toMatch(/^multipart\/form-data/);
    const stored = (await inboundOf(chat)).map((r) => r.messages);
    expect(stored.map((m) => m.text)).toEqual(['hi', 'Green']);
    expect(stored[1]!.payload.attachments).toEqual([{ type: 'audio', url: 'bot-msg-file:VOICE-1', mime_type: 'audio/ogg', name: 'voice.ogg', voice: true }]);
    // The answer to the spoken message is spoken too (bot-msg-voice-response, on by default): a voice note after the text.
    await telegram.waitFor((calls) => calls.some((c) => c.method === 'sendVoice' && String(c.params.chat_id) === String(chat)), 'the spoken reply');
    const spoken = telegram.callsOf('sendVoice').find((c) => String(c.params.chat_id) === String(chat))!;
    expect(spoken.token).toBe(VOICE_TOKEN);
    expect(isOggOpus(spoken.files!.voice!.data)).toBe(true);
    expect(voice.requests.filter((r) => r.path === '/v1/audio/speech').at(-1)).toMatchObject({ input: 'You picked Green.', responseFormat: 'opus' });
    // A video note takes the same path: transcribed, answered, and the answer spoken.
    telegram.addFile('VNOTE-1', Buffer.from('mp4-video-note'));
    voice.transcript = 'that is all';
    expect((await post(telegramUpdates.videoNote(chat, 'VNOTE-1'), SECRET, 'tgvoice')).status).toBe(200);
    await waitForText(chat, 'Bye.');
    expect((await inboundOf(chat)).map((r) => r.messages.text)).toEqual(['hi', 'Green', 'that is all']);
    await telegram.waitFor((calls) => calls.filter((c) => c.method === 'sendVoice' && String(c.params.chat_id) === String(chat)).length === 2, 'the second spoken reply');
    // A bot without a voice service keeps the note as an audio attachment with no text.
    const other = chats++;
    expect((await post(telegramUpdates.voice(other, 'VOICE-1'))).status).toBe(200);
    await waitForText(other, 'Hello Ana Lima, pick a colour.');
    expect((await inboundOf(other)).map((r) => r.messages.text)).toEqual(['']);
  });

  test('`switchboard channels connect bot_msg` sets the webhook (URL, secret, update types); --check shows getWebhookInfo', async () => {
    const settings = readProcessSettings({ BOTS_DIR: bots.dir, PUBLIC_URL });
    const cli = async (args: string[]) => {
      const out: string[] = [];
      const err: string[] = [];
      const io = { stdout: { write: (s: string) => out.push(s) }, stderr: { write: (s: string) => err.push(s) } } as unknown as Parameters<typeof channelsCommand>[3];
      const code = await channelsCommand(args, settings, createLogger({ pretty: false, level: 'silent' }), io);
      return { code, stdout: out.join(''), stderr: err.join('') };
    };
    const connected = await cli(['connect', 'bot_msg', '--bot', 'tg']);
    expect(connected.code).toBe(0);
    const set: TelegramCall = telegram.callsOf('setWebhook').at(-1)!;
    expect(set.token).toBe(TOKEN);
    expect(set.params).toEqual({ url: `${PUBLIC_URL}/webhooks/bot_msg/tg`, secret_token: SECRET, allowed_updates: ['message', 'edited_message', 'callback_query'] });
    expect(connected.stdout).toContain(`${PUBLIC_URL}/webhooks/bot_msg/tg`);
    const checked = await cli(['connect', 'bot_msg', '--bot', 'tg', '--check']);
    expect(JSON.parse(checked.stdout)).toMatchObject({ url: `${PUBLIC_URL}/webhooks/bot_msg/tg`, pending_update_count: 0 });
    expect(await cli(['connect', 'bot_msg', '--bot', 'tgoff'])).toMatchObject({ code: 1, stderr: expect.stringContaining('off') });
    expect(await cli(['connect', 'sms', '--bot', 'tg'])).toMatchObject({ code: 2, stderr: expect.stringContaining('Usage') });
  });
});
