import { MediaClock } from './media-clock.js';

describe('MediaClock', () => {
  test('ticks every subscriber until it unsubscribes, and stops when none is left', async () => {
    const clock = new MediaClock();
    const seen: string[] = [];
    let stopB = (): void => undefined;
    const done = new Promise<void>((resolve) => {
      const stopA = clock.subscribe(() => {
        seen.push('a');
        if (seen.filter((s) => s === 'a').length === 3) {
          stopA();
          stopB();
          resolve();
        }
      });
    });
    stopB = clock.subscribe(() => seen.push('b'));
    await done;
    expect(seen.slice(0, 4)).toEqual(['a', 'b', 'a', 'b']);
    const count = seen.length;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen).toHaveLength(count);
  });
});
