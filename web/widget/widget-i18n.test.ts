import { expect, test } from '@jest/globals';
import { isSurveyThanks } from './widget-i18n.js';

// The engine says its thanks for a survey score in the bot's language, which may not be the
// widget's: the widget knows it in each language there is a catalogue for (locales/README.md).
test('the survey\'s thanks is known in every language, whatever the widget speaks', () => {
  expect(isSurveyThanks('Thank you for your feedback!')).toBe(true);
  expect(isSurveyThanks('Obrigado pela sua avaliação!')).toBe(true);
  expect(isSurveyThanks('¡Gracias por tu opinión!')).toBe(true);
  expect(isSurveyThanks('  thank you for your feedback ')).toBe(true);
  expect(isSurveyThanks('Thank you for talking with us.')).toBe(false);
  expect(isSurveyThanks('Thank you for your feedback! Anything else?')).toBe(false);
});
