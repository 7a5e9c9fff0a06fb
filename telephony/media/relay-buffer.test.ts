import { FRAME_SAMPLES } from './g711.js';
import { RelayBuffer } from './relay-buffer.js';

const packet = (value: number, length = FRAME_SAMPLES) => new Uint8Array(length).fill(value);

describe('RelayBuffer', () => {
  test('waits for two frames, then gives one 20 ms frame per tick whatever the packet size', () => {
    const buffer = new RelayBuffer();
    buffer.push(packet(1, 80));
    expect(buffer.next()).toBeUndefined();
    buffer.push(packet(2, 240));
    const first = buffer.next();
    expect(first).toHaveLength(FRAME_SAMPLES);
    expect([first![0], first![79], first![80], first![159]]).toEqual([1, 1, 2, 2]);
    expect(buffer.next()).toEqual(packet(2));
    expect(buffer.next()).toBeUndefined();
  });

  test('after running dry it fills again before sending', () => {
    const buffer = new RelayBuffer();
    buffer.push(packet(1));
    buffer.push(packet(2));
    buffer.next();
    buffer.next();
    expect(buffer.next()).toBeUndefined();
    buffer.push(packet(3));
    expect(buffer.next()).toBeUndefined();
    buffer.push(packet(4));
    expect(buffer.next()).toEqual(packet(3));
  });

  test('keeps at most ten frames, dropping the oldest', () => {
    const buffer = new RelayBuffer();
    for (let i = 0; i < 15; i += 1) buffer.push(packet(i));
    expect(buffer.next()).toEqual(packet(5));
  });
});
