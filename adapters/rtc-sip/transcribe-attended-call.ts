import type { Logger } from '../../infra/logger.js';
import { decodeG711, FRAME_SAMPLES, VoiceActivityDetector, type AudioCodec } from '../../telephony/index.js';
import type { CallSpeech } from './call-speech.js';

/** Who spoke an utterance of an attended call. */
export type CallSide = 'customer' | 'attendant';

/** The two directions of an attended call's audio, as the attendant's leg relays them (attendant-leg.ts). */
export interface AttendedAudioTap {
  /** A packet from the caller, on its way to the attendant's browser. */
  fromCaller(codec: AudioCodec, payload: Uint8Array): void;
  /** A packet from the attendant's browser, on its way to the caller. */
  fromAttendant(codec: AudioCodec, payload: Uint8Array): void;
}

/** The tap, and the end of the call: what each side was saying is transcribed, and every transcription is awaited. */
export interface AttendedTranscript extends AttendedAudioTap {
  flush(): Promise<void>;
}

/** A side's utterance is cut at this length, so a long turn lands in the transcript while it goes on. */
const MAX_UTTERANCE_MS = 15_000;
/** Shorter than this is a click or a breath, not words. */
const SHORTEST_UTTERANCE_MS = 500;

/**
 * The transcript of both sides of an attended call (docs/attendance/calls.md, "Transcript"): each
 * direction has its own voice-activity detector; each utterance it ends is sent to the bot's voice
 * service, and its words go to `said` with the side that spoke, in order per side. Memory: one
 * utterance per side at most (15 s of 8 kHz PCM).
 */
export function transcribeAttendedCall(deps: {
  speech: Pick<CallSpeech, 'transcribe'>;
  said(side: CallSide, text: string): Promise<void>;
  logger: Logger;
}): AttendedTranscript {
  const side = (name: CallSide) => {
    const vad = new VoiceActivityDetector({ endSilenceMs: 800, maxUtteranceMs: MAX_UTTERANCE_MS, noSpeechTimeoutMs: Number.MAX_SAFE_INTEGER });
    // The floor starts at digital silence: a side that talks from its first packet is heard as speech.
    vad.push(new Int16Array(FRAME_SAMPLES));
    let pending: Promise<void> = Promise.resolve();
    const utterance = (pcm: Int16Array) => {
      if (pcm.length < (SHORTEST_UTTERANCE_MS * 8)) return;
      pending = pending.then(async () => {
        const text = await deps.speech.transcribe(pcm);
        if (text) await deps.said(name, text);
      }).catch((error: unknown) => deps.logger.warn({ err: error, side: name }, 'phone call: an utterance was not transcribed'));
    };
    return {
      push(codec: AudioCodec, payload: Uint8Array) {
        for (const event of vad.push(decodeG711(codec, payload))) if (event.type === 'utterance-ended') utterance(event.pcm);
      },
      async flush() {
        const cut = vad.cut();
        if (cut) utterance(cut);
        await pending;
      },
    };
  };
  const customer = side('customer');
  const attendant = side('attendant');
  return {
    fromCaller: (codec, payload) => customer.push(codec, payload),
    fromAttendant: (codec, payload) => attendant.push(codec, payload),
    async flush() {
      await Promise.all([customer.flush(), attendant.flush()]);
    },
  };
}

/** While the attendant holds the call the caller does not hear them, and what they say is not transcribed either. */
export function unlessHeld(transcript: AttendedAudioTap, held: () => boolean): AttendedAudioTap {
  return {
    fromCaller: (codec, payload) => transcript.fromCaller(codec, payload),
    fromAttendant: (codec, payload) => {
      if (!held()) transcript.fromAttendant(codec, payload);
    },
  };
}
