import type { InboundMessage } from '../messages.js';
import { createVoiceScreen, hearVoiceMessage } from './hear-voice.js';
import { customerSpoke } from './transcribe-voice-note.js';
import { VoiceModelsError, VoiceModelsRefusedError, type AudioFile, type VoiceModels } from './voice-models.js';

// The one speech path as a screen, against a voice service in memory (the HTTP service has its own suite).

const note = { type: 'audio' as const, url: 'provider:voice-1', mime_type: 'audio/ogg', voice: true };
const message = (extra: Partial<InboundMessage> = {}): InboundMessage => ({
  channel: 'bot_msg', bot: 'shop', customer: { external_id: 'c-1' }, text: '', attachments: [note], received_at: new Date(0), raw: undefined, ...extra,
});

function voice(answer: () => Promise<string>) {
  const heard: { audio: AudioFile; language: string | undefined }[] = [];
  const models: VoiceModels = {
    transcribe: (audio, hints) => {
      heard.push({ audio, language: hints?.language });
      return answer();
    },
    speak: () => Promise.reject(new Error('not used')),
  };
  return { models, heard };
}
const fetchAudio = (_m: InboundMessage, n: { url?: string }) => Promise.resolve({ data: Buffer.from(`bytes of ${n.url}`), mimeType: 'audio/ogg' });

describe('createVoiceScreen', () => {
  test('a voice message becomes the customer\'s text, the audio kept and marked spoken; typed messages and other channels pass untouched', async () => {
    const { models, heard } = voice(() => Promise.resolve('two pizzas'));
    const screen = createVoiceScreen({ channel: 'bot_msg', voiceFor: () => models, fetchAudio, languageOf: () => 'pt-BR' });
    const heardMessage = await screen(message());
    expect(heardMessage).toMatchObject({ text: 'two pizzas', attachments: [{ ...note, voice: true }] });
    expect(customerSpoke(heardMessage!)).toBe(true);
    expect(heard).toEqual([{ audio: { data: Buffer.from('bytes of provider:voice-1'), mimeType: 'audio/ogg' }, language: 'pt-BR' }]);
    const typed = message({ text: 'hello' });
    expect(await screen(typed)).toBe(typed);
    const elsewhere = message({ channel: 'workchat' });
    expect(await screen(elsewhere)).toBe(elsewhere);
    expect(heard).toHaveLength(1);
  });

  test('a channel that does not hear voice for the bot, or a bot without a voice service, leaves the message to `unheard`', async () => {
    const { models, heard } = voice(() => Promise.resolve('never'));
    const deaf = createVoiceScreen({ channel: 'bot_msg', voiceFor: () => models, fetchAudio, hears: () => false });
    const given = message();
    expect(await deaf(given)).toBe(given);
    const none = createVoiceScreen({ channel: 'bot_msg', voiceFor: () => undefined, fetchAudio, unheard: () => Promise.resolve(null) });
    expect(await none(message())).toBeNull();
    expect(heard).toHaveLength(0);
  });

  test('a voice service the guard refuses counts as none; any other failure throws, so the queued message is retried', async () => {
    const refused = createVoiceScreen({
      channel: 'bot_msg', fetchAudio, voiceFor: () => voice(() => Promise.reject(new VoiceModelsRefusedError('private address'))).models,
    });
    const given = message();
    expect(await refused(given)).toBe(given);
    const failing = createVoiceScreen({ channel: 'bot_msg', fetchAudio, voiceFor: () => voice(() => Promise.reject(new VoiceModelsError('HTTP 503'))).models });
    await expect(failing(message())).rejects.toThrow('HTTP 503');
  });

  test('a channel\'s own rule picks its voice message (workchat: an audio attachment alone), which is then marked spoken', async () => {
    const { models } = voice(() => Promise.resolve('where is my order'));
    const plain = { type: 'audio' as const, url: 'https://connector/v3/attachments/1', mime_type: 'audio/webm' };
    const screen = createVoiceScreen({
      channel: 'workchat', voiceFor: () => models, fetchAudio, noteOf: (m) => m.attachments.find((a) => a.type === 'audio'),
    });
    const heardMessage = await screen(message({ channel: 'workchat', attachments: [plain] }));
    expect(heardMessage).toMatchObject({ text: 'where is my order', attachments: [{ ...plain, voice: true }] });
  });
});

test('hearVoiceMessage: the same path for a channel that calls engine.receive itself (web)', async () => {
  const { models } = voice(() => Promise.resolve('hi from the widget'));
  const recording = { type: 'audio' as const, url: 'drive:received/rec.webm', mime_type: 'audio/webm' };
  const heard = await hearVoiceMessage(message({ channel: 'web', attachments: [recording] }), { models, note: recording, fetchAudio });
  expect(heard).toMatchObject({ channel: 'web', text: 'hi from the widget', attachments: [{ ...recording, voice: true }] });
});
