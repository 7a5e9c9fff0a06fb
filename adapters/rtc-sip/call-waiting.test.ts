import { PermanentDeliveryError, type OutboundMessage } from '../../engine/index.js';
import { createLogger } from '../../infra/logger.js';
import type { CallMedia, Heard, ListenOptions, PlaybackOutcome } from '../../telephony/index.js';
import { callSpeaker } from './call-speaker.js';
import type { CallSpeech } from './call-speech.js';
import { beep, leaveVoicemail } from './leave-voicemail.js';
import { createRtcSipAdapter } from './rtc-sip-adapter.js';
import { spokenReply } from './spoken-reply.js';
import { holdTone, waitOnHold } from './wait-on-hold.js';

// Waiting for a person on the phone (docs/channels/rtc-sip.md, "Waiting for a person"), on a call's
// media in memory: what is played, in what order, and what the ports are asked.

const logger = createLogger({ level: 'silent' });

/** A call's media that plays each sound for `playMs` and answers listens from a script. */
function fakeMedia(options: { playMs?: number; heard?: (listen: ListenOptions) => Promise<Heard> } = {}) {
  const log: string[] = [];
  let looping: Int16Array | undefined;
  const media: Pick<CallMedia, 'play' | 'loop' | 'listen'> = {
    async play(pcm): Promise<PlaybackOutcome> {
      log.push(`play ${pcm.length}`);
      await new Promise((resolve) => setTimeout(resolve, options.playMs ?? 5));
      return 'finished';
    },
    loop(pcm) {
      looping = pcm;
      log.push(`loop ${pcm.length}`);
      return { stop: () => { if (looping === pcm) looping = undefined; } };
    },
    listen: (listen) => (options.heard ?? (async () => ({ kind: 'timeout' }) as Heard))(listen ?? {}),
  };
  return { media: media as CallMedia, log, looping: () => looping };
}

/** Speech in memory: each text is as many samples as it has characters. */
const speech: CallSpeech = {
  say: async (text) => new Int16Array(text.length),
  hear: async () => '',
  transcribe: async (pcm) => `heard ${pcm.length} samples.`,
};

describe('the speaker', () => {
  test('sounds take turns, and the hold music pauses for each and comes back after', async () => {
    const { media, log, looping } = fakeMedia();
    const speaker = callSpeaker(media);
    const music = new Int16Array(7);
    speaker.background(music);
    await Promise.all([speaker.play(new Int16Array(1)), speaker.play(new Int16Array(2))]);
    expect(log).toEqual(['loop 7', 'play 1', 'play 2', 'loop 7']);
    expect(looping()).toBe(music);
    speaker.background(undefined);
    expect(looping()).toBeUndefined();
  });
});

describe('on hold', () => {
  test('the bot\'s music loops, the place in the queue is said again while the caller waits, and the wait ends after the longest wait', async () => {
    // The listen stands for the longest wait: it times out once the notice was asked for twice.
    let waitOver: (heard: Heard) => void = () => undefined;
    const { media, log } = fakeMedia({ heard: () => new Promise((resolve) => { waitOver = resolve; }) });
    const asked: string[] = [];
    const music = new Int16Array(11);
    const outcome = await waitOnHold({
      media, speaker: callSpeaker(media), speech, logger, sessionId: 's-1',
      bot: { bot: 'desk', holdMusic: music, holdAnnounceMs: 10, maxHoldMs: 60_000 },
      ports: {
        queueNotice: async (session) => {
          asked.push(session);
          if (asked.length === 2) setTimeout(() => waitOver({ kind: 'timeout' }), 30);
          return 'You are number 2.';
        },
      },
    });
    expect(outcome).toBe('timeout');
    expect(asked.slice(0, 2)).toEqual(['s-1', 's-1']);
    // Music, the notice ('You are number 2.' is 17 samples here), music again.
    expect(log.slice(0, 3)).toEqual(['loop 11', 'play 17', 'loop 11']);
  });

  test('a hang-up ends the wait; without music the soft tone plays; nothing is said once nobody waits', async () => {
    const { media, log } = fakeMedia({ heard: async () => ({ kind: 'closed' }) });
    const outcome = await waitOnHold({
      media, speaker: callSpeaker(media), speech, logger, sessionId: 's-1',
      bot: { bot: 'desk', holdAnnounceMs: 1, maxHoldMs: 60_000 }, ports: { queueNotice: async () => undefined },
    });
    expect(outcome).toBe('hung up');
    expect(log[0]).toBe(`loop ${holdTone().length}`);
    expect(log.filter((l) => l.startsWith('play'))).toEqual([]);
  });
});

describe('an attendant on the call', () => {
  test('once attended, a listen that times out does not end the wait, no place is said, and the hang-up ends it', async () => {
    // Listens: two time out (unattended, the first would end the wait), then the call ends.
    const answers: Heard[] = [{ kind: 'timeout' }, { kind: 'timeout' }, { kind: 'closed' }];
    const { media } = fakeMedia({ heard: async () => answers.shift()! });
    const asked: string[] = [];
    const outcome = await waitOnHold({
      media, speaker: callSpeaker(media), speech, logger, sessionId: 's-1', attended: () => true,
      bot: { bot: 'desk', holdAnnounceMs: 1, maxHoldMs: 50 }, ports: { queueNotice: async (session) => { asked.push(session); return 'You are number 1.'; } },
    });
    expect(outcome).toBe('hung up');
    expect(answers).toEqual([]);
    expect(asked).toEqual([]);
  });
});

