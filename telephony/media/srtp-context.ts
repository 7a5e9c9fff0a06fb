import { createCipheriv, createHmac, timingSafeEqual } from 'node:crypto';
import { deriveSrtpSessionKeys, MASTER_KEY_BYTES, MASTER_SALT_BYTES, type SrtpSessionKeys } from './srtp-key-derivation.js';

/** The SDES crypto suites spoken (RFC 4568 §6.2): AES-128 in counter mode, HMAC-SHA1 tags of 80 or 32 bits. */
export type SrtpSuite = 'AES_CM_128_HMAC_SHA1_80' | 'AES_CM_128_HMAC_SHA1_32';

export const SRTP_SUITES: readonly SrtpSuite[] = ['AES_CM_128_HMAC_SHA1_80', 'AES_CM_128_HMAC_SHA1_32'];

/** The key of one direction: the suite and the inline master key ‖ master salt (30 bytes). */
export interface SrtpKey {
  suite: SrtpSuite;
  keyAndSalt: Buffer;
}

const TAG_BYTES: Record<SrtpSuite, number> = { AES_CM_128_HMAC_SHA1_80: 10, AES_CM_128_HMAC_SHA1_32: 4 };
/** How far behind the newest packet a late one is still accepted (RFC 3711 §3.3.2 asks at least 64). */
const REPLAY_WINDOW = 64;
/** Senders remembered by a receiver: a call has one, perhaps a second after a re-INVITE; more are dropped oldest first. */
const MAX_SOURCES = 4;

/**
 * SRTP (RFC 3711) for one direction of a call: the sender's `protect` encrypts an RTP packet's
 * payload and appends the tag; the receiver's `unprotect` checks the tag, refuses replays and
 * decrypts. Keys are derived once (key derivation rate 0); no MKI. The rollover counter counts
 * sequence number wraps on both sides.
 */
abstract class SrtpDirection {
  protected readonly keys: SrtpSessionKeys;
  protected readonly tagBytes: number;

  constructor(key: SrtpKey) {
    this.keys = deriveSrtpSessionKeys(key.keyAndSalt.subarray(0, MASTER_KEY_BYTES), key.keyAndSalt.subarray(MASTER_KEY_BYTES, MASTER_KEY_BYTES + MASTER_SALT_BYTES));
    this.tagBytes = TAG_BYTES[key.suite];
  }

  /** AES-CM over the payload (RFC 3711 §4.1.1): IV = salt·2^16 XOR SSRC·2^64 XOR index·2^16. */
  protected crypt(payload: Buffer, ssrc: number, roc: number, sequence: number): Buffer {
    const iv = Buffer.alloc(16);
    this.keys.cipherSalt.copy(iv);
    iv.writeUInt32BE((iv.readUInt32BE(4) ^ ssrc) >>> 0, 4);
    iv.writeUInt32BE((iv.readUInt32BE(8) ^ roc) >>> 0, 8);
    iv.writeUInt16BE(iv.readUInt16BE(12) ^ sequence, 12);
    const cipher = createCipheriv('aes-128-ctr', this.keys.cipherKey, iv);
    return Buffer.concat([cipher.update(payload), cipher.final()]);
  }

  /** HMAC-SHA1 over the header and encrypted payload, then the rollover counter (RFC 3711 §4.2), truncated. */
  protected tag(authenticated: Buffer, roc: number): Buffer {
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(roc >>> 0);
    return createHmac('sha1', this.keys.authKey).update(authenticated).update(counter).digest().subarray(0, this.tagBytes);
  }
}

export class SrtpSender extends SrtpDirection {
  private roc = 0;
  private lastSequence: number | undefined;

