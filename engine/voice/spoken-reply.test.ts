import { speakReply, speaksAloud, wantsSpokenReply } from './spoken-reply.js';
import type { VoiceModels } from './voice-models.js';
import { hasVoice, VOICE_CHANNELS } from './voice-channels.js';

// "Speak or not" (docs/basic.md, "Voice on each channel"): the engine marks, the channel's setting decides.

describe('wantsSpokenReply: which messages to the customer are marked to be spoken', () => {
  const quiet = {};
  const asked = { voice_response: true };
  test.each([
    ['the bot answering a spoken message', { from: 'bot', customerSpoke: true, context: quiet }, true],
    ['the bot answering a typed message', { from: 'bot', customerSpoke: false, context: quiet }, false],
    ['the bot after /voice on (or SET SESSION "voice_response")', { from: 'bot', customerSpoke: false, context: asked }, true],
    ['the session key as the script stores text', { from: 'bot', customerSpoke: false, context: { voice_response: 'true' } }, true],
    ['/voice off', { from: 'bot', customerSpoke: false, context: { voice_response: false } }, false],
    ['an attendant after /voice on', { from: 'attendant', customerSpoke: false, context: asked }, true],
    ['an attendant without it, even to a spoken message', { from: 'attendant', customerSpoke: true, context: quiet }, false],
    ['a system notice, even after /voice on', { from: 'system', customerSpoke: true, context: asked }, false],
  ] as const)('%s', (_what, cause, expected) => {
    expect(wantsSpokenReply(cause)).toBe(expected);
  });
});

describe('speaksAloud: the channel\'s voice setting and the words', () => {
  test('a marked reply is spoken only where the channel\'s setting is on, and only with words to say', () => {
    expect(speaksAloud({ voice_reply: true, text: 'Hello' }, true)).toBe(true);
    expect(speaksAloud({ voice_reply: true, text: 'Hello' }, false)).toBe(false);
    expect(speaksAloud({ text: 'Hello' }, true)).toBe(false);
    expect(speaksAloud({ voice_reply: true, text: '  ' }, true)).toBe(false);
  });
});

describe('speakReply', () => {
  const spoken: { text: string; format: string | undefined }[] = [];
  const models: VoiceModels = {
    transcribe: () => Promise.resolve(''),
    speak: (text, options) => {
      spoken.push({ text, format: options?.format });
      return Promise.resolve({ data: Buffer.from(text), mimeType: 'audio/ogg', name: 'reply.ogg' });
    },
  };

  test('asks the voice service for Ogg/Opus by default and WAV when the channel plays it; nothing when not to be spoken or no service', async () => {
    await expect(speakReply({ voice_reply: true, text: 'Hi' }, { models, channelSpeaks: true })).resolves.toMatchObject({ mimeType: 'audio/ogg' });
    await speakReply({ voice_reply: true, text: 'Call' }, { models, channelSpeaks: true, format: 'wav' });
    await expect(speakReply({ voice_reply: true, text: 'Off' }, { models, channelSpeaks: false })).resolves.toBeUndefined();
    await expect(speakReply({ voice_reply: true, text: 'None' }, { models: undefined, channelSpeaks: true })).resolves.toBeUndefined();
    expect(spoken).toEqual([{ text: 'Hi', format: undefined }, { text: 'Call', format: 'wav' }]);
  });
});

test('the channels with voice are the seed\'s: mobile_msg, bot_msg, workchat, web and rtc_sip; sms, social_dm and page_msg are text only', () => {
  expect([...VOICE_CHANNELS].sort()).toEqual(['bot_msg', 'mobile_msg', 'rtc_sip', 'web', 'workchat']);
  expect(['sms', 'social_dm', 'page_msg'].map(hasVoice)).toEqual([false, false, false]);
});
