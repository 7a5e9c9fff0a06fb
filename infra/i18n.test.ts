import { translate } from './i18n.js';

test('a message comes out in the bot\'s language, English for anything else', () => {
  expect(translate('en', 'survey.thanks')).toBe('Thank you for your feedback!');
  expect(translate('pt-BR', 'survey.thanks')).toBe('Obrigado pela sua avaliação!');
  expect(translate('pt', 'survey.thanks')).toBe('Obrigado pela sua avaliação!');
  expect(translate('es-MX', 'survey.thanks')).toBe('¡Gracias por tu opinión!');
  expect(translate('fr', 'survey.thanks')).toBe('Thank you for your feedback!');
  expect(translate(undefined, 'survey.thanks')).toBe('Thank you for your feedback!');
});

test('plurals follow each language\'s rules', () => {
  expect(translate('en', 'queue.position', { position: 2, count: 1 })).toBe('You are number 2 in the queue. Estimated wait: about 1 minute.');
  expect(translate('en', 'queue.position', { position: 2, count: 5 })).toBe('You are number 2 in the queue. Estimated wait: about 5 minutes.');
  expect(translate('pt-BR', 'queue.position', { position: 3, count: 1 })).toBe('Você é o número 3 na fila. Espera estimada: cerca de 1 minuto.');
  expect(translate('es', 'queue.position', { position: 3, count: 4 })).toBe('Eres el número 3 en la fila. Espera estimada: unos 4 minutos.');
});
