import type { ChannelCommand, Engine, InboundMessage, OutboundMessage } from '../../engine/index.js';
import { translate } from '../../infra/i18n.js';
import type { Logger } from '../../infra/logger.js';
import type { CallMedia, Heard, SipCall } from '../../telephony/index.js';
import type { CallSpeech } from './call-speech.js';
import { answerOfDigits, listeningFor, spokenMenu } from './menu-prompt.js';
import type { RtcSipBotSettings } from './rtc-sip-settings.js';

/** What a call's conversation needs (docs/channels/rtc-sip.md, "The voice bot"). */
export interface VoiceCallDeps {
  engine: Pick<Engine, 'receive' | 'close'>;
  speech: CallSpeech;
  logger: Logger;
  now: () => Date;
}

/** Who is on the call. */
export interface CallParty {
  bot: RtcSipBotSettings;
  callId: string;
  /** The caller's number in E.164 when the trunk gave one, else the From's user part. */
  caller: string;
  callerName?: string;
}

/** Silences in a row after which the bot says goodbye and hangs up. */
const SILENCES_BEFORE_GOODBYE = 2;

/**
 * One phone call as a session of the one pipeline: the call's first turn starts the bot's dialog
 * (its greeting is spoken), each utterance or key press is a customer message, each reply is
 * spoken (menus read as numbered choices), and the call ends with the dialog — goodbye, hang-up —
 * or with the caller hanging up. Either way the session closes.
 */
export async function runVoiceCall(deps: VoiceCallDeps, party: CallParty, call: SipCall, media: CallMedia): Promise<void> {
  const { bot } = party;
  const say = (key: string) => translate(bot.language, key);
  let ended = false;
  call.onEnded(() => {
    ended = true;
    media.close();
  });
  let sequence = 0;
  const turn = (text: string, raw: Record<string, unknown>, first = false) => {
    sequence += 1;
    return deps.engine.receive(inboundOf(party, text, `${party.callId}:${sequence}`, raw, deps.now(), first));
  };

  let sessionId: string | undefined;
  let closeReason = 'caller hung up';
  try {
    let outcome = await turn('', { event: 'call started' }, true);
    sessionId = outcome.session_id ?? undefined;
    let lastReplies = outcome.replies;
    let silences = 0;
    while (!ended) {
      if (outcome.replies.length > 0) lastReplies = outcome.replies;
      const interrupted = await speak(deps, media, outcome.replies, bot.language);
      if (ended) break;
      if (outcome.status === 'processed' && outcome.needs_human) {
        // Calls in the console are the next step (docs/channels/rtc-sip.md, "Waiting for a person").
        await holdUntilHangUp(media, bot);
        // Nobody took the call within the bot's longest wait: goodbye, not a silent open line.
        if (!ended) {
          closeReason = 'nobody took the call';
          await sayAndHangUp(deps, media, call, say('call.goodbye'));
        }
        break;
      }
      const dialog = outcome.status === 'processed' ? outcome.dialog : undefined;
      if (dialog?.status === 'ended' && !interrupted) {
        closeReason = 'dialog ended';
        await sayAndHangUp(deps, media, call, say('call.goodbye'));
        break;
      }
      const mode = listeningFor(dialog);
      const heard: Heard = await media.listen({
        endSilenceMs: bot.endSilenceMs, noSpeechTimeoutMs: bot.noInputMs, ...(mode.kind === 'menu' ? { maxDigits: 1 } : {}),
      });
      if (heard.kind === 'closed' || ended) break;
      const text = heard.kind === 'speech' ? await deps.speech.hear(heard.pcm)
        : heard.kind === 'digits' ? answerOfDigits(heard.digits, dialog?.status === 'waiting' ? dialog.waiting_for.menu ?? [] : [])
          : '';
      if (!text.trim()) {
        silences += 1;
        if (silences >= SILENCES_BEFORE_GOODBYE) {
          closeReason = 'no input';
          await sayAndHangUp(deps, media, call, say('call.no_input_goodbye'));
          break;
        }
        // Asked again: what the bot last said, after "I did not hear you".
        await play(deps, media, say('call.not_heard'));
        outcome = { ...outcome, replies: lastReplies };
        continue;
      }
      silences = 0;
      outcome = await turn(text, heard.kind === 'digits' ? { event: 'keys', digits: heard.digits } : { event: 'speech' });
    }
  } catch (error) {
    closeReason = 'failed';
    deps.logger.error({ err: error, call_id: party.callId, bot: bot.bot }, 'phone call failed; hanging up');
    if (!ended) await call.hangUp().catch(() => undefined);
  } finally {
    media.close();
    if (sessionId) await deps.engine.close(sessionId, closeReason).catch((error: unknown) =>
      deps.logger.warn({ err: error, session: sessionId }, 'the call\'s session was not closed'));
  }
}

