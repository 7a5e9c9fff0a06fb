import { parseSurveyScore } from './survey-answer.js';

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
