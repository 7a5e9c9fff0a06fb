import { Writable } from 'node:stream';
import type { ChannelRequest, OutboundMessage } from '../../engine/index.js';
import { createVoiceModels, PermanentDeliveryError } from '../../engine/index.js';
import { createLogger } from '../../infra/logger.js';
import { startCountingServer, type CountingServer } from '../../test/support/counting-server.js';
import { startFakeTelegram, telegramUpdates, type FakeTelegram } from '../../test/support/fake-telegram.js';
import { startFakeVoice, type FakeVoice } from '../../test/support/fake-voice.js';
import { isOggOpus } from '../../test/support/ogg-opus.js';
import { createBotMsgAdapter, SECRET_HEADER, type BotMsgAdapter } from './bot-msg-adapter.js';
import { AGENT_COMMAND_REASON } from './parse-update.js';
import { splitMessage } from './split-message.js';

let telegram: FakeTelegram;
let counting: CountingServer;
let adapter: BotMsgAdapter;
let voice: FakeVoice;
const waits: number[] = [];
const at = new Date('2026-11-25T08:00:00Z');

beforeAll(async () => {
  telegram = await startFakeTelegram();
  counting = await startCountingServer();
  voice = await startFakeVoice();
  // 'shop' speaks (bot-msg-voice-response on), 'quiet' does not; 'broken' has a voice service that answers 404.
  const models = createVoiceModels({ url: voice.url, allowPrivateNetworks: true });
  const broken = createVoiceModels({ url: `${voice.url}/missing`, allowPrivateNetworks: true });
  // The fake listens on loopback: the bots allow private networks, but for 'closed'.
  const allowPrivateNetworks = true;
  adapter = createBotMsgAdapter({
    settingsOf: (bot) => bot === 'shop' ? { token: '123:ABC', webhookSecret: 's3cret-token', apiRoot: telegram.url, commands: true, allowPrivateNetworks, voiceResponse: true }
      : bot === 'broken' ? { token: '123:ABC', webhookSecret: 's3cret-token', apiRoot: telegram.url, commands: true, allowPrivateNetworks, voiceResponse: true }
      : bot === 'quiet' ? { token: '456:DEF', webhookSecret: 'other', apiRoot: telegram.url, commands: false, allowPrivateNetworks, voiceResponse: false }
        : bot === 'closed' ? { token: '789:GHI', webhookSecret: 'closed', apiRoot: counting.url, commands: false, allowPrivateNetworks: false, voiceResponse: true } : undefined,
    botOfSession: async (id) => (id === 'session-quiet' ? 'quiet' : id === 'session-none' ? 'nobody' : id === 'session-closed' ? 'closed'
      : id === 'session-broken' ? 'broken' : 'shop'),
    voiceFor: (bot) => (bot === 'broken' ? broken : models),
    logger: createLogger({ pretty: false, level: 'silent' }),
    now: () => at,
    sleep: async (ms) => {
      waits.push(ms);
    },
  });
});
afterAll(async () => {
  await telegram.close();
  await counting.close();
  await voice.close();
});

const request = (body: unknown, secret: string | undefined, bot = 'shop'): ChannelRequest => ({
  headers: secret === undefined ? {} : { [SECRET_HEADER]: secret }, query: {}, rawBody: Buffer.from(JSON.stringify(body)), body, bot,
  originalUrl: `/webhooks/bot_msg/${bot}`,
});
const outbound = (text: string, extra: Partial<OutboundMessage> = {}): OutboundMessage => ({
  session_id: 'session-shop', channel: 'bot_msg', to: '777', text, from: 'bot', ...extra,
});

