/**
 * Key presses carried in RTP as telephone-events (RFC 4733 §2.3): a 4-byte payload with the event
 * number, an end bit, a volume and a duration. One press is sent as many packets with one
 * timestamp, the last one (end bit set) usually three times.
 */
export interface TelephoneEvent {
  event: number;
  end: boolean;
  volume: number;
  duration: number;
}

/** Events 0–15 are the keypad (RFC 4733 §3.2); 16 (flash) and above are not key presses. */
const KEYS = '0123456789*#ABCD';

/** Reads a telephone-event payload, or undefined when it is too short. */
export function decodeTelephoneEvent(payload: Uint8Array): TelephoneEvent | undefined {
  if (payload.length < 4) return undefined;
  const flags = payload[1] ?? 0;
  return { event: payload[0] ?? 0, end: (flags & 0x80) !== 0, volume: flags & 0x3f, duration: ((payload[2] ?? 0) << 8) | (payload[3] ?? 0) };
}

/** Writes a telephone-event payload (tests and the bench play the far end with it). */
export function encodeTelephoneEvent(event: TelephoneEvent): Buffer {
  return Buffer.from([event.event & 0xff, (event.end ? 0x80 : 0) | (event.volume & 0x3f), (event.duration >> 8) & 0xff, event.duration & 0xff]);
}

/** The key an event number stands for, or undefined (flash, or not a keypad event). */
export function keyOfEvent(event: number): string | undefined {
  return KEYS[event];
}

const REMEMBERED = 16;

/**
 * Turns the stream of telephone-event packets into key presses, each reported once, on its first
 * packet (so a press interrupts playback at once): a press is its RTP timestamp plus event number,
 * whatever its retransmitted and end packets repeat.
 */
export class KeyPressDetector {
  private readonly seen: string[] = [];

  /** The key pressed, when this packet starts a press not yet reported; otherwise undefined. */
  receive(timestamp: number, payload: Uint8Array): string | undefined {
    const decoded = decodeTelephoneEvent(payload);
    if (!decoded) return undefined;
    const key = keyOfEvent(decoded.event);
    if (key === undefined) return undefined;
    const id = `${timestamp}:${decoded.event}`;
    if (this.seen.includes(id)) return undefined;
    this.seen.push(id);
    if (this.seen.length > REMEMBERED) this.seen.shift();
    return key;
  }
}

/** Packets of one press we send: 100 ms of tone, then the end packet three times (RFC 4733 §2.5.1.4). */
const TONE_PACKETS = 5;
const END_PACKETS = 3;
/** Silent ticks between two presses, so the far end hears them apart. */
const GAP_TICKS = 3;
/** The 8 kHz samples one 20 ms packet adds to an event's duration. */
const SAMPLES_PER_PACKET = 160;

/** One tick's telephone-event packet: `starts` when it opens a new event (new timestamp, marker bit). */
export interface KeyPressPacket {
  payload: Buffer;
  starts: boolean;
}

/**
 * The key presses we send as telephone-events, one packet per 20 ms tick: each press is
 * 5 packets of growing duration and 3 end packets, then a short gap (silence) before the next.
 */
export class KeyPressSender {
  private readonly queue: string[] = [];
  private tick = 0;

  /** Queues keys (0–9, *, #, A–D; others are skipped). */
  press(digits: string): void {
    for (const digit of digits.toUpperCase()) if (KEYS.includes(digit)) this.queue.push(digit);
  }

  get pending(): boolean {
    return this.queue.length > 0;
  }

  /** This tick's packet; 'gap' while the pause after a press runs (send audio as usual); undefined when nothing is queued. */
  next(): KeyPressPacket | 'gap' | undefined {
    const digit = this.queue[0];
    if (digit === undefined) return undefined;
    const at = this.tick;
    this.tick += 1;
    if (at >= TONE_PACKETS + END_PACKETS) {
      if (at + 1 >= TONE_PACKETS + END_PACKETS + GAP_TICKS) {
        this.queue.shift();
        this.tick = 0;
      }
      return 'gap';
    }
    const end = at >= TONE_PACKETS;
    const duration = SAMPLES_PER_PACKET * Math.min(at + 1, TONE_PACKETS);
    return { payload: encodeTelephoneEvent({ event: KEYS.indexOf(digit), end, volume: 10, duration }), starts: at === 0 };
  }
}
