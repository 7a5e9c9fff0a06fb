import type { VoiceModels } from '../../engine/index.js';
import { pcm8kToWav } from '../../telephony/index.js';
import { callSpeech } from './call-speech.js';

/** A voice service in memory: speaks a short WAV per text, counts the requests, transcribes with a full stop. */
function voiceService() {
  const asked: string[] = [];
  const voice: VoiceModels = {
    speak: async (text, options) => {
      asked.push(`${text} as ${options?.format}`);
      if (text === 'fail') throw new Error('down');
      return { data: pcm8kToWav(new Int16Array(160).fill(text.length)), mimeType: 'audio/wav' };
    },
    transcribe: async (_audio, hints) => `Support, in ${hints?.language}.`,
  };
  return { voice, asked };
}

test('a text is asked of the service once, as WAV, and played as 8 kHz PCM; a failure is not kept', async () => {
  const { voice, asked } = voiceService();
  const speech = callSpeech(voice, 'en');
  const [a, b] = await Promise.all([speech.say('Welcome'), speech.say('Welcome')]);
  expect(a).toBe(b);
  expect([...a.slice(0, 3)]).toEqual([7, 7, 7]);
  await expect(speech.say('fail')).rejects.toThrow('down');
  await expect(speech.say('fail')).rejects.toThrow('down');
  expect(asked).toEqual(['Welcome as wav', 'fail as wav', 'fail as wav']);
});

test('what the caller said comes back without the transcript\'s closing full stop', async () => {
  expect(await callSpeech(voiceService().voice, 'pt-BR').hear(new Int16Array(160))).toBe('Support, in pt-BR');
  // A voicemail's transcript is kept as written.
  expect(await callSpeech(voiceService().voice, 'en').transcribe(new Int16Array(160))).toBe('Support, in en.');
});
