import { parseSurveyScore, surveyMarkOf } from './satisfaction-survey.js';

describe('parseSurveyScore', () => {
  test.each([
    ['8', 8], ['0', 0], ['10', 10], [' 10 ', 10], ['8/10', 8], ['8 / 10', 8], ['07', 7], ['\n9\t', 9],
  ])('%j is the score %d', (text, score) => {
    expect(parseSurveyScore(text)).toBe(score);
  });

  test.each(['11', '-1', '8.5', '8,5', 'about 8', '8 stars', 'ten', '', '   ', '8/5', '100', '1 0', 'human'])(
    '%j is not a score',
    (text) => {
      expect(parseSurveyScore(text)).toBeUndefined();
    },
  );
});

describe('surveyMarkOf', () => {
  test('reads the mark resolve stored', () => {
    expect(surveyMarkOf({ satisfaction_survey: { asked_at: '2026-01-01T00:00:00.000Z', attendant_id: 'a1' } }))
      .toEqual({ asked_at: '2026-01-01T00:00:00.000Z', attendant_id: 'a1' });
  });

  test('a system resolve leaves no attendant', () => {
    expect(surveyMarkOf({ satisfaction_survey: { asked_at: 'x' } })).toEqual({ asked_at: 'x', attendant_id: null });
  });

  test.each([[{}], [{ satisfaction_survey: null }], [{ satisfaction_survey: 'yes' }]])('%j carries no mark', (context) => {
    expect(surveyMarkOf(context)).toBeUndefined();
  });
});
