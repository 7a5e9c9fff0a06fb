import { createSocket } from 'node:dgram';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createLogger } from '../../infra/logger.js';
import { createMemoryRateLimiter } from '../../infra/rate-limit/index.js';
import { startBaresipCaller } from '../../test/support/baresip.js';
import { SIPP_SCENARIOS, startSipp } from '../../test/support/sipp.js';
import { toneMs, toneWav } from '../../test/support/call-audio.js';
import { waitFor, waitForValue } from '../../test/support/wait-for.js';
import {
  createAudioOffer, createSipUserAgent, decodeG711, encodeG711, negotiateAudio, openCallMedia, parseRtpPacket, pcm8kToWav, readAudioAnswer,
  type CallMedia, type SipUserAgent,
} from '../../telephony/index.js';
import { createCallControl } from './call-control.js';
import { callSpeaker } from './call-speaker.js';
import { followCallMedia } from './follow-call-media.js';
import { liveCallControl } from './live-call-control.js';
import { createLiveCalls } from './live-calls.js';
import type { RtcSipBotSettings } from './rtc-sip-settings.js';
import { createTransferLegs, type TransferLegs } from './transfer-leg.js';
import { holdTone } from './wait-on-hold.js';

// An attendant's hands on a live call (docs/attendance/calls.md), on the wire: SIPp as the caller
// (key presses by SIP INFO, REFER, BYE, hold by re-INVITE with the music in its RTP) and two call media exchanging RTP (key presses as RFC 4733
// events, the hold music heard by the far end).

const logger = createLogger({ level: 'silent' });
const local = { address: '127.0.0.1' };

/**
 * A UA that answers each INVITE with real media and registers the call as session `s-<n>`; its
 * hold music is noted in `music`, and played (the hold tone) when `play` is set.
 */
