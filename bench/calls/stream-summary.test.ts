import { percentile, summarizeStreams, withinWindow } from './stream-summary.js';

const steady = (count: number, firstSequence = 0) => ({
  arrivals: Array.from({ length: count }, (_, i) => i * 20),
  sequences: Array.from({ length: count }, (_, i) => (firstSequence + i) & 0xffff),
});

describe('summarizeStreams', () => {
  test('a steady call across the sequence wrap is clean', () => {
    const summary = summarizeStreams([steady(100, 0xffd0)]);
    expect(summary).toMatchObject({ calls: 1, clean: 1, lostPackets: 0, shortFrames: 0, packets: 100, lateIntervals: 0 });
    expect(summary.intervalP99).toBe(20);
  });

  test('a sequence gap counts lost packets; a reordered packet does not', () => {
    // 4 and 7 never came; 5 came after 6.
    const call = { ...steady(10), sequences: [0, 1, 2, 3, 6, 5, 8, 9, 10, 11] };
    expect(summarizeStreams([call])).toMatchObject({ lostPackets: 2, clean: 0 });
  });

  test('a stall with no sequence gap counts the frames the clock skipped and the late intervals', () => {
    const call = steady(200);
    // The sender stalls 200 ms after packet 150 and restarts from there: 9 frames never sent.
    for (let i = 151; i < 200; i += 1) call.arrivals[i] = call.arrivals[i]! + 180;
    const summary = summarizeStreams([call, steady(200)]);
    expect(summary).toMatchObject({ calls: 2, clean: 1, shortFrames: 9, lateIntervals: 1 });
    expect(summary.intervalMax).toBe(200);
  });
});

test('percentile is nearest-rank', () => {
  expect(percentile([5, 1, 4, 2, 3], 0.5)).toBe(3);
  expect(percentile([1, 2, 3, 4, 100], 0.99)).toBe(100);
  expect(percentile([], 0.99)).toBe(0);
});

test('withinWindow keeps the packets that arrived in the window, per stream', () => {
  const [part] = withinWindow([steady(100)], 200, 400);
  expect(part!.arrivals).toEqual([200, 220, 240, 260, 280, 300, 320, 340, 360, 380, 400]);
  expect(part!.sequences[0]).toBe(10);
  expect(withinWindow([steady(5)], 1000, 2000)).toEqual([]);
});
