import { matchLanguage } from './index.js';

// The one rule that turns a bot's `language` or a browser's languages into a catalogue.

test.each([
  [['pt-BR'], 'pt-BR'], [['pt'], 'pt-BR'], [['pt-PT'], 'pt-BR'], [['PT_br'], 'pt-BR'],
  [['es'], 'es'], [['es-MX'], 'es'], [['en-GB'], 'en'], [['en'], 'en'],
])('%j reads %s', (tags, language) => {
  expect(matchLanguage(tags)).toBe(language);
});

test('the first tag with a catalogue wins; none, or nothing, is undefined', () => {
  expect(matchLanguage(['fr-FR', 'de', 'es-AR', 'pt-BR'])).toBe('es');
  expect(matchLanguage([undefined, null, '', 'pt'])).toBe('pt-BR');
  expect(matchLanguage(['fr', 'de'])).toBeUndefined();
  expect(matchLanguage([])).toBeUndefined();
});