describe('bot_msg adapter', () => {
  test('without http-allow-private-networks, a loopback bot-msg-api-url is refused before any connection: the delivery fails for good, saying why', async () => {
    const error = await adapter.send(outbound('hello', { session_id: 'session-closed' })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PermanentDeliveryError);
    expect((error as Error).message).toMatch(/^bot_msg: .*outbound guard .*127\.0\.0\.1 is a private or loopback address/);
    expect((error as Error).message).not.toContain('789:GHI');
    await expect(adapter.fetchFile('closed', 'FILE1', 1024)).rejects.toThrow(/outbound guard/);
    expect(counting.connections()).toBe(0);
  });

  test('verify: the secret header must equal the bot\'s webhook secret', () => {
    const update = telegramUpdates.text(777, 'hi');
    expect(adapter.verify(request(update, 's3cret-token'))).toBe(true);
    expect(adapter.verify(request(update, 's3cret-tokeN'))).toBe(false);
    expect(adapter.verify(request(update, 's3cret'))).toBe(false);
    expect(adapter.verify(request(update, undefined))).toBe(false);
    expect(adapter.verify(request(update, 's3cret-token', 'nobody'))).toBe(false);
    expect(adapter.isEnabled('shop')).toBe(true);
    expect(adapter.isEnabled('nobody')).toBe(false);
  });

  test('parse: a text message, deduplicated by update_id', async () => {
    const update = telegramUpdates.text(777, 'hello', 9001);
    expect(adapter.parse(request(update, 's3cret-token'))).toEqual([{
      channel: 'bot_msg', bot: 'shop', customer: { external_id: '777', display_name: 'Ana Lima' }, text: 'hello', attachments: [],
      provider_message_id: '9001', received_at: at, raw: update,
    }]);
  });

  test('parse: the customer\'s name is the sender\'s first and last name, else their username', () => {
    const named = (from: Record<string, unknown>) => {
      const update = telegramUpdates.text(778, 'hi');
      return adapter.parse(request({ ...update, message: { ...update.message, from: { id: 778, is_bot: false, ...from } } }, 's3cret-token'))[0]!.customer;
    };
    expect(named({ first_name: 'Ana', last_name: 'Lima', username: 'ana_l' })).toEqual({ external_id: '778', display_name: 'Ana Lima' });
    expect(named({ first_name: 'Ana' })).toEqual({ external_id: '778', display_name: 'Ana' });
    expect(named({ username: 'ana_l' })).toEqual({ external_id: '778', display_name: 'ana_l' });
    expect(named({})).toEqual({ external_id: '778' });
  });

  test('parse: an update of the wrong shape (a message without its chat, a non-numeric chat id) is skipped and logged at warn', async () => {
    const lines: string[] = [];
    const destination = new Writable({ write(chunk: Buffer, _enc, done) { lines.push(chunk.toString()); done(); } });
    const logged = createBotMsgAdapter({
      settingsOf: () => ({ token: '123:ABC', webhookSecret: 's3cret-token', apiRoot: telegram.url, commands: true, allowPrivateNetworks: true, voiceResponse: true }),
      botOfSession: async () => 'shop', logger: createLogger({ pretty: false, level: 'warn', destination }), now: () => at,
    });
    const { message } = telegramUpdates.text(777, 'hello');
    for (const body of [{ update_id: 1, message: { text: 'x' } }, { update_id: 2, message: { ...message, chat: { id: 'x' } } }, { update_id: 3, callback_query: { data: 'Red' } }]) {
      await logged.handleNotices(request(body, 's3cret-token'));
      expect(logged.parse(request(body, 's3cret-token'))).toEqual([]);
    }
    expect(lines).toHaveLength(3);
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 40, bot: 'shop', reason: expect.stringContaining('message.chat'), msg: 'bot_msg: malformed update skipped' });
  });

  test('parse: /start restarts, /agent asks for a person only where commands are on, edits are recorded', async () => {
    const [start] = adapter.parse(request(telegramUpdates.text(777, '/start'), 's3cret-token'));
    expect(start!.command).toEqual({ kind: 'restart' });
    const [agent] = adapter.parse(request(telegramUpdates.text(777, '/agent@fake_bot'), 's3cret-token'));
    expect(agent!.command).toEqual({ kind: 'human', reason: AGENT_COMMAND_REASON });
    const [plain] = adapter.parse(request(telegramUpdates.text(777, '/agent'), 'other', 'quiet'));
    expect(plain!.command).toBeUndefined();
    expect(plain!.text).toBe('/agent');
    const [edited] = adapter.parse(request(telegramUpdates.edited(777, 'fixed typo'), 's3cret-token'));
    expect(edited).toMatchObject({ text: 'fixed typo', command: { kind: 'record' } });
  });

  test('parse: photos (largest size) and locations become attachments; files are referenced by id, never by a token URL', async () => {
    const [photo] = adapter.parse(request(telegramUpdates.photo(777, 'look'), 's3cret-token'));
    expect(photo).toMatchObject({ text: 'look', attachments: [{ type: 'image', url: 'bot-msg-file:large', mime_type: 'image/jpeg' }] });
    const [place] = adapter.parse(request(telegramUpdates.location(777), 's3cret-token'));
    expect(place!.attachments).toEqual([{ type: 'location', url: 'geo:-23.55,-46.63' }]);
    const voice = telegramUpdates.text(777, '');
    const { text: _text, ...message } = voice.message;
    const [spoken] = adapter.parse(request({ update_id: voice.update_id, message: { ...message, voice: { file_id: 'v1', file_unique_id: 'v', duration: 2, mime_type: 'audio/ogg' } } }, 's3cret-token'));
    expect(spoken!.attachments).toEqual([{ type: 'audio', url: 'bot-msg-file:v1', mime_type: 'audio/ogg', name: 'voice.ogg', voice: true }]);
  });

  test('parse: a video note is a video attachment marked spoken, so it takes the speech path like a voice note', () => {
    const [note] = adapter.parse(request(telegramUpdates.videoNote(777, 'vn1'), 's3cret-token'));
    expect(note).toMatchObject({ text: '', attachments: [{ type: 'video', url: 'bot-msg-file:vn1', mime_type: 'video/mp4', name: 'video-note.mp4', voice: true }] });
  });

  test('send: a reply marked to be spoken goes as text, then as a voice note (sendVoice, Ogg/Opus); not with bot-msg-voice-response off', async () => {
    const before = telegram.calls.length;
    await adapter.send(outbound('Your order is on its way', { voice_reply: true }));
    const [text, note] = telegram.calls.slice(before);
    expect(text).toMatchObject({ method: 'sendMessage', params: { chat_id: '777', text: 'Your order is on its way' } });
    expect(note).toMatchObject({ method: 'sendVoice', token: '123:ABC', params: { chat_id: '777' } });
    const file = note!.files!.voice!;
    expect(file.filename).toBe('reply.ogg');
    expect(file.data.toString('latin1', 0, 4)).toBe('OggS');
    expect(isOggOpus(file.data)).toBe(true);
    expect(voice.requests.at(-1)).toMatchObject({ path: '/v1/audio/speech', input: 'Your order is on its way', responseFormat: 'opus' });

    const quiet = telegram.calls.length;
    await adapter.send(outbound('Not spoken here', { session_id: 'session-quiet', voice_reply: true }));
    await adapter.send(outbound('Nor here: not marked'));
    expect(telegram.calls.slice(quiet).map((c) => c.method)).toEqual(['sendMessage', 'sendMessage']);
  });

  test('send: a voice service that fails leaves the delivered text standing; nothing is sent twice', async () => {
    const before = telegram.calls.length;
    await expect(adapter.send(outbound('Spoken, if it could be', { session_id: 'session-broken', voice_reply: true }))).resolves.toEqual({});
    expect(telegram.calls.slice(before).map((c) => c.method)).toEqual(['sendMessage']);
  });

  test('send: a meeting\'s join link comes with a "Join video call" URL button, under any suggestions', async () => {
    const link = 'https://bots.example.test/meet/room-42';
    await adapter.send(outbound(`Join a video call with us: ${link}`));
    const call = telegram.callsOf('sendMessage').at(-1)!;
    expect(call.params.reply_markup).toEqual({ inline_keyboard: [[{ text: 'Join video call', url: link }]] });
    await adapter.send(outbound(`Ready? ${link}.`, { suggestions: [{ key: 'later', label: 'Later' }] }));
    expect(telegram.callsOf('sendMessage').at(-1)!.params.reply_markup).toEqual({
      inline_keyboard: [[{ text: 'Later', callback_data: 'later' }], [{ text: 'Join video call', url: link }]],
    });
    await adapter.send(outbound('See https://bots.example.test/meeting-notes for details'));
    expect(telegram.callsOf('sendMessage').at(-1)!.params.reply_markup).toBeUndefined();
  });

  test('send: suggestions become an inline keyboard whose callback_data round-trips the option, long keys included', async () => {
    const long = `Option ${'é'.repeat(40)}`; // 87 bytes: too long for callback_data
    await adapter.send(outbound('Pick one', { suggestions: [{ key: 'Red', label: 'Red' }, { key: long, label: long }] }));
    const call = telegram.callsOf('sendMessage').at(-1)!;
    expect(call.token).toBe('123:ABC');
    expect(call.params).toMatchObject({ chat_id: '777', text: 'Pick one' });
    const keyboard = (call.params.reply_markup as { inline_keyboard: { text: string; callback_data: string }[][] }).inline_keyboard;
    expect(keyboard.flat().map((b) => b.callback_data)).toEqual(['Red', '#2']);
    for (const button of keyboard.flat()) {
      expect(Buffer.byteLength(button.callback_data)).toBeLessThanOrEqual(64);
      const press = request(telegramUpdates.callback(777, call.result as Record<string, unknown>, button.callback_data), 's3cret-token');
      await adapter.handleNotices(press);
      const [chosen] = adapter.parse(press);
      expect(chosen!.text).toBe(button.text);
      expect(telegram.callsOf('answerCallbackQuery').at(-1)!.params.callback_query_id).toBe((press.body as { callback_query: { id: string } }).callback_query.id);
    }
  });

  test('send: a reply over 4,096 characters is split, the keyboard on the last part', async () => {
    const before = telegram.callsOf('sendMessage').length;
    const text = `${'word '.repeat(1000)}\n${'more '.repeat(200)}`;
    await adapter.send(outbound(text, { suggestions: [{ key: 'ok', label: 'OK' }] }));
    const parts = telegram.callsOf('sendMessage').slice(before);
    expect(parts).toHaveLength(2);
    for (const part of parts) expect((part.params.text as string).length).toBeLessThanOrEqual(4096);
    expect(parts.map((p) => p.params.text).join(' ').replace(/\s+/g, ' ').trim()).toBe(text.trim().replace(/\s+/g, ' '));
    expect(parts[0]!.params.reply_markup).toBeUndefined();
    expect(parts[1]!.params.reply_markup).toBeDefined();
    expect(splitMessage('x'.repeat(5000))).toEqual(['x'.repeat(4096), 'x'.repeat(904)]);
  });

  test('send: 429 waits retry_after and tries again', async () => {
    waits.length = 0;
    telegram.failNext('sendMessage', { error_code: 429, description: 'Too Many Requests: retry after 3', parameters: { retry_after: 3 } });
    const before = telegram.callsOf('sendMessage').length;
    await adapter.send(outbound('after the wait'));
    expect(waits).toEqual([3000]);
    expect(telegram.callsOf('sendMessage').slice(before).map((c) => c.result !== undefined)).toEqual([false, true]);
  });

  test('send: 403 blocked is a permanent failure that marks the customer unreachable; 5xx is retried by the outbox', async () => {
    telegram.failNext('sendMessage', { error_code: 403, description: 'Forbidden: bot was blocked by the user' });
    const blocked = await adapter.send(outbound('hello?')).catch((e: unknown) => e);
    expect(blocked).toBeInstanceOf(PermanentDeliveryError);
    expect(blocked).toMatchObject({ reason: 'Forbidden: bot was blocked by the user', options: { unreachable: true } });
    telegram.failNext('sendMessage', { error_code: 502, description: 'Bad Gateway' });
    const transient = await adapter.send(outbound('hello?')).catch((e: unknown) => e);
    expect(transient).not.toBeInstanceOf(PermanentDeliveryError);
    await expect(adapter.send(outbound('x', { session_id: 'session-none' }))).rejects.toBeInstanceOf(PermanentDeliveryError);
  });
});
