import { translate } from '../../infra/i18n.js';
import type { Logger } from '../../infra/logger.js';
import { CALL_SAMPLE_RATE, pcm8kToWav, type CallMedia } from '../../telephony/index.js';
import type { CallPorts } from './call-ports.js';
import type { CallSpeaker } from './call-speaker.js';
import type { CallSpeech } from './call-speech.js';
import { toneThenSilence } from './call-tones.js';
import type { RtcSipBotSettings } from './rtc-sip-settings.js';

/** What leaving a voicemail needs. */
export interface VoicemailContext {
  media: CallMedia;
  speaker: CallSpeaker;
  speech: CallSpeech;
  bot: Pick<RtcSipBotSettings, 'bot' | 'language' | 'voicemail'>;
  sessionId: string;
  caller: string;
  ports: Pick<CallPorts, 'keepVoicemail' | 'queueNotice'>;
  logger: Logger;
}

/** A caller who says nothing this long after the tone (or twice the end silence, if longer) leaves no message. */
const NO_MESSAGE_MS = 10_000;
/** A recording shorter than this is no message (a breath, a click before hanging up). */
const SHORTEST_MESSAGE_MS = 500;

/**
 * After the longest wait, while the conversation still waits for a person (docs/channels/rtc-sip.md,
 * "Voicemail"): "leave a message after the tone",
 * a beep, then the caller's message is recorded until `sip-voicemail-end-silence-seconds` of
 * silence, `#`, `sip-voicemail-max-seconds`, or the hang-up. It is transcribed by the bot's voice
 * service and kept through the `keepVoicemail` port (a ticket with the recording). Resolves
 * whether a message was kept.
 */
export async function leaveVoicemail(context: VoicemailContext): Promise<boolean> {
  const { media, speaker, speech, bot } = context;
  const settings = bot.voicemail;
  const keep = context.ports.keepVoicemail;
  if (!settings || !keep) return false;
  // Someone took the conversation meanwhile: it is theirs, not a voicemail's.
  if (context.ports.queueNotice && (await context.ports.queueNotice(context.sessionId).catch(() => '')) === undefined) return false;
  await speaker.play(await speech.say(translate(bot.language, 'call.voicemail_prompt')), { bargeIn: false });
  await speaker.play(beep(), { bargeIn: false });
  const heard = await media.listen({
    endSilenceMs: settings.endSilenceMs, maxUtteranceMs: settings.maxMs, noSpeechTimeoutMs: Math.max(NO_MESSAGE_MS, 2 * settings.endSilenceMs), keyEndsSpeech: true,
  });
  const pcm = heard.kind === 'speech' || heard.kind === 'closed' ? heard.pcm : undefined;
  if (!pcm || pcm.length < (SHORTEST_MESSAGE_MS * CALL_SAMPLE_RATE) / 1000) return false;
  let transcript = '';
  try {
    transcript = await speech.transcribe(pcm);
  } catch (error) {
    // The recording is kept all the same: someone can listen to it.
    context.logger.warn({ err: error, session: context.sessionId }, 'phone call: the voicemail was not transcribed');
  }
  await keep({
    bot: bot.bot, sessionId: context.sessionId, caller: context.caller, transcript,
    recording: pcm8kToWav(pcm), durationSeconds: Math.round(pcm.length / CALL_SAMPLE_RATE),
  });
  return true;
}

/** The tone after which the caller speaks: 1 kHz for 400 ms, then 100 ms of silence. */
export function beep(): Int16Array {
  return toneThenSilence({ hz: 1000, amplitude: 8000, toneMs: 400, totalMs: 500 });
}
