import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from '../../infra/logger.js';
import type { CallMedia } from '../../telephony/index.js';
import type { CallPorts } from './call-ports.js';
import type { CallSpeaker } from './call-speaker.js';
import type { CallSpeech } from './call-speech.js';
import { toneThenSilence } from './call-tones.js';
import type { RtcSipBotSettings } from './rtc-sip-settings.js';

/** What waiting on hold needs: the call's sound, the bot's settings, and attendance's notice through its port. */
export interface HoldContext {
  media: CallMedia;
  speaker: CallSpeaker;
  speech: CallSpeech;
  bot: Pick<RtcSipBotSettings, 'bot' | 'holdMusic' | 'holdAnnounceMs' | 'maxHoldMs'>;
  sessionId: string | undefined;
  ports: Pick<CallPorts, 'queueNotice'>;
  logger: Logger;
  /** True once an attendant is on the call (attendant-calls.ts): the wait then lasts until the call ends. */
  attended?: () => boolean;
}

/**
 * The caller waits for a person (docs/channels/rtc-sip.md, "Waiting for a person"): the hold music
 * (`sip-hold-music`, else a soft tone) loops, pausing for what is said meanwhile — the queue
 * notice attendance sends, an attendant's lines (live-calls.ts) — and every `sip-hold-announce-seconds`
 * the caller's place in the queue is said again, while they still wait. Ends when the caller
 * hangs up ('hung up'), or when the bot's longest wait has passed ('timeout') unless an attendant
 * has joined the call meanwhile (docs/attendance/calls.md): then only when the call ends.
 */
export async function waitOnHold(context: HoldContext): Promise<'hung up' | 'timeout'> {
  const { media, speaker, bot } = context;
  speaker.background(bot.holdMusic ?? holdTone());
  const stop = new AbortController();
  const announcing = announceQueue(context, stop.signal);
  const until = Date.now() + bot.maxHoldMs;
  const attended = context.attended ?? (() => false);
  try {
    // What the caller says or presses on hold is not an answer to anything: listen on until the wait is over.
    for (let left = bot.maxHoldMs; left > 0 || attended(); left = until - Date.now()) {
      const span = left > 0 ? left : ATTENDED_LISTEN_MS;
      const heard = await media.listen({ endSilenceMs: span, noSpeechTimeoutMs: span, maxUtteranceMs: span });
      if (heard.kind === 'closed') return 'hung up';
      if (heard.kind === 'timeout' && !attended()) break;
    }
    return 'timeout';
  } finally {
    stop.abort();
    await announcing;
    speaker.background(undefined);
  }
}

/** How long each listen lasts once an attendant is on the call and the longest wait has passed. */
const ATTENDED_LISTEN_MS = 60_000;

/** Says the caller's current place every `holdAnnounceMs` until `signal` aborts or an attendant is on; a failing notice is skipped. */
async function announceQueue(context: HoldContext, signal: AbortSignal): Promise<void> {
  const { bot, sessionId, ports } = context;
  const notice = ports.queueNotice;
  if (bot.holdAnnounceMs <= 0 || !notice || !sessionId) return;
  while (!signal.aborted) {
    try {
      await sleep(bot.holdAnnounceMs, undefined, { signal });
      if (context.attended?.()) return;
      const text = await notice(sessionId);
      if (text && !signal.aborted && !context.attended?.()) await context.speaker.play(await context.speech.say(text), { bargeIn: false });
    } catch (error) {
      if (signal.aborted) return;
      context.logger.warn({ err: error, session: sessionId }, 'phone call: the queue position was not said');
    }
  }
}

/** 400 ms of a quiet 440 Hz tone then 2.6 s of silence, as 8 kHz PCM: the hold sound when no music file is set. */
export function holdTone(): Int16Array {
  return toneThenSilence({ hz: 440, amplitude: 3000, toneMs: 400, totalMs: 3000 });
}