  /** The SRTP packet for an RTP packet (as serializeRtpPacket writes it). */
  protect(packet: Buffer): Buffer {
    const header = headerLength(packet);
    if (header === undefined) throw new RangeError('not an RTP packet');
    const sequence = packet.readUInt16BE(2);
    // The sequence number wrapped: the rollover counter counts it (RFC 3711 §3.3.1).
    if (this.lastSequence !== undefined && sequence < this.lastSequence && this.lastSequence - sequence > 0x8000) this.roc = (this.roc + 1) >>> 0;
    this.lastSequence = sequence;
    const encrypted = Buffer.concat([packet.subarray(0, header), this.crypt(packet.subarray(header), packet.readUInt32BE(8), this.roc, sequence)]);
    return Buffer.concat([encrypted, this.tag(encrypted, this.roc)]);
  }
}

interface SourceState {
  roc: number;
  /** The highest sequence number authenticated (s_l). */
  highest: number;
  /** Bit n: the packet n below the highest index has been received. */
  window: bigint;
}

export class SrtpReceiver extends SrtpDirection {
  private readonly sources = new Map<number, SourceState>();

  /** The RTP packet inside an SRTP one, or undefined when it is too short, forged, altered or replayed. */
  unprotect(packet: Buffer): Buffer | undefined {
    const header = headerLength(packet);
    if (header === undefined || packet.length < header + this.tagBytes) return undefined;
    const ssrc = packet.readUInt32BE(8);
    const sequence = packet.readUInt16BE(2);
    const state = this.sources.get(ssrc);
    const roc = state ? guessRoc(state, sequence) : 0;
    if (roc < 0) return undefined;
    const index = roc * 0x10000 + sequence;
    if (state && !fresh(state, index)) return undefined;
    const authenticated = packet.subarray(0, packet.length - this.tagBytes);
    const expected = this.tag(authenticated, roc);
    if (!timingSafeEqual(expected, packet.subarray(packet.length - this.tagBytes))) return undefined;
    this.remember(ssrc, state, index);
    return Buffer.concat([packet.subarray(0, header), this.crypt(authenticated.subarray(header), ssrc, roc, sequence)]);
  }

  private remember(ssrc: number, state: SourceState | undefined, index: number): void {
    if (!state) {
      if (this.sources.size >= MAX_SOURCES) this.sources.delete(this.sources.keys().next().value as number);
      this.sources.set(ssrc, { roc: Math.floor(index / 0x10000), highest: index % 0x10000, window: 1n });
      return;
    }
    const highest = state.roc * 0x10000 + state.highest;
    if (index > highest) {
      const shift = BigInt(Math.min(index - highest, REPLAY_WINDOW));
      state.window = ((state.window << shift) | 1n) & ((1n << BigInt(REPLAY_WINDOW)) - 1n);
      state.roc = Math.floor(index / 0x10000);
      state.highest = index % 0x10000;
    } else {
      state.window |= 1n << BigInt(highest - index);
    }
  }
}

/** The rollover counter a packet was most likely sent with (RFC 3711 §3.3.1); -1 for one from before the first. */
function guessRoc(state: SourceState, sequence: number): number {
  if (state.highest < 0x8000) return sequence - state.highest > 0x8000 ? state.roc - 1 : state.roc;
  return state.highest - 0x8000 > sequence ? state.roc + 1 : state.roc;
}

/** Not a replay: newer than the newest, or within the window and not yet seen (RFC 3711 §3.3.2). */
function fresh(state: SourceState, index: number): boolean {
  const delta = state.roc * 0x10000 + state.highest - index;
  if (delta < 0) return true;
  if (delta >= REPLAY_WINDOW) return false;
  return (state.window & (1n << BigInt(delta))) === 0n;
}

/** The length of an RTP header (fixed part, CSRCs, extension), or undefined when the bytes are no RTP packet. */
function headerLength(packet: Buffer): number | undefined {
  if (packet.length < 12 || (packet[0] ?? 0) >> 6 !== 2) return undefined;
  let length = 12 + ((packet[0] ?? 0) & 0x0f) * 4;
  if (((packet[0] ?? 0) & 0x10) !== 0) {
    if (packet.length < length + 4) return undefined;
    length += 4 + packet.readUInt16BE(length + 2) * 4;
  }
  return packet.length >= length ? length : undefined;
}
