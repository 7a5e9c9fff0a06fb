import type { VoiceModels } from '../../engine/index.js';
import { pcm8kToWav, wavToPcm8k } from '../../telephony/index.js';

/** What a call says and hears through the bot's voice service (`voice-models-url`). */
export interface CallSpeech {
  /** `text` spoken, as 8 kHz PCM; the same text and voice is asked of the service once (cached). */
  say(text: string): Promise<Int16Array>;
  /** What the caller said in an utterance, as an answer (without the transcript's closing full stop). */
  hear(pcm: Int16Array): Promise<string>;
  /** What the caller said, as the voice service wrote it (a voicemail's transcript). */
  transcribe(pcm: Int16Array): Promise<string>;
}

/** Spoken texts kept per bot, so a greeting or a menu said on every call costs one request. */
const CACHED_TEXTS = 200;

export function callSpeech(voice: VoiceModels, language: string | undefined): CallSpeech {
  const cache = new Map<string, Promise<Int16Array>>();
  const transcribe = async (pcm: Int16Array) =>
    (await voice.transcribe({ data: pcm8kToWav(pcm), mimeType: 'audio/wav', name: 'utterance.wav' }, language ? { language } : {})).trim();
  return {
    say(text) {
      let spoken = cache.get(text);
      if (!spoken) {
        spoken = voice.speak(text, { format: 'wav' }).then((audio) => wavToPcm8k(audio.data));
        // A failure is not kept: the next call asks again.
        spoken.catch(() => cache.delete(text));
        cache.set(text, spoken);
        if (cache.size > CACHED_TEXTS) cache.delete(cache.keys().next().value!);
      }
      return spoken;
    },
    // Transcripts end sentences with a full stop ("Support."); a menu's choice or a name has none.
    hear: async (pcm) => (await transcribe(pcm)).replace(/[.!?。]+$/u, '').trim(),
    transcribe,
  };
}
