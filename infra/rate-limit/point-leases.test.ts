import { createPointLeases } from './point-leases.js';

describe('point leases', () => {
  let clock = 0;
  const leases = createPointLeases(() => clock);
  beforeEach(() => {
    clock = 1_000;
  });

  test('a key never seen takes one point at a time', () => {
    expect(leases.spend('new')).toBeUndefined();
    expect(leases.sizeFor('new')).toBe(1);
  });

  test('with plenty left, a quarter of it is taken (at most 16), and spent locally until it runs out', () => {
    leases.granted('k', 1, 40, 60_000); // the first message: one point, 40 left
    expect(leases.spend('k')).toBeUndefined();
    expect(leases.sizeFor('k')).toBe(10);
    leases.granted('k', 10, 30, 60_000); // one spent now, nine held
    const spent = Array.from({ length: 10 }, () => leases.spend('k'));
    expect(spent).toEqual([38, 37, 36, 35, 34, 33, 32, 31, 30, undefined]);
    expect(leases.sizeFor('k')).toBe(7);
    leases.granted('big', 1, 1_000_000, 60_000);
    expect(leases.sizeFor('big')).toBe(16);
  });

  test('near the limit every point is asked for: a quarter of three is none', () => {
    leases.granted('near', 1, 3, 60_000);
    expect(leases.sizeFor('near')).toBe(1);
  });

  test('a lease ends with its window, and a refusal or reset forgets it', () => {
    leases.granted('w', 8, 100, 5_000);
    expect(leases.spend('w')).toBe(106);
    clock += 5_000;
    expect(leases.spend('w')).toBeUndefined();
    expect(leases.sizeFor('w')).toBe(1);
    leases.granted('f', 8, 100, 5_000);
    leases.forget('f');
    expect(leases.spend('f')).toBeUndefined();
  });
});