async function answeringAgent(liveCalls: ReturnType<typeof createLiveCalls>, music: string[], play = false, transfers?: () => TransferLegs) {
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
        const speaker = callSpeaker(callMedia);
        n += 1;
        const remove = liveCalls.add({
          bot: 'desk', caller: invite.from.uri.user ?? '', sessionId: `s-${n}`, deliver: async () => undefined,
          control: liveCallControl({ call, media: callMedia, audio: followed.audio, music: (on) => {
            music.push(on ? 'on' : 'off');
            if (play) speaker.background(on ? holdTone() : undefined);
          }, hangingUp: () => undefined,
          ...(transfers ? { bridge: (number: string) => transfers().bridge({ bot: 'desk', number, caller: { call, media: callMedia } }) } : {}) }),
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

  test('hold is a re-INVITE with a=sendonly and the caller hears the hold music in the RTP; resume is a re-INVITE with a=sendrecv', async () => {
    const liveCalls = createLiveCalls();
    const music: string[] = [];
    const { agent, media } = await answeringAgent(liveCalls, music, true);
    const control = createCallControl(liveCalls);
    // The caller's media: what our side sends, G.711 μ-law, kept while `collecting`.
    const socket = createSocket('udp4');
    await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
    const heard: Int16Array[] = [];
    let collecting = false;
    socket.on('message', (bytes) => {
      const packet = parseRtpPacket(bytes);
      if (collecting && packet?.payloadType === 0) heard.push(decodeG711('PCMU', packet.payload));
    });
    try {
      const sipp = await startSipp({
        scenario: { file: SIPP_SCENARIOS.callerHeld }, target: `127.0.0.1:${agent.udpPort}`, service: '+15550100',
        substitutions: { RTP_PORT: String(socket.address().port) }, timeoutMs: 30_000,
      });
      await waitFor(() => control.isLive('s-1'), 'the call is live');
      collecting = true;
      expect(await control.hold('s-1', true)).toEqual({ held: true });
      await waitForValue(async () => toneMs(pcm8kToWav(concat(heard)), 440), (ms) => ms >= 1000, {
        // Each look decodes everything heard so far: a few a second, not a hundred, so a loaded machine keeps up.
        what: 'the hold tone at the caller', timeoutMs: 30_000, intervalMs: 250,
      });
      expect(await control.hold('s-1', false)).toEqual({ held: false });
      expect(music).toEqual(['on', 'off']);
      await control.hangUp('s-1');
      const result = await sipp.done;
      expect({ exit: result.exitCode, errors: result.errors }).toEqual({ exit: 0, errors: '' });
      expect(result.requests).toEqual(['INVITE', 'ACK', 'INVITE', 'ACK', 'BYE']);
      expect(result.logs).toEqual(expect.arrayContaining(['hold=a=sendonly', 'resume=a=sendrecv']));
    } finally {
      socket.close();
      for (const m of media) m.close();
      await agent.close();
    }
  });

  test('a transfer the trunk refuses (REFER 501) is a new call to the number through the outbound route, bridged both ways; its BYE ends the caller\'s', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'sb-transfer-'));
    const callee = await startBaresipCaller({ user: '+15555550199', answerMode: 'auto', playWav: await toneWav(60_000, path.join(dir, 'callee.wav'), { hz: 600 }), rtpPorts: { min: 44000, max: 44999 } });
    const rateLimiter = createMemoryRateLimiter();
    const bot = {
      bot: 'desk', numbers: ['+15550100'],
      outbound: { trunk: { name: 'carrier', outboundProxy: `sip:127.0.0.1:${callee.sipPort}`, transport: 'udp' }, allowed: ['+15555550199'], maxCalls: 2, perMinute: 5 },
    } as unknown as RtcSipBotSettings;
    // The agent both answers the caller and places the new call: its transfers are made once it exists.
    const transfers: { legs?: TransferLegs } = {};
    const liveCalls = createLiveCalls();
    const { agent, media } = await answeringAgent(liveCalls, [], false, () => transfers.legs!);
    transfers.legs = createTransferLegs({ agent, bots: () => [bot], openMedia: () => openCallMedia({ host: '127.0.0.1', logger }), rateLimiter, logger });
    const control = createCallControl(liveCalls);
    // The caller's phone: it speaks a 1000 Hz tone to the call and keeps what it hears.
    const socket = createSocket('udp4');
    await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
    const heard: Int16Array[] = [];
    socket.on('message', (bytes) => {
      const packet = parseRtpPacket(bytes);
      if (packet?.payloadType === 0) heard.push(decodeG711('PCMU', packet.payload));
    });
    const tone = encodeG711('PCMU', Int16Array.from({ length: 160 }, (_, i) => Math.round(8000 * Math.sin((2 * Math.PI * 1000 * i) / 8000))));
    let sequence = 0;
    const speaking = setInterval(() => {
      const ours = media[0];
      if (!ours) return;
      const header = Buffer.alloc(12);
      header.writeUInt8(0x80, 0);
      header.writeUInt16BE(sequence & 0xffff, 2);
      header.writeUInt32BE((sequence * 160) >>> 0, 4);
      header.writeUInt32BE(0x1234abcd, 8);
      sequence += 1;
      socket.send(Buffer.concat([header, Buffer.from(tone)]), ours.localPort, '127.0.0.1');
    }, 20);
    try {
      const sipp = await startSipp({
        scenario: { file: SIPP_SCENARIOS.callerReferRefused }, target: `127.0.0.1:${agent.udpPort}`, service: '+15550100',
        substitutions: { RTP_PORT: String(socket.address().port), NUMBER: '15555550199' }, timeoutMs: 40_000,
      });
      await waitFor(() => control.isLive('s-1'), 'the call is live');
      expect(await control.transferToNumber('s-1', '+15555550199')).toEqual({ via: 'bridge' });
      // Both ways: the callee hears the caller's 1000 Hz tone, the caller the callee's 600 Hz.
      await waitForValue(async () => (existsSync(callee.recordingPath) ? toneMs(callee.recordingPath, 1000) : 0), (ms) => ms >= 1000, { what: 'the caller heard by the callee', timeoutMs: 20_000 });
      await waitForValue(async () => toneMs(pcm8kToWav(concat(heard)), 600), (ms) => ms >= 1000, { what: 'the callee heard by the caller', timeoutMs: 20_000 });
      // The callee hangs up: the caller's leg gets our BYE.
      await callee.hangUp();
      const result = await sipp.done;
      expect({ exit: result.exitCode, errors: result.errors }).toEqual({ exit: 0, errors: '' });
      expect(result.requests).toEqual(['REFER', 'BYE']);
      expect(result.logs.join('\n')).toMatch(/refer_to=.*<sip:\+15555550199@127\.0\.0\.1:\d+>/);
    } finally {
      clearInterval(speaking);
      socket.close();
      for (const m of media) m.close();
      await agent.close();
      await callee.close();
      await rateLimiter.close();
      await rm(dir, { recursive: true, force: true });
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

  test('a call relayed to an attendant: on hold the far end hears the hold tone, not the attendant; resumed, the attendant again', async () => {
    const { ours, far, audio } = await mediaPair();
    const speaker = callSpeaker(ours);
    const offers: string[] = [];
    const call = {
      onEnded: () => undefined, localSdp: 'v=0\r\no=- 1 1 IN IP4 127.0.0.1\r\ns=-\r\nc=IN IP4 127.0.0.1\r\nt=0 0\r\nm=audio 4000 RTP/AVP 0\r\na=sendrecv\r\n',
      reoffer: async (sdp: string) => {
        offers.push(/a=(sendonly|sendrecv)/.exec(sdp)?.[1] ?? '');
        return { status: 200, sdpAnswer: undefined };
      },
    } as unknown as Parameters<typeof liveCallControl>[0]['call'];
    const control = liveCallControl({ call, media: ours, audio: () => audio, music: (on) => speaker.background(on ? holdTone() : undefined), hangingUp: () => undefined });
    // The attendant's leg: a steady 1000 Hz tone relayed into the call, a packet each 20 ms.
    ours.startRelay(() => undefined);
    const attendant = encodeG711('PCMU', Int16Array.from({ length: 160 }, (_, i) => Math.round(8000 * Math.sin((2 * Math.PI * 1000 * i) / 8000))));
    const pump = setInterval(() => ours.relay('PCMU', attendant), 20);
    const hear = async () => {
      const heard = await far.listen({ endSilenceMs: 300, maxUtteranceMs: 2000, noSpeechTimeoutMs: 5000 });
      return pcm8kToWav(heard.kind === 'speech' ? heard.pcm : new Int16Array(0));
    };
    try {
      expect(await toneMs(await hear(), 1000)).toBeGreaterThanOrEqual(300);
      await control.hold(true);
      await far.listen({ endSilenceMs: 300, maxUtteranceMs: 2000, noSpeechTimeoutMs: 5000 }); // what was on its way as hold began
      const onHold = await hear();
      expect(await toneMs(onHold, 440)).toBeGreaterThanOrEqual(300);
      expect(await toneMs(onHold, 1000)).toBe(0);
      await control.hold(false);
      await waitForValue(async () => toneMs(await hear(), 1000), (ms) => ms >= 300, { what: 'the attendant heard again' });
      expect(offers).toEqual(['sendonly', 'sendrecv']);
    } finally {
      clearInterval(pump);
      ours.close();
      far.close();
    }
  });
});

/** PCM chunks as one. */
function concat(chunks: Int16Array[]): Int16Array {
  const all = new Int16Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    all.set(chunk, at);
    at += chunk.length;
  }
  return all;
}
