import { createLogger } from '../../infra/logger.js';
import { SIPP_SCENARIOS, startSipp } from '../../test/support/sipp.js';
import { toneMs } from '../../test/support/call-audio.js';
import { waitFor } from '../../test/support/wait-for.js';
import {
  createAudioOffer, createSipUserAgent, negotiateAudio, openCallMedia, pcm8kToWav, readAudioAnswer,
  type CallMedia, type SipUserAgent,
} from '../../telephony/index.js';
import { createCallControl } from './call-control.js';
import { callSpeaker } from './call-speaker.js';
import { followCallMedia } from './follow-call-media.js';
import { liveCallControl } from './live-call-control.js';
import { createLiveCalls } from './live-calls.js';
import { holdTone } from './wait-on-hold.js';

// An attendant's hands on a live call (docs/attendance/calls.md), on the wire: SIPp as the caller
// (key presses by SIP INFO, REFER, BYE) and two call media exchanging RTP (key presses as RFC 4733
// events, the hold music heard by the far end).

const logger = createLogger({ level: 'silent' });
const local = { address: '127.0.0.1' };

/** A UA that answers each INVITE with real media and registers the call as session `s-<n>`. */
async function answeringAgent(liveCalls: ReturnType<typeof createLiveCalls>, music: string[]) {
  const media: CallMedia[] = [];
  let n = 0;
  const agent: SipUserAgent = await createSipUserAgent({
    host: '127.0.0.1', udpPort: 0, logger,
    onInvite: (invite) => {
      void (async () => {
        const callMedia = await openCallMedia({ host: '127.0.0.1', logger });
        media.push(callMedia);
        const ours = { ...local, port: callMedia.localPort };
        const negotiation = negotiateAudio(invite.sdpOffer ?? '', ours, undefined, { srtp: false });
        if (!negotiation.ok) return invite.reject(488);
        const call = await invite.accept(negotiation.answerSdp);
        const followed = followCallMedia(call, callMedia, negotiation.audio, { local: ours });
        n += 1;
        const remove = liveCalls.add({
          bot: 'desk', caller: invite.from.uri.user ?? '', sessionId: `s-${n}`, deliver: async () => undefined,
          control: liveCallControl({ call, media: callMedia, audio: followed.audio, music: (on) => music.push(on ? 'on' : 'off'), hangingUp: () => undefined }),
        });
        // As a call's conversation does (voice-call.ts): an ended call is no longer live.
        call.onEnded(() => remove());
      })();
    },
  });
  return { agent, media };
}

describe('call control over SIP, with SIPp as the caller', () => {
  test('key presses go by SIP INFO when the call agreed no telephone-event; a transfer to a number is a REFER to the trunk, then our BYE', async () => {
    const liveCalls = createLiveCalls();
    const music: string[] = [];
    const { agent, media } = await answeringAgent(liveCalls, music);
    const control = createCallControl(liveCalls);
    try {
      const sipp = await startSipp({
        scenario: { file: SIPP_SCENARIOS.callerControlled }, target: `127.0.0.1:${agent.udpPort}`, service: '+15550100',
        substitutions: { END: 'keys', NUMBER: '15550199' }, timeoutMs: 20_000,
      });
      await waitFor(() => control.isLive('s-1'), 'the call is live');
      expect(await control.hold('s-1', true)).toEqual({ held: true });
      expect(await control.hold('s-1', false)).toEqual({ held: false });
      expect(music).toEqual(['on', 'off']);
      expect(await control.sendDigits('s-1', '12')).toEqual({ via: 'info' });
      expect(await control.transferToNumber('s-1', '+15550199')).toEqual({ via: 'refer' });
      const result = await sipp.done;
      expect({ exit: result.exitCode, errors: result.errors }).toEqual({ exit: 0, errors: '' });
      expect(result.requests).toEqual(['INFO', 'INFO', 'REFER', 'BYE']);
      expect(result.logs.join('\n')).toMatch(/refer_to=.*<sip:\+15550199@127\.0\.0\.1:\d+>/);
      await expect(control.hangUp('s-1')).rejects.toMatchObject({ code: 'no_live_call' });
    } finally {
      for (const m of media) m.close();
      await agent.close();
    }
  });

  test('hang-up is a BYE', async () => {
    const liveCalls = createLiveCalls();
    const { agent, media } = await answeringAgent(liveCalls, []);
    const control = createCallControl(liveCalls);
    try {
      const sipp = await startSipp({
        scenario: { file: SIPP_SCENARIOS.callerControlled }, target: `127.0.0.1:${agent.udpPort}`, service: '+15550100',
        substitutions: { END: 'bye', NUMBER: 'unused' }, timeoutMs: 20_000,
      });
      await waitFor(() => control.isLive('s-1'), 'the call is live');
      await control.hangUp('s-1');
      const result = await sipp.done;
      expect({ exit: result.exitCode, requests: result.requests, errors: result.errors }).toEqual({ exit: 0, requests: ['BYE'], errors: '' });
    } finally {
      for (const m of media) m.close();
      await agent.close();
    }
  });
});

describe('call control over RTP', () => {
  /** Two call media sending RTP to each other: `ours` (the call) and `far` (the caller's phone), with telephone-event agreed. */
  async function mediaPair() {
    const ours = await openCallMedia({ host: '127.0.0.1', logger });
    const far = await openCallMedia({ host: '127.0.0.1', logger });
    const offer = createAudioOffer({ ...local, port: far.localPort });
    const negotiation = negotiateAudio(offer.offerSdp, { ...local, port: ours.localPort }, undefined, { srtp: false });
    if (!negotiation.ok) throw new Error(negotiation.reason);
    const answer = readAudioAnswer(negotiation.answerSdp, offer);
    if (!answer.ok) throw new Error(answer.reason);
    ours.apply(negotiation.audio);
    far.apply(answer.audio);
    return { ours, far, audio: negotiation.audio };
  }

  test('key presses reach the far end as RFC 4733 telephone-events, each once, in order', async () => {
    const { ours, far, audio } = await mediaPair();
    const heard: string[] = [];
    far.onKey((digit) => heard.push(digit));
    const call = { onEnded: () => undefined } as unknown as Parameters<typeof liveCallControl>[0]['call'];
    const control = liveCallControl({ call, media: ours, audio: () => audio, music: () => undefined, hangingUp: () => undefined });
    try {
      expect(await control.sendDigits('159#')).toBe('rtp');
      await waitFor(() => heard.length >= 4, 'four key presses heard');
      expect(heard).toEqual(['1', '5', '9', '#']);
    } finally {
      ours.close();
      far.close();
    }
  });

  test('on hold the far end hears the hold tone', async () => {
    const { ours, far, audio } = await mediaPair();
    const speaker = callSpeaker(ours);
    const call = { onEnded: () => undefined } as unknown as Parameters<typeof liveCallControl>[0]['call'];
    const control = liveCallControl({ call, media: ours, audio: () => audio, music: (on) => speaker.background(on ? holdTone() : undefined), hangingUp: () => undefined });
    try {
      control.hold(true);
      const heard = await far.listen({ endSilenceMs: 300, noSpeechTimeoutMs: 5000 });
      expect(heard.kind).toBe('speech');
      const pcm = heard.kind === 'speech' ? heard.pcm : new Int16Array(0);
      expect(await toneMs(pcm8kToWav(pcm), 440)).toBeGreaterThanOrEqual(300);
    } finally {
      ours.close();
      far.close();
    }
  });
});
