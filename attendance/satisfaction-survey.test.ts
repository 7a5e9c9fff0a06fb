import { surveyMarkOf } from './satisfaction-survey.js';

describe('surveyMarkOf', () => {
  test('reads the mark resolve stored', () => {
    expect(surveyMarkOf({ asked_at: '2026-01-01T00:00:00.000Z', attendant_id: 'a1' }))
      .toEqual({ asked_at: '2026-01-01T00:00:00.000Z', attendant_id: 'a1' });
  });

  test('a system resolve leaves no attendant', () => {
    expect(surveyMarkOf({ asked_at: 'x' })).toEqual({ asked_at: 'x', attendant_id: null });
  });

  test.each([[undefined], [null], ['yes']])('%j carries no mark', (mark) => {
    expect(surveyMarkOf(mark)).toBeUndefined();
  });
});
