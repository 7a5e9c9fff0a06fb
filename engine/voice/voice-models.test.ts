import { isOggOpus } from '../../test/support/ogg-opus.js';
import { startFakeVoice, type FakeVoice } from '../../test/support/fake-voice.js';
import type { ResolveHost } from '../../infra/outbound-guard.js';
import { createVoiceModels, VoiceModelsError } from './voice-models.js';

// The voice service is an outbound URL like the language model's: the outbound guard
// (infra/outbound-guard.ts) decides where it may go, before any connection.

let voice: FakeVoice;
beforeAll(async () => {
  voice = await startFakeVoice();
});
afterAll(() => voice.close());

const audio = { data: Buffer.from('OggS-voice'), mimeType: 'audio/ogg' };

describe('voice models through the outbound guard', () => {
  test('a service on loopback is refused unless the bot allows private networks, and nothing is sent', async () => {
    const before = voice.requests.length;
    const refused = createVoiceModels({ url: voice.url, apiKey: 'k', allowPrivateNetworks: false });
    await expect(refused.transcribe(audio)).rejects.toThrow(/transcription not allowed: .*127\.0\.0\.1 is a private or loopback address/);
    await expect(refused.speak('hello')).rejects.toBeInstanceOf(VoiceModelsError);
    expect(voice.requests.length).toBe(before);

    const allowed = createVoiceModels({ url: voice.url, apiKey: 'k', allowPrivateNetworks: true });
    voice.transcript = 'hello there';
    await expect(allowed.transcribe(audio)).resolves.toBe('hello there');
    expect(isOggOpus((await allowed.speak('hello')).data)).toBe(true);
  });

  test('metadata and link-local targets are refused even with private networks allowed, by name and by address', async () => {
    const metadata = createVoiceModels({ url: 'http://169.254.169.254/v1', allowPrivateNetworks: true });
    await expect(metadata.transcribe(audio)).rejects.toThrow(/not allowed: .*link-local, metadata/);
    const byName = createVoiceModels({ url: 'http://metadata.google.internal/v1', allowPrivateNetworks: true });
    await expect(byName.speak('hi')).rejects.toThrow(/not allowed: .*cloud metadata service/);
    // A public-looking name that resolves to a private address is checked on its address.
    const resolve: ResolveHost = async () => [{ address: '10.1.2.3', family: 4 }];
    const rebound = createVoiceModels({ url: 'https://voice.example.test/v1', allowPrivateNetworks: false, resolve });
    await expect(rebound.transcribe(audio)).rejects.toThrow(/not allowed: .*10\.1\.2\.3 is a private or loopback address/);
  });

  test('the API key never shows in an error', async () => {
    const models = createVoiceModels({ url: `${voice.url}/missing`, apiKey: 'secret-voice-key', allowPrivateNetworks: true });
    const error = await models.transcribe(audio).catch((e: unknown) => e as Error);
    expect(error).toBeInstanceOf(VoiceModelsError);
    expect(`${String(error)} ${JSON.stringify(error)}`).not.toContain('secret-voice-key');
  });
});
