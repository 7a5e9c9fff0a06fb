import { VoiceModelsError, type AudioFile, type InboundMessage, type OutboundMessage, type VoiceModels } from '../../engine/index.js';
import { UpstreamError, ValidationError } from '../../infra/errors.js';
import { createVisitorTokens } from './visitor-token.js';
import { createWebAdapter } from './web-adapter.js';
import { speakWebReplies, transcribeWebVoice, type WebVoiceDeps } from './web-voice.js';

const NOTE = { type: 'audio' as const, url: 'https://x.test/api/drive/files/shop/received/web/v1/a-voice.webm', name: 'voice.webm', mime_type: 'audio/webm', voice: true };

function message(text: string, attachments: InboundMessage['attachments'] = [NOTE]): InboundMessage {
  return { channel: 'web', bot: 'shop', customer: { external_id: 'v1' }, text, attachments, received_at: new Date(0), raw: null };
}

function reply(text: string, voice_reply?: boolean): OutboundMessage {
  return { session_id: 's1', channel: 'web', to: 'v1', text, from: 'bot', ...(voice_reply ? { voice_reply } : {}) };
}

/** A voice service that records what it was given; `fail` makes it fail as the real client does. */
function models(fail = false) {
  const heard: AudioFile[] = [];
  const said: string[] = [];
  const service: VoiceModels = {
    async transcribe(audio) {
      if (fail) throw new VoiceModelsError('voice service transcription failed (HTTP 500)');
      heard.push(audio);
      return 'where is my order';
    },
    async speak(text, options) {
      if (fail) throw new VoiceModelsError('voice service speech failed (HTTP 500)');
      said.push(`${text} as ${options?.format}`);
      return { data: Buffer.from('RIFF'), mimeType: 'audio/wav', name: 'reply.wav' };
    },
  };
  return { service, heard, said };
}

function deps(service: VoiceModels | undefined) {
  const written = new Map<string, Buffer>();
  const voice: WebVoiceDeps = {
    voiceFor: () => service,
    adapter: { fetchAttachment: async () => ({ bytes: Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), mime_type: 'audio/webm', drive_path: 'received/web/v1/a-voice.webm' }) },
    uploads: {
      drive: () => ({ write: async (path: string, bytes: Buffer) => void written.set(path, bytes) }),
      linkTo: (bot, path) => `https://x.test/api/drive/files/${bot}/${path}?signed`,
      newId: () => 'id-1',
    },
  };
  return { voice, written };
}

test('a voice message becomes its transcript, the audio still attached, read from the drive as WebM', async () => {
  const { service, heard } = models();
  const out = await transcribeWebVoice(deps(service).voice, message(''));
  expect(out.text).toBe('where is my order');
  expect(out.attachments).toEqual([NOTE]);
  expect(heard).toEqual([{ data: Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), mimeType: 'audio/webm', name: 'voice.webm' }]);
});

test('a typed message, or a file that is not a voice message, passes untouched', async () => {
  const { service, heard } = models();
  const typed = message('hello', []);
  const file = message('', [{ ...NOTE, voice: undefined }]);
  expect(await transcribeWebVoice(deps(service).voice, typed)).toBe(typed);
  expect(await transcribeWebVoice(deps(service).voice, file)).toBe(file);
  expect(heard).toEqual([]);
});

test('a bot without a voice service refuses voice messages; a failing service is an upstream error', async () => {
  await expect(transcribeWebVoice(deps(undefined).voice, message(''))).rejects.toBeInstanceOf(ValidationError);
  await expect(transcribeWebVoice(deps(models(true).service).voice, message(''))).rejects.toEqual(expect.any(UpstreamError));
  await expect(transcribeWebVoice(deps(models(true).service).voice, message(''))).rejects.toMatchObject({ code: 'voice_service_failed' });
});

test('replies marked to be spoken get their WAV audio, kept apart from the visitor\'s uploads; the others stay text', async () => {
  const { service, said } = models();
  const { voice, written } = deps(service);
  const [spoken, plain] = await speakWebReplies(voice, 'shop', 'v1', [reply('Your order ships today', true), reply('Anything else?')]);
  expect(said).toEqual(['Your order ships today as wav']);
  expect([...written.keys()]).toEqual(['spoken/web/v1/id-1-reply.wav']);
  expect(spoken!.attachments).toEqual([
    { type: 'audio', url: 'https://x.test/api/drive/files/shop/spoken/web/v1/id-1-reply.wav?signed', name: 'reply.wav', mime_type: 'audio/wav', voice: true },
  ]);
  expect(plain).toEqual(reply('Anything else?'));
});

test('a reply whose audio cannot be made is sent as text', async () => {
  const [out] = await speakWebReplies(deps(models(true).service).voice, 'shop', 'v1', [reply('Hello', true)]);
  expect(out).toEqual(reply('Hello', true));
});

test('the adapter speaks a message sent outside the visitor\'s turns when it is marked (an attendant\'s, under /voice on), by the bot\'s name', async () => {
  const { service, said } = models();
  const { voice, written } = deps(service);
  const adapter = createWebAdapter({
    tokens: createVisitorTokens(new Uint8Array(32).fill(1)),
    speech: { ...voice, nameOf: (id) => (id === 'bot-id-1' ? 'shop' : undefined) },
  });
  const spoken = await adapter.withSpeech!({ ...reply('your order left today', true), from: 'attendant' }, 'bot-id-1');
  expect(said).toEqual(['your order left today as wav']);
  expect(spoken.attachments).toEqual([{
    type: 'audio', url: 'https://x.test/api/drive/files/shop/spoken/web/v1/id-1-reply.wav?signed', name: 'reply.wav', mime_type: 'audio/wav', voice: true,
  }]);
  expect([...written.keys()]).toEqual(['spoken/web/v1/id-1-reply.wav']);
  // Not marked, or a bot it does not know: the message as it was.
  const typed = reply('typed');
  expect(await adapter.withSpeech!(typed, 'bot-id-1')).toBe(typed);
  const unknown = reply('spoken', true);
  expect(await adapter.withSpeech!(unknown, 'another-bot')).toBe(unknown);
});
