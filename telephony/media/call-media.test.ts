import { createSocket, type Socket } from 'node:dgram';
import { readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { createLogger } from '../../infra/logger.js';
import { waitFor } from '../../test/support/wait-for.js';
import type { CallMedia } from './call-media-api.js';
import { createCallMediaHost, type CallMediaHost } from './call-media-host.js';
import { decodeG711, encodeG711, FRAME_SAMPLES } from './g711.js';
import { parseRtpPacket, serializeRtpPacket, type RtpPacket } from './rtp-packet.js';
import { negotiateAudio } from './sdp-negotiation.js';
import { encodeTelephoneEvent } from './telephone-event.js';
import { wavToPcm8k } from './wav.js';
import { SrtpReceiver, SrtpSender } from './srtp-context.js';

const logger = createLogger({ level: 'silent' });
const tone = (frames: number): Int16Array => Int16Array.from({ length: frames * FRAME_SAMPLES }, (_, i) => Math.round(8000 * Math.sin((2 * Math.PI * 300 * i) / 8000)));

/** The far end of the call: a UDP socket on 127.0.0.1 that records what it gets and sends RTP. */
class Peer {
  readonly packets: RtpPacket[] = [];
  private sequence = 100;
  private timestamp = 5000;
  private waiters: (() => void)[] = [];

  private constructor(
    readonly socket: Socket,
    private readonly to: number,
  ) {
    socket.on('message', (bytes) => {
      const packet = parseRtpPacket(bytes);
      if (packet) this.packets.push(packet);
      for (const wake of this.waiters) wake();
    });
  }

  static async open(to: number): Promise<Peer> {
    const socket = createSocket('udp4');
    socket.bind(0, '127.0.0.1');
    await once(socket, 'listening');
    return new Peer(socket, to);
  }

  get port(): number {
    return this.socket.address().port;
  }

  offer(direction = 'sendrecv', codec: 0 | 8 = 0): string {
    return ['v=0', 'o=- 1 1 IN IP4 127.0.0.1', 's=-', 'c=IN IP4 127.0.0.1', 't=0 0', `m=audio ${this.port} RTP/AVP ${codec} 101`, 'a=rtpmap:101 telephone-event/8000', 'a=fmtp:101 0-15', `a=${direction}`, ''].join('\r\n');
  }

  /** Resolves once `check` holds for what has arrived. */
  async until(check: () => boolean): Promise<void> {
    while (!check()) await new Promise<void>((resolve) => this.waiters.push(resolve));
    this.waiters = [];
  }

  /** Sends audio frames, a few at a time so the loopback buffer never overflows. */
  async sendAudio(pcm: Int16Array): Promise<void> {
    for (let offset = 0; offset < pcm.length; offset += FRAME_SAMPLES) {
      this.send(0, encodeG711('PCMU', pcm.subarray(offset, offset + FRAME_SAMPLES)), offset === 0);
      this.timestamp += FRAME_SAMPLES;
      if ((offset / FRAME_SAMPLES) % 10 === 9) await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  /** One key press as a phone sends it: three packets with one timestamp, the end one three times. */
  pressKey(event: number): void {
    for (const [duration, end] of [[160, false], [320, false], [480, true], [480, true], [480, true]] as const) {
      this.send(101, encodeTelephoneEvent({ event, end, volume: 10, duration }), duration === 160);
    }
    this.timestamp += 480;
  }

  send(payloadType: number, payload: Uint8Array, marker = false): void {
    this.socket.send(serializeRtpPacket({ marker, payloadType, sequenceNumber: this.sequence++, timestamp: this.timestamp, ssrc: 42, payload }), this.to, '127.0.0.1');
  }

  close(): void {
    this.socket.close();
  }
}

/** Until the peer hears the playback: a command the worker has not yet run cannot be interrupted. */
const audible = (peer: Peer) => peer.until(() => peer.packets.some((p) => p.payload.some((byte) => byte !== 0xff)));

// One contract, two implementations (docs/channels/rtc-sip.md, "Media"): the calls' media on the
// main thread, and on the media worker, where commands and results cross as messages.
describe.each(['main', 'worker'] as const)('call media over UDP on 127.0.0.1 (%s thread)', (thread) => {
  let host: CallMediaHost;
  let media: CallMedia;
  let peer: Peer;

  beforeAll(() => {
    host = createCallMediaHost(thread, logger);
  });

  afterAll(() => host.close());

  beforeEach(async () => {
    media = await host.open({ host: '127.0.0.1', logger });
    peer = await Peer.open(media.localPort);
    const negotiation = negotiateAudio(peer.offer(), { address: media.sdpAddress, port: media.localPort });
    if (!negotiation.ok) throw new Error(negotiation.reason);
    media.apply(negotiation.audio);
  });

  afterEach(() => {
    media.close();
    peer.close();
  });

  test('listen hears an utterance, then key presses up to #', async () => {
    const heard = media.listen({ endSilenceMs: 300 });
    await peer.sendAudio(new Int16Array(10 * FRAME_SAMPLES));
    await peer.sendAudio(tone(40));
    await peer.sendAudio(new Int16Array(25 * FRAME_SAMPLES));
    const speech = await heard;
    expect(speech.kind).toBe('speech');
    if (speech.kind === 'speech') expect(speech.pcm.length).toBeGreaterThanOrEqual(40 * FRAME_SAMPLES);

    const keys: string[] = [];
    media.onKey((digit) => keys.push(digit));
    const digits = media.listen();
    peer.pressKey(1);
    peer.pressKey(2);
    peer.pressKey(11);
    expect(await digits).toEqual({ kind: 'digits', digits: '12', endedBy: '#' });
    expect(keys).toEqual(['1', '2', '#']);
  });

  test('relayed to another leg: the caller\'s bytes go out as they came, the leg\'s reach the caller untouched, another law transcoded', async () => {
    expect(media.codec).toBe('PCMU');
    const out: { codec: string; payload: Uint8Array }[] = [];
    media.startRelay((codec, payload) => out.push({ codec, payload }));
    const fromCaller = Uint8Array.from({ length: FRAME_SAMPLES }, (_, i) => (i * 7) & 0x7f);
    peer.send(0, fromCaller);
    await waitFor(() => out.length > 0, 'the caller\'s packet relayed');
    expect(out[0]).toEqual({ codec: 'PCMU', payload: fromCaller });

    const sameLaw = Uint8Array.from({ length: FRAME_SAMPLES }, (_, i) => 0x10 + (i % 50));
    media.relay('PCMU', sameLaw);
    media.relay('PCMU', sameLaw);
    await peer.until(() => peer.packets.some((p) => Buffer.from(sameLaw).equals(p.payload)));

    const otherLaw = encodeG711('PCMA', tone(1));
    const transcoded = Buffer.from(encodeG711('PCMU', decodeG711('PCMA', otherLaw)));
    media.relay('PCMA', otherLaw);
    media.relay('PCMA', otherLaw);
    await peer.until(() => peer.packets.some((p) => transcoded.equals(p.payload)));
    media.stopRelay();
  });

  test('play sends consecutive packets at the agreed payload type, the first one marked', async () => {
    expect(await media.play(tone(10))).toBe('finished');
    await peer.until(() => {
      const start = peer.packets.findIndex((p) => p.marker);
      return start >= 0 && peer.packets.length > start + 10;
    });
    const start = peer.packets.findIndex((p) => p.marker);
    const played = peer.packets.slice(start, start + 10);
    for (const [i, packet] of played.entries()) {
      expect(packet.payloadType).toBe(0);
      expect(packet.sequenceNumber).toBe(((played[0]?.sequenceNumber ?? 0) + i) & 0xffff);
      expect(packet.timestamp).toBe(((played[0]?.timestamp ?? 0) + i * FRAME_SAMPLES) >>> 0);
      expect(packet.payload.some((byte) => byte !== 0xff)).toBe(true);
    }
    // Before and after the playback the stream goes on with silence, continuing the numbering.
    const after = peer.packets[start + 10];
    expect(after?.payload.every((byte) => byte === 0xff)).toBe(true);
    expect(after?.sequenceNumber).toBe(((played[9]?.sequenceNumber ?? 0) + 1) & 0xffff);
    expect(start === 0 || peer.packets[start - 1]?.payload.every((byte) => byte === 0xff)).toBe(true);
    expect(media.stats().sent).toBeGreaterThanOrEqual(peer.packets.length);
  });

  test('packets from a source other than the negotiated peer are dropped and counted', async () => {
    const keys: string[] = [];
    media.onKey((digit) => keys.push(digit));
    const first = media.listen({ maxDigits: 1 });
    peer.pressKey(7);
    expect(await first).toEqual({ kind: 'digits', digits: '7', endedBy: 'max' });
    const foreign = await Peer.open(media.localPort);
    foreign.pressKey(5);
    foreign.pressKey(5);
    const heard = media.listen({ maxDigits: 1 });
    peer.pressKey(8);
    expect(await heard).toEqual({ kind: 'digits', digits: '8', endedBy: 'max' });
    // The foreign packets were sent first; on a loaded machine let their turn of the loop come.
    await waitFor(() => media.stats().droppedForeign >= 10, 'the foreign packets to be counted');
    foreign.close();
    expect(keys).toEqual(['7', '8']);
    expect(media.stats().droppedForeign).toBe(10);
  });

  test('a key press interrupts a barge-in playback and is kept for the next listen', async () => {
    const playing = media.play(tone(500), { bargeIn: true });
    await audible(peer);
    peer.pressKey(3);
    expect(await playing).toBe('interrupted');
    expect(await media.listen({ maxDigits: 1 })).toEqual({ kind: 'digits', digits: '3', endedBy: 'max' });
  });

  test('speech interrupts a barge-in playback, and the utterance goes to the next listen', async () => {
    const playing = media.play(tone(500), { bargeIn: true });
    await audible(peer);
    // A phone's stream starts with the line's own sound, from which the detector learns its floor.
    await peer.sendAudio(new Int16Array(10 * FRAME_SAMPLES));
    await peer.sendAudio(tone(10));
    expect(await playing).toBe('interrupted');
    const heard = media.listen({ endSilenceMs: 200 });
    await peer.sendAudio(new Int16Array(15 * FRAME_SAMPLES));
    expect((await heard).kind).toBe('speech');
  });

  test('an answer said while nothing plays (the bot still thinking) cuts the next barge-in prompt short and goes to the next listen', async () => {
    await peer.sendAudio(new Int16Array(10 * FRAME_SAMPLES));
    await peer.sendAudio(tone(10));
    await peer.sendAudio(new Int16Array(45 * FRAME_SAMPLES));
    expect(await media.play(tone(500), { bargeIn: true })).toBe('interrupted');
    expect((await media.listen({ noSpeechTimeoutMs: 500 })).kind).toBe('speech');
  });

  test('speech said while nothing plays is dropped by a prompt without barge-in', async () => {
    await peer.sendAudio(new Int16Array(10 * FRAME_SAMPLES));
    await peer.sendAudio(tone(10));
    await peer.sendAudio(new Int16Array(45 * FRAME_SAMPLES));
    expect(await media.play(tone(5))).toBe('finished');
    expect(await media.listen({ noSpeechTimeoutMs: 300 })).toEqual({ kind: 'timeout' });
  });

  test('a playback without barge-in plays on through speech and keys', async () => {
    const playing = media.play(tone(5));
    peer.pressKey(4);
    expect(await playing).toBe('finished');
  });

  test('while the peer holds the call nothing is sent; after it resumes, packets flow again', async () => {
    const held = negotiateAudio(peer.offer('sendonly'), { address: media.sdpAddress, port: media.localPort });
    if (!held.ok) throw new Error(held.reason);
    media.apply(held.audio);
    // Counted once the hold is in effect: a playback after it has ended.
    expect(await media.play(tone(1))).toBe('finished');
    const sentBefore = media.stats().sent;
    expect(await media.play(tone(5))).toBe('finished');
    expect(media.stats().sent).toBe(sentBefore);

    const resumed = negotiateAudio(peer.offer('sendrecv'), { address: media.sdpAddress, port: media.localPort }, held.audio);
    if (!resumed.ok) throw new Error(resumed.reason);
    media.apply(resumed.audio);
    const arrived = peer.packets.length;
    await peer.until(() => peer.packets.length > arrived + 2);
    await waitFor(() => media.stats().sent > sentBefore, 'packets to be counted as sent again');
  });

  test('listen with nothing heard times out; close ends a listen and a playback', async () => {
    expect(await media.listen({ noSpeechTimeoutMs: 200 })).toEqual({ kind: 'timeout' });
    const heard = media.listen();
    const playing = media.play(tone(500));
    media.close();
    expect(await heard).toEqual({ kind: 'closed' });
    expect(await playing).toBe('stopped');
    expect(await media.listen()).toEqual({ kind: 'closed' });
  });

  test('key presses by SIP INFO count like RFC 4733 ones; a loop plays until stopped', async () => {
    const music = media.loop(tone(3));
    media.pressKey('5');
    media.pressKey('#');
    expect(await media.listen()).toEqual({ kind: 'digits', digits: '5', endedBy: '#' });
    const loud = (): RtpPacket[] => peer.packets.filter((p) => p.payload.some((byte) => byte !== 0xff));
    // More than one round of the three-frame loop, as one talkspurt.
    await peer.until(() => loud().length >= 7);
    music.stop();
    const afterStop = peer.packets.length;
    await peer.until(() => peer.packets.length > afterStop + 3);
    expect(peer.packets.slice(-2).every((p) => p.payload.every((byte) => byte === 0xff))).toBe(true);
    expect(loud().filter((p) => p.marker)).toHaveLength(1);
  });

  test('PCMA after a re-offer: the audio goes out A-law encoded; RTCP and stray bytes from the peer change nothing', async () => {
    const first = negotiateAudio(peer.offer(), { address: media.sdpAddress, port: media.localPort });
    const pcma = negotiateAudio(peer.offer('sendrecv', 8), { address: media.sdpAddress, port: media.localPort }, first.ok ? first.audio : undefined);
    if (!pcma.ok) throw new Error(pcma.reason);
    expect(pcma.audio.codec).toBe('PCMA');
    media.apply(pcma.audio);
    peer.socket.send(Buffer.from([0x81, 201, 0, 7, 0, 0, 0, 42, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]), media.localPort, '127.0.0.1');
    peer.socket.send(Buffer.from('not rtp'), media.localPort, '127.0.0.1');
    const played = tone(3);
    expect(await media.play(played)).toBe('finished');
    await peer.until(() => peer.packets.some((p) => p.payloadType === 8 && p.marker));
    const first8 = peer.packets.find((p) => p.payloadType === 8 && p.marker);
    const decoded = decodeG711('PCMA', first8?.payload ?? new Uint8Array());
    expect(Math.max(...decoded.map((sample, i) => Math.abs(sample - (played[i] ?? 0))))).toBeLessThanOrEqual(256);
    expect(media.stats().droppedForeign).toBe(0);
  });

  test('a voicemail ended by #: the key ends the listen as speech, with what was said so far; keys typed before it do not count', async () => {
    peer.pressKey(11);
    await new Promise((resolve) => setTimeout(resolve, 60));
    const recording = media.listen({ maxUtteranceMs: 120000, endSilenceMs: 5000, keyEndsSpeech: true });
    await peer.sendAudio(new Int16Array(10 * FRAME_SAMPLES));
    await peer.sendAudio(tone(30));
    await peer.until(() => media.stats().received >= 40);
    peer.pressKey(11);
    const heard = await recording;
    expect(heard.kind).toBe('speech');
    if (heard.kind === 'speech') expect(heard.pcm.length).toBeGreaterThanOrEqual(30 * FRAME_SAMPLES);
  });

  test('recorded: what we play and what the caller sends, mixed into a WAV as long as the call; ended by close, read after it', async () => {
    const file = path.join(os.tmpdir(), `sb-call-media-${thread}-${process.pid}.wav`);
    media.record(file, { maxSeconds: 60 });
    const played = media.play(tone(25));
    await peer.sendAudio(new Int16Array(5 * FRAME_SAMPLES).fill(4000));
    await played;
    await waitFor(() => media.stats().received >= 5, 'the caller\'s audio received');
    media.close();
    const recorded = await media.stopRecording();
    expect(recorded?.path).toBe(file);
    const pcm = wavToPcm8k(await readFile(file));
    await rm(file, { force: true });
    expect(pcm.length / 8000).toBeCloseTo(recorded!.seconds, 5);
    expect(recorded!.seconds).toBeGreaterThanOrEqual(0.5);
    // Our tone (peaks at 8000) with the caller's level (4000) on top of it: only the mix goes past 9000.
    expect(Math.max(...pcm)).toBeGreaterThan(9000);
  });

  test('a call not recorded has no recording', async () => {
    await expect(media.stopRecording()).resolves.toBeUndefined();
  });

  test('hanging up in the middle of a long utterance (a voicemail) keeps what was said', async () => {
    const recording = media.listen({ maxUtteranceMs: 120000, endSilenceMs: 5000 });
    await peer.sendAudio(new Int16Array(10 * FRAME_SAMPLES));
    await peer.sendAudio(tone(30));
    await waitFor(() => media.stats().received >= 40, 'the utterance to be received');
    media.close();
    const heard = await recording;
    expect(heard.kind).toBe('closed');
    if (heard.kind === 'closed') expect(heard.pcm?.length).toBeGreaterThanOrEqual(30 * FRAME_SAMPLES);
  });
});

describe.each(['main', 'worker'] as const)('call media with SRTP (%s thread)', (thread) => {
  test('what we play arrives encrypted and decrypts with the key of our answer; the peer\'s SRTP is heard, its plain RTP dropped', async () => {
    const host = createCallMediaHost(thread, logger);
    const media = await host.open({ host: '127.0.0.1', logger });
    const socket = createSocket('udp4');
    socket.bind(0, '127.0.0.1');
    await once(socket, 'listening');
    const peerKey = { suite: 'AES_CM_128_HMAC_SHA1_80' as const, keyAndSalt: Buffer.alloc(30, 7) };
    const offer = ['v=0', 'o=- 1 1 IN IP4 127.0.0.1', 's=-', 'c=IN IP4 127.0.0.1', 't=0 0', `m=audio ${socket.address().port} RTP/SAVP 0 101`,
      'a=rtpmap:101 telephone-event/8000', `a=crypto:1 AES_CM_128_HMAC_SHA1_80 inline:${peerKey.keyAndSalt.toString('base64')}`, ''].join('\r\n');
    const negotiation = negotiateAudio(offer, { address: media.sdpAddress, port: media.localPort }, undefined, { srtp: true });
    if (!negotiation.ok) throw new Error(negotiation.reason);
    media.apply(negotiation.audio);
    const ours = new SrtpReceiver(negotiation.audio.srtp!.send);
    const heard: RtpPacket[] = [];
    let raw = 0;
    socket.on('message', (bytes) => {
      raw += 1;
      const plain = ours.unprotect(bytes);
      const packet = plain && parseRtpPacket(plain);
      if (packet) heard.push(packet);
    });
    try {
      await media.play(tone(5));
      for (let i = 0; i < 100 && heard.filter((p) => p.payload.some((b) => b !== 0xff)).length < 5; i++) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(heard.filter((p) => p.payload.some((b) => b !== 0xff)).length).toBeGreaterThanOrEqual(5);
      expect(heard.length).toBe(raw);

      const sender = new SrtpSender(peerKey);
      const keyPackets = (sequence: number, event: number) => [[160, false], [320, false], [480, true]].map(([duration, end], i) =>
        serializeRtpPacket({ marker: i === 0, payloadType: 101, sequenceNumber: sequence + i, timestamp: sequence * 160, ssrc: 99, payload: encodeTelephoneEvent({ event, end: end as boolean, volume: 10, duration: duration as number }) }));
      const heardKey = media.listen({ maxDigits: 1 });
      // Plain RTP (a key press "4") from the peer's own address does not authenticate: dropped.
      for (const packet of keyPackets(10, 4)) socket.send(packet, media.localPort, '127.0.0.1');
      for (const packet of keyPackets(20, 6)) socket.send(sender.protect(packet), media.localPort, '127.0.0.1');
      expect(await heardKey).toEqual({ kind: 'digits', digits: '6', endedBy: 'max' });
      expect(media.stats().droppedUnauthenticated).toBe(3);
    } finally {
      media.close();
      socket.close();
      await host.close();
    }
  });
});

describe('call media on the media worker', () => {
  test('the worker\'s log lines are written by the call\'s logger; closing the host ends its calls, and the next call starts a new worker', async () => {
    const lines: string[] = [];
    const callLogger = createLogger({ level: 'debug', destination: { write: (line: string) => void lines.push(line) } }).child({ call_id: 'c1' });
    const host = createCallMediaHost('worker', logger);
    const media = await host.open({ host: '127.0.0.1', logger: callLogger });
    const peer = await Peer.open(media.localPort);
    const negotiation = negotiateAudio(peer.offer(), { address: media.sdpAddress, port: media.localPort });
    if (!negotiation.ok) throw new Error(negotiation.reason);
    media.apply(negotiation.audio);
    await waitFor(() => lines.some((line) => line.includes('call media: applied')), 'the worker\'s log line');
    expect(JSON.parse(lines.find((line) => line.includes('call media: applied')) ?? '{}')).toMatchObject({ level: 20, call_id: 'c1', port: media.localPort, codec: 'PCMU' });

    const heard = media.listen();
    const playing = media.play(tone(500));
    await host.close();
    expect(await heard).toEqual({ kind: 'closed' });
    expect(await playing).toBe('stopped');
    expect(await media.listen()).toEqual({ kind: 'closed' });

    const next = await host.open({ host: '127.0.0.1', logger: callLogger });
    expect(await next.play(tone(1))).toBe('finished');
    next.close();
    const closed = () => lines.find((line) => line.includes('call media: closed'));
    await waitFor(() => closed() !== undefined, 'the closed call\'s last log line');
    expect(JSON.parse(closed() ?? '{}')).toMatchObject({ call_id: 'c1', port: next.localPort, stats: { sent: 0 } });
    await host.close();
    peer.close();
  });
});
