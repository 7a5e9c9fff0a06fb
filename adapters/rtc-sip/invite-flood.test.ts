import { inviteFlood } from './invite-flood.js';

test('a burst passes, a flood from one address does not, others are unaffected, and the bucket refills', () => {
  let t = 0;
  const flood = inviteFlood({ perSecond: 5, burst: 10, now: () => t });
  const results = Array.from({ length: 15 }, () => flood.allow('192.0.2.1'));
  expect(results.filter(Boolean)).toHaveLength(10);
  expect(flood.allow('198.51.100.7')).toBe(true);
  t += 1000;
  expect(Array.from({ length: 6 }, () => flood.allow('192.0.2.1')).filter(Boolean)).toHaveLength(5);
});