/** Speaks a turn's replies in order; stops at the first one the caller interrupts (barge-in). */
async function speak(deps: VoiceCallDeps, media: CallMedia, replies: readonly OutboundMessage[], language: string | undefined): Promise<boolean> {
  for (const reply of replies) {
    const parts = [reply.text];
    if (reply.attachments?.length) parts.push(translate(language, 'call.file_unavailable'));
    if (reply.suggestions?.length) parts.push(spokenMenu(reply.suggestions, language));
    const text = parts.filter((p) => p.trim()).join(' ');
    if (!text) continue;
    if ((await play(deps, media, text)) === 'interrupted') return true;
  }
  return false;
}

async function play(deps: VoiceCallDeps, media: CallMedia, text: string) {
  return media.play(await deps.speech.say(text), { bargeIn: true });
}

async function sayAndHangUp(deps: VoiceCallDeps, media: CallMedia, call: SipCall, text: string): Promise<void> {
  await media.play(await deps.speech.say(text), { bargeIn: false });
  await call.hangUp();
}

/** The caller waits on hold (a soft tone every few seconds) until they hang up or the bot's longest wait passes. */
async function holdUntilHangUp(media: CallMedia, bot: RtcSipBotSettings): Promise<void> {
  const music = media.loop(holdTone());
  const until = Date.now() + bot.maxHoldMs;
  try {
    // What the caller says or presses on hold is not an answer to anything: listen on until the wait is over.
    for (let left = bot.maxHoldMs; left > 0; left = until - Date.now()) {
      const heard = await media.listen({ endSilenceMs: left, noSpeechTimeoutMs: left, maxUtteranceMs: left });
      if (heard.kind === 'closed' || heard.kind === 'timeout') return;
    }
  } finally {
    music.stop();
  }
}

/** 400 ms of a quiet 440 Hz tone then 2.6 s of silence, as 8 kHz PCM: the hold sound when no music file is set. */
function holdTone(): Int16Array {
  const pcm = new Int16Array(8000 * 3);
  for (let i = 0; i < 3200; i++) pcm[i] = Math.round(3000 * Math.sin((2 * Math.PI * 440 * i) / 8000));
  return pcm;
}

/**
 * Each call is a new conversation: its first turn starts the dialog from the top, or, for a number
 * routed straight to a queue (`sip-inbound-route` `queue:<name>`), hands the call to that queue.
 */
function firstCommand(bot: RtcSipBotSettings): ChannelCommand {
  return bot.inboundRoute.kind === 'queue' ? { kind: 'human', reason: 'phone call', target: bot.inboundRoute.queue } : { kind: 'restart' };
}

function inboundOf(party: CallParty, text: string, id: string, raw: Record<string, unknown>, at: Date, first: boolean): InboundMessage {
  return {
    channel: 'rtc_sip',
    bot: party.bot.bot,
    customer: {
      external_id: party.caller,
      ...(party.caller.startsWith('+') ? { phone: party.caller } : {}),
      ...(party.callerName ? { display_name: party.callerName } : {}),
    },
    text,
    attachments: [],
    provider_message_id: id,
    received_at: at,
    raw: { call_id: party.callId, ...raw },
    ...(first ? { command: firstCommand(party.bot) } : {}),
  };
}

