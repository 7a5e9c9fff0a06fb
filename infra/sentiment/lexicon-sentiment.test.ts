import { lexiconSentiment } from './lexicon-sentiment.js';

test.each([
  ['This is terrible, I hate it and I am very angry', 'en', 'negative'],
  ['I love it, great service, thank you', 'en', 'positive'],
  ['Isso é horrível, estou muito irritado e decepcionado', 'pt', 'negative'],
  ['Adorei, excelente atendimento, obrigado', 'pt', 'positive'],
])('%s → %s, %s', async (text, language, vote) => {
  const result = await lexiconSentiment(text);
  expect(result).toMatchObject({ language, vote });
  expect(result.hits).toBeGreaterThan(0);
  expect(Math.abs(result.score)).toBeLessThanOrEqual(1);
});

test('strongly negative text passes the default transfer threshold of -0.5', async () => {
  expect((await lexiconSentiment('Isso é horrível, péssimo, estou furioso e decepcionado')).score).toBeLessThan(-0.5);
  expect((await lexiconSentiment('This is awful and terrible, the worst, I hate this useless service')).score).toBeLessThan(-0.5);
});

test('text the lexicons do not know is neutral 0', async () => {
  expect(await lexiconSentiment('12345 xyzzy')).toMatchObject({ score: 0, vote: 'neutral', hits: 0 });
  expect((await lexiconSentiment('', 'pt')).score).toBe(0);
});
