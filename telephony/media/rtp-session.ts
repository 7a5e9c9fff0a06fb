import { randomInt } from 'node:crypto';
import type { RemoteInfo, Socket } from 'node:dgram';
import type { Logger } from '../../infra/logger.js';
import { decodeG711, encodeG711, FRAME_SAMPLES, silenceFrame } from './g711.js';
import { isRtcp, parseRtpPacket, serializeRtpPacket } from './rtp-packet.js';
import { isHeldByPeer, type NegotiatedAudio } from './negotiated-audio.js';
import { KeyPressDetector, KeyPressSender } from './telephone-event.js';
import { SrtpReceiver, SrtpSender, type SrtpKey } from './srtp-context.js';

/** A send that comes more than this long after the previous one counts as late. */
const LATE_SEND_MS = 30;

/** What a session counts, for logs and the bench. */
export interface RtpStats {
  sent: number;
  received: number;
  droppedForeign: number;
  /** SRTP packets from the peer's address that failed authentication or were replays. */
  droppedUnauthenticated: number;
  lateSends: number;
  maxIntervalMs: number;
}

/** Where received audio and key presses go. */
export interface RtpSessionHandlers {
  /** One 20 ms frame of decoded 8 kHz audio from the peer. */
  audio(frame: Int16Array): void;
  /** A key press (RFC 4733), reported once per press. */
  key(digit: string): void;
  /** The same audio as it came, G.711 bytes of the call's codec, for a relay that forwards it untouched (call-media.ts). */
  payload?(bytes: Uint8Array): void;
}

/**
 * One call's RTP over its UDP socket: sends one frame each time it is asked (the call's clock asks
 * every 20 ms) with continuous sequence numbers and timestamps, and receives only from the
 * negotiated peer. Symmetric RTP: the first packet from the SDP's address fixes the peer's port
 * (a NAT may have changed it); packets from any other source are dropped and counted, so nobody
 * else can speak into the call (docs/channels/rtc-sip.md, "Media").
 */
export class RtpSession {
  private audioSettings: NegotiatedAudio | undefined;
  private latched: { address: string; port: number } | undefined;
  private readonly ssrc = randomInt(0, 2 ** 32 - 1);
  private sequence = randomInt(0, 2 ** 16);
  private timestamp = randomInt(0, 2 ** 32 - 1);
  private talking = false;
  private lastSendAt: number | undefined;
  private readonly keys = new KeyPressDetector();
  private readonly pressing = new KeyPressSender();
  /** The RTP timestamp of the telephone-event being sent: all its packets carry its start (RFC 4733 §2.5.1.2). */
  private eventTimestamp = 0;
  private pending: Int16Array = new Int16Array(0);
  private readonly counts: RtpStats = { sent: 0, received: 0, droppedForeign: 0, droppedUnauthenticated: 0, lateSends: 0, maxIntervalMs: 0 };
  /** SRTP, when the SDP agreed keys: ours to protect what we send, the peer's to check what we receive. */
  private srtp: { sender: SrtpSender; sendKey: SrtpKey; receiver: SrtpReceiver; receiveKey: SrtpKey } | undefined;

  private readonly family: string;

  constructor(
    private readonly socket: Socket,
    private readonly handlers: RtpSessionHandlers,
    private readonly logger: Logger,
  ) {
    this.family = socket.address().family;
    socket.on('message', (bytes, from) => this.receive(bytes, from));
    socket.on('error', (error) => this.logger.warn({ err: error }, 'call media: RTP socket error'));
  }

  /**
   * Applies what the SDP agreed; a new peer address or port is latched afresh. SRTP contexts are
   * kept while their keys stay (a sender restarted on the same key would reuse its keystream).
   */
  configure(audio: NegotiatedAudio): void {
    const previous = this.audioSettings;
    if (!previous || previous.remote.address !== audio.remote.address || previous.remote.port !== audio.remote.port) this.latched = undefined;
    this.audioSettings = audio;
    const keys = audio.srtp;
    if (!keys) {
      this.srtp = undefined;
      return;
    }
    const current = this.srtp;
    this.srtp = {
      sendKey: keys.send,
      sender: current && sameKey(current.sendKey, keys.send) ? current.sender : new SrtpSender(keys.send),
      receiveKey: keys.receive,
      receiver: current && sameKey(current.receiveKey, keys.receive) ? current.receiver : new SrtpReceiver(keys.receive),
    };
  }

  /**
   * Sends `digits` as RFC 4733 telephone-events in place of the next ticks' audio; false (nothing
   * queued) when the far end agreed no telephone-event, so the caller can fall back to SIP INFO.
   */
  sendDigits(digits: string): boolean {
    if (this.audioSettings?.telephoneEventPayloadType === undefined) return false;
    this.pressing.press(digits);
    return true;
  }

  /**
   * One 20 ms tick: sends `frame` (or silence when undefined) unless there is no peer yet or the
   * peer holds the call. The timestamp advances every tick, sent or not, as the sampling clock does.
   */
  sendFrame(frame: Int16Array | undefined): void {
    const codec = this.audioSettings?.codec;
    this.sendPayload(codec && frame ? encodeG711(codec, frame) : undefined);
  }

