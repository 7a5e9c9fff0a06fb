import { parseDueDate } from './due-date.js';

const NOW = new Date('2026-03-10T12:00:00Z');

test.each([
  ['2026-12-01', '2026-12-01'],
  ['2026-12-01T15:30:00-03:00', '2026-12-01T18:30:00.000Z'],
  ['25/12/2026', '2026-12-25'],
  ['December 25, 2026', '2026-12-25'],
  ['tomorrow', '2026-03-11'],
  ['Next  Week', '2026-03-17'],
])('CREATE TASK due %j is %j', (text, due) => {
  expect(parseDueDate(text, NOW)).toBe(due);
});

test('a text that is no date gives no due date', () => {
  expect(parseDueDate('whenever', NOW)).toBeUndefined();
});
