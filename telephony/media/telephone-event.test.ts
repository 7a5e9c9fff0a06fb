import { decodeTelephoneEvent, encodeTelephoneEvent, KeyPressDetector } from './telephone-event.js';

/** One press as a phone sends it: start packets with growing durations, then three end packets. */
function press(event: number): Buffer[] {
  return [
    ...[160, 320, 480].map((duration) => encodeTelephoneEvent({ event, end: false, volume: 10, duration })),
    ...[1, 2, 3].map(() => encodeTelephoneEvent({ event, end: true, volume: 10, duration: 640 })),
  ];
}

describe('telephone-events', () => {
  test('a payload round-trips: event, end bit, volume, duration', () => {
    const event = { event: 11, end: true, volume: 63, duration: 65535 };
    expect(decodeTelephoneEvent(encodeTelephoneEvent(event))).toEqual(event);
    expect(encodeTelephoneEvent({ event: 1, end: true, volume: 10, duration: 800 })).toEqual(Buffer.from([1, 0x8a, 3, 0x20]));
    expect(decodeTelephoneEvent(Buffer.from([1, 2, 3]))).toBeUndefined();
  });

  test('each press counts once, the three end packets included', () => {
    const detector = new KeyPressDetector();
    const keys = [
      ...press(1).map((payload) => detector.receive(1000, payload)),
      ...press(1).map((payload) => detector.receive(2000, payload)),
      ...press(11).map((payload) => detector.receive(3000, payload)),
    ].filter((key) => key !== undefined);
    expect(keys).toEqual(['1', '1', '#']);
  });

  test('a press whose first packets were lost is still counted, once', () => {
    const detector = new KeyPressDetector();
    const keys = press(10).slice(3).map((payload) => detector.receive(500, payload));
    expect(keys).toEqual(['*', undefined, undefined]);
  });

  test('every keypad event has its key; flash is not a key press', () => {
    const detector = new KeyPressDetector();
    const keys = Array.from({ length: 17 }, (_, event) => detector.receive(event * 1000, encodeTelephoneEvent({ event, end: false, volume: 10, duration: 160 })));
    expect(keys.join('')).toBe('0123456789*#ABCD');
    expect(keys[16]).toBeUndefined();
  });
});
