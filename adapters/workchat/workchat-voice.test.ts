import { createVoiceModels, type InboundMessage, type OutboundMessage } from '../../engine/index.js';
import { createLogger } from '../../infra/logger.js';
import { FAKE_APP_PASSWORD, startFakeWorkchat, type FakeWorkchat } from '../../test/support/fake-workchat.js';
import { startFakeVoice, type FakeVoice } from '../../test/support/fake-voice.js';
import { isOggOpus } from '../../test/support/ogg-opus.js';
import type { WorkchatConversationRef, WorkchatConversationStore } from './conversation-store.js';
import { createWorkchatVoiceScreen } from './screen-workchat-voice.js';
import { createWorkchatAdapter, type WorkchatAdapter } from './workchat-adapter.js';
import type { WorkchatSettings } from './workchat-settings.js';

// workchat's voice and meeting cards (docs/channels/workchat.md, "Voice", "Video calls"), against
// the fake connector and the fake voice service on 127.0.0.1: 'shop' has workchat-voice-enabled
// and workchat-meeting-enabled, 'plain' has both off.

let fake: FakeWorkchat;
let voice: FakeVoice;
let adapter: WorkchatAdapter;
let settingsOf: (bot: string) => WorkchatSettings | undefined;
const CONVERSATION = 'a:voice-1';

beforeAll(async () => {
  fake = await startFakeWorkchat();
  voice = await startFakeVoice();
  const base = { appId: 'app-1', appPassword: FAKE_APP_PASSWORD, tenantId: undefined, botId: '28:bot-id', openidMetadataUrl: fake.metadataUrl, tokenUrl: fake.tokenUrl, allowPrivateNetworks: true };
  settingsOf = (bot) => bot === 'shop' ? { ...base, voiceEnabled: true, meetingEnabled: true }
    : bot === 'plain' ? { ...base, voiceEnabled: false, meetingEnabled: false } : undefined;
  const ref = (bot: string): WorkchatConversationRef => ({
    bot, conversation_id: CONVERSATION, service_url: fake.serviceUrl, channel_id: 'msteams', tenant_id: 'tenant-1', bot_account_id: '28:bot-id',
    bot_account_name: 'Shop bot', user_id: '29:dora', user_name: 'dora', directory_id: null,
  });
  const conversations = { find: async (bot: string, id: string) => (id === CONVERSATION ? ref(bot) : undefined) } as unknown as WorkchatConversationStore;
  adapter = createWorkchatAdapter({
    settingsOf, conversations, botOfSession: async (id) => id.replace('session-', ''), logger: createLogger({ pretty: false, level: 'silent' }),
    voiceFor: () => createVoiceModels({ url: voice.url, allowPrivateNetworks: true }),
  });
});
afterAll(async () => {
  await fake.close();
  await voice.close();
});

const outbound = (bot: string, text: string, extra: Partial<OutboundMessage> = {}): OutboundMessage => ({
  session_id: `session-${bot}`, channel: 'workchat', to: CONVERSATION, text, from: 'bot', ...extra,
});
const lastPost = () => fake.posts.at(-1)!.activity;

test('a reply marked to be spoken carries its Ogg/Opus audio as an attachment of the same activity; with workchat-voice-enabled off, text only', async () => {
  await adapter.send(outbound('shop', 'Your pizza is in the oven', { voice_reply: true }));
  const activity = lastPost();
  expect(activity.text).toBe('Your pizza is in the oven');
  const [audio] = activity.attachments!;
  expect(audio).toMatchObject({ contentType: 'audio/ogg', name: 'reply.ogg' });
  const data = /^data:audio\/ogg;base64,(.+)$/.exec(audio!.contentUrl!);
  expect(isOggOpus(Buffer.from(data![1]!, 'base64'))).toBe(true);

  await adapter.send(outbound('plain', 'Not spoken', { voice_reply: true }));
  expect(lastPost()).toMatchObject({ text: 'Not spoken' });
  expect(lastPost().attachments).toBeUndefined();
  await adapter.send(outbound('shop', 'Not marked'));
  expect(lastPost().attachments).toBeUndefined();
});

test('with workchat-meeting-enabled a join link goes as an Adaptive Card with a "Join video call" button, attendants\' lines too', async () => {
  const link = 'https://bots.example.test/meet/room-9';
  await adapter.send(outbound('shop', `Join a video call with us: ${link}`, { from: 'attendant' }));
  const [card] = lastPost().attachments!;
  expect(card!.contentType).toBe('application/vnd.microsoft.card.adaptive');
  const content = card!.content as { body: { text: string }[]; actions: { type: string; title: string; url: string }[] };
  expect(content.body[0]!.text).toBe(`Join a video call with us: ${link}`);
  expect(content.actions).toEqual([{ type: 'Action.OpenUrl', title: 'Join video call', url: link }]);
  // An attendant's /video answer in their own chat (posted by the attendant screen) gets the card as well.
  await adapter.post('shop', CONVERSATION, { text: `Video call started; the customer got the link. Join: ${link}`, textFormat: 'plain' });
  expect(JSON.stringify(lastPost().attachments)).toContain('Action.OpenUrl');
  await adapter.send(outbound('plain', `Join a video call with us: ${link}`));
  expect(lastPost().attachments).toBeUndefined();
});

test('an audio message alone is fetched with the connector token and transcribed with workchat-voice-enabled; left as it is without', async () => {
  const screen = createWorkchatVoiceScreen({ adapter, settingsOf, voiceFor: () => createVoiceModels({ url: voice.url, allowPrivateNetworks: true }) });
  const url = fake.addAttachment(Buffer.from('webm-recording'), 'audio/webm');
  const message = (bot: string): InboundMessage => ({
    channel: 'workchat', bot, customer: { external_id: CONVERSATION }, text: '', received_at: new Date(0), raw: undefined,
    attachments: [{ type: 'audio', url, mime_type: 'audio/webm' }],
  });
  voice.transcript = 'where is my pizza';
  const heard = await screen(message('shop'));
  expect(heard).toMatchObject({ text: 'where is my pizza', attachments: [{ type: 'audio', url, voice: true }] });
  expect(fake.fileRequests.at(-1)!.authorization).toMatch(/^Bearer connector-token-\d+$/);
  const transcriptions = voice.requests.filter((r) => r.path === '/v1/audio/transcriptions').length;
  const off = message('plain');
  expect(await screen(off)).toBe(off);
  expect(voice.requests.filter((r) => r.path === '/v1/audio/transcriptions')).toHaveLength(transcriptions);
});
