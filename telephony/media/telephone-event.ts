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
