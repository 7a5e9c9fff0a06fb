import { sameIteration } from './same-iteration.js';

describe('sameIteration', () => {
  test('callers of one turn of the loop share one promise and resume together, after the turn’s I/O callbacks', async () => {
    const order: string[] = [];
    const first = sameIteration();
    const second = sameIteration();
    expect(second).toBe(first);
    void first.then(() => order.push('first'));
    void second.then(() => order.push('second'));
    process.nextTick(() => order.push('tick'));
    await first;
    await second;
    expect(order).toEqual(['tick', 'first', 'second']);
  });

  test('a caller after it settled waits for the next turn', async () => {
    const earlier = sameIteration();
    await earlier;
    const later = sameIteration();
    expect(later).not.toBe(earlier);
    await expect(later).resolves.toBeUndefined();
  });
});