describe('voicemail', () => {
  const context = (heard: Heard, kept: unknown[], ports = true) => {
    const { media, log } = fakeMedia({ heard: async () => heard });
    return {
      log,
      run: () => leaveVoicemail({
        media, speaker: callSpeaker(media), speech, logger, sessionId: 's-1', caller: '+15550199',
        bot: { bot: 'desk', language: 'en', voicemail: { maxMs: 60_000, endSilenceMs: 2000 } },
        ports: ports ? { keepVoicemail: async (voicemail) => { kept.push(voicemail); } } : {},
      }),
    };
  };

  test('the prompt, the beep, then the message recorded, transcribed and kept as a WAV', async () => {
    const kept: { transcript: string; recording: Buffer; durationSeconds: number; caller: string }[] = [];
    const { log, run } = context({ kind: 'speech', pcm: new Int16Array(16000) }, kept);
    expect(await run()).toBe(true);
    expect(log.slice(-1)).toEqual([`play ${beep().length}`]);
    expect(kept).toEqual([expect.objectContaining({ caller: '+15550199', transcript: 'heard 16000 samples.', durationSeconds: 2 })]);
    expect(kept[0]!.recording.toString('latin1', 0, 4)).toBe('RIFF');
  });

  test('a message cut short by the hang-up is kept; silence, a click, or no port keep nothing', async () => {
    const kept: unknown[] = [];
    expect(await context({ kind: 'closed', pcm: new Int16Array(8000) }, kept).run()).toBe(true);
    expect(await context({ kind: 'timeout' }, kept).run()).toBe(false);
    expect(await context({ kind: 'speech', pcm: new Int16Array(800) }, kept).run()).toBe(false);
    expect(await context({ kind: 'speech', pcm: new Int16Array(16000) }, kept, false).run()).toBe(false);
    expect(kept).toHaveLength(1);
  });

  test('no voicemail when someone took the conversation meanwhile', async () => {
    const kept: unknown[] = [];
    const { media, log } = fakeMedia({ heard: async () => ({ kind: 'speech', pcm: new Int16Array(16000) }) });
    expect(await leaveVoicemail({
      media, speaker: callSpeaker(media), speech, logger, sessionId: 's-1', caller: '+15550199',
      bot: { bot: 'desk', language: 'en', voicemail: { maxMs: 60_000, endSilenceMs: 2000 } },
      ports: { keepVoicemail: async (voicemail) => { kept.push(voicemail); }, queueNotice: async () => undefined },
    })).toBe(false);
    expect([kept, log]).toEqual([[], []]);
  });
});

describe('files and messages from outside the caller\'s turns', () => {
  const reply = { text: 'Here is your invoice.', attachments: [{ type: 'file' as const, url: 'https://x.test/a.pdf', name: 'a.pdf' }] };
  const sent: unknown[] = [];
  const context = (caller: string, send?: (input: unknown) => Promise<boolean>) =>
    ({ bot: 'desk', caller, language: 'en', logger, ports: send ? { sendFilesBySms: send } : {} });

  test('a file goes by SMS to the caller\'s number when the bot has sms; otherwise the caller hears it cannot be sent', async () => {
    expect(await spokenReply(context('+15550199', async (input) => { sent.push(input); return true; }), reply))
      .toBe('Here is your invoice. I have sent the file to your phone by text message.');
    expect(sent).toEqual([{ bot: 'desk', to: '+15550199', text: 'Here is your invoice.', attachments: reply.attachments }]);
    expect(await spokenReply(context('+15550199', async () => false), reply)).toBe('Here is your invoice. I cannot send files during a call.');
    expect(await spokenReply(context('+15550199', async () => { throw new Error('twilio down'); }), reply)).toMatch(/cannot send files/);
    // A caller without an international number cannot be texted.
    expect(await spokenReply(context('alice', async () => true), reply)).toMatch(/cannot send files/);
  });

  test('a link (a video meeting\'s join link) goes by SMS; the call says the text without it, and where it went', async () => {
    const texted: unknown[] = [];
    const invite = { text: 'Join a video call with us: https://desk.test/meet/r1?t=abc' };
    expect(await spokenReply(context('+15550199', async (input) => { texted.push(input); return true; }), invite))
      .toBe('Join a video call with us. I have sent you the link by text message.');
    expect(texted).toEqual([{ bot: 'desk', to: '+15550199', text: invite.text, attachments: [] }]);
    expect(await spokenReply(context('alice', async () => true), invite)).toBe('Join a video call with us. I cannot send links during this call.');
    expect(await spokenReply(context('+15550199'), invite)).toBe('Join a video call with us. I cannot send links during this call.');
  });

  test('the adapter speaks a message on the live call of its session, or of its caller before the session is known; a gone call fails for good', async () => {
    const adapter = createRtcSipAdapter({ isEnabled: () => true });
    expect(adapter.delivery).toBe('turns');
    const said: string[] = [];
    const message = (session: string, to = '+15550199'): OutboundMessage => ({ session_id: session, channel: 'rtc_sip', to, text: `to ${session}`, from: 'attendant' });
    const call = { bot: 'desk', caller: '+15550199', sessionId: undefined as string | undefined, deliver: async (m: OutboundMessage) => { said.push(m.text); } };
    const remove = adapter.liveCalls.add(call);
    await adapter.send(message('s-1'));
    call.sessionId = 's-1';
    await adapter.send(message('s-1'));
    await expect(adapter.send(message('s-2', '+15550100'))).rejects.toBeInstanceOf(PermanentDeliveryError);
    remove();
    await expect(adapter.send(message('s-1'))).rejects.toThrow('the call has ended');
    expect(said).toEqual(['to s-1', 'to s-1']);
  });
});
