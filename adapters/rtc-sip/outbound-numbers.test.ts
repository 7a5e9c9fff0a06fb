import { dialableNumber, numberAllowed } from './outbound-numbers.js';

test('numbers are taken in international form only, written in E.164', () => {
  expect(dialableNumber('+1 (555) 010-0199')).toBe('+15550100199');
  expect(dialableNumber('+44 20 7946 0958')).toBe('+442079460958');
  expect(dialableNumber('+55 11 91234-5678')).toBe('+5511912345678');
  expect(dialableNumber('05550100')).toBeUndefined(); // national form: depends on where the trunk is
  expect(dialableNumber('+1 555')).toBeUndefined(); // too short for its country
  expect(dialableNumber('+15550100; drop table')).toBeUndefined();
  expect(dialableNumber('sip:evil@example.com')).toBeUndefined();
});

test('the allow list: whole numbers, prefixes ending in *, * for all; empty allows nothing', () => {
  expect(numberAllowed('+15550199', [])).toBe(false);
  expect(numberAllowed('+15550199', ['+15550199'])).toBe(true);
  expect(numberAllowed('+15550198', ['+15550199'])).toBe(false);
  expect(numberAllowed('+15550199', ['+1555*'])).toBe(true);
  expect(numberAllowed('+15560199', ['+1555*'])).toBe(false);
  expect(numberAllowed('+442079460958', ['+1555*', '+44*'])).toBe(true);
  expect(numberAllowed('+442079460958', ['*'])).toBe(true);
});