  /** As `sendFrame`, with audio already in the call's codec (what a relay forwards, not transcoded). */
  sendPayload(payload: Uint8Array | undefined): void {
    const audio = this.audioSettings;
    const to = this.latched ?? audio?.remote;
    if (!audio || !to || isHeldByPeer(audio)) {
      this.talking = false;
      this.lastSendAt = undefined;
      this.timestamp = (this.timestamp + FRAME_SAMPLES) >>> 0;
      return;
    }
    const press = audio.telephoneEventPayloadType === undefined ? undefined : this.pressing.next();
    let plain: Buffer;
    if (press && press !== 'gap') {
      if (press.starts) this.eventTimestamp = this.timestamp;
      this.talking = false;
      plain = serializeRtpPacket({ marker: press.starts, payloadType: audio.telephoneEventPayloadType!, sequenceNumber: this.sequence, timestamp: this.eventTimestamp, ssrc: this.ssrc, payload: press.payload });
    } else {
      // The marker bit starts a talkspurt: the first audio after silence, or after not sending.
      const marker = payload !== undefined && !this.talking;
      this.talking = payload !== undefined;
      plain = serializeRtpPacket({
        marker, payloadType: audio.payloadType, sequenceNumber: this.sequence, timestamp: this.timestamp, ssrc: this.ssrc, payload: payload ?? silenceFrame(audio.codec),
      });
    }
    const packet = this.srtp ? this.srtp.sender.protect(plain) : plain;
    this.sequence = (this.sequence + 1) & 0xffff;
    this.timestamp = (this.timestamp + FRAME_SAMPLES) >>> 0;
    this.socket.send(packet, to.port, sendableAddress(this.family, to.address), (error) => {
      if (error) this.logger.debug({ err: error }, 'call media: RTP send failed');
    });
    this.counts.sent += 1;
    const now = performance.now();
    if (this.lastSendAt !== undefined) {
      const interval = now - this.lastSendAt;
      if (interval > LATE_SEND_MS) this.counts.lateSends += 1;
      this.counts.maxIntervalMs = Math.max(this.counts.maxIntervalMs, interval);
    }
    this.lastSendAt = now;
  }

  /** The codec the SDP agreed, once it has. */
  get codec(): NegotiatedAudio['codec'] | undefined {
    return this.audioSettings?.codec;
  }

  stats(): RtpStats {
    return { ...this.counts, maxIntervalMs: Math.round(this.counts.maxIntervalMs * 10) / 10 };
  }

  private receive(bytes: Buffer, from: RemoteInfo): void {
    if (isRtcp(bytes)) return;
    const audio = this.audioSettings;
    if (!audio || !this.fromPeer(audio, from)) {
      // Once per call: enough to see a stray or hostile sender in the logs without flooding them.
      if (this.counts.droppedForeign === 0) this.logger.info({ from: `${from.address}:${from.port}` }, 'call media: dropping RTP from a source that is not the call\'s peer');
      this.counts.droppedForeign += 1;
      return;
    }
    const plain = this.srtp ? this.srtp.receiver.unprotect(bytes) : bytes;
    if (!plain) {
      if (this.counts.droppedUnauthenticated === 0) this.logger.info({ from: `${from.address}:${from.port}` }, 'call media: dropping SRTP that does not authenticate');
      this.counts.droppedUnauthenticated += 1;
      return;
    }
    // The peer's port is fixed by its first packet that counts: with SRTP, one that authenticates.
    this.latched ??= { address: from.address, port: from.port };
    const packet = parseRtpPacket(plain);
    if (!packet) return;
    this.counts.received += 1;
    if (packet.payloadType === audio.telephoneEventPayloadType) {
      const key = this.keys.receive(packet.timestamp, packet.payload);
      if (key !== undefined) this.handlers.key(key);
    } else if (packet.payloadType === audio.payloadType) {
      this.handlers.payload?.(packet.payload);
      this.deliver(decodeG711(audio.codec, packet.payload));
    }
  }

  private fromPeer(audio: NegotiatedAudio, from: RemoteInfo): boolean {
    if (this.latched) return this.latched.address === from.address && this.latched.port === from.port;
    // An IPv6 socket sees an IPv4 peer as ::ffff:a.b.c.d; the SDP names it a.b.c.d.
    return from.address.replace(/^::ffff:/, '') === audio.remote.address;
  }

  /** Hands on 160-sample frames whatever the peer's packet size (10, 30 ms…). */
  private deliver(samples: Int16Array): void {
    let buffer = samples;
    if (this.pending.length > 0) {
      buffer = new Int16Array(this.pending.length + samples.length);
      buffer.set(this.pending);
      buffer.set(samples, this.pending.length);
    }
    let offset = 0;
    for (; offset + FRAME_SAMPLES <= buffer.length; offset += FRAME_SAMPLES) this.handlers.audio(buffer.subarray(offset, offset + FRAME_SAMPLES));
    this.pending = buffer.slice(offset);
  }
}

function sameKey(a: SrtpKey, b: SrtpKey): boolean {
  return a.suite === b.suite && a.keyAndSalt.equals(b.keyAndSalt);
}

/**
 * The peer's address as this socket can send to it: an IPv6 socket (bound to :: to serve both
 * families) takes an IPv4 peer only in its mapped form ::ffff:a.b.c.d, and refuses the plain one.
 */
export function sendableAddress(socketFamily: string, address: string): string {
  return socketFamily === 'IPv6' && /^\d+\.\d+\.\d+\.\d+$/.test(address) ? `::ffff:${address}` : address;
}
