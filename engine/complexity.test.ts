import { defaultBotConfig } from '../config/index.js';
import type { LlmClient } from '../infra/llm/index.js';
import { createLogger } from '../infra/logger.js';
import { complexityThreshold, heuristicComplexity, scoreComplexity } from './complexity.js';

// The complexity score (docs/attendance/smart-transfer.md, "Complexity"): the offline heuristic's
// formula, and the model's score with its fallback. The model through the fake OpenAI server is
// in test/e2e/complexity-transfer.test.ts.

const logger = createLogger({ pretty: false, level: 'silent' });

test('a short single question scores low', () => {
  const { score, parts } = heuristicComplexity('What are your opening hours?');
  expect(parts).toEqual({ length: 5 / 60, questions: 1 / 3, requests: 0, pressure: 0 });
  expect(score).toBe(0.11); // 0.3 × 5/60 + 0.25 × 1/3
});

test('several requests, questions and urgency score high, by the documented formula', () => {
  const text = 'My invoice is wrong and I was charged twice. Also I cannot log in to the portal since yesterday. '
    + 'Can you refund the second charge? Why was my plan changed without my consent? This is urgent!';
  const { score, parts } = heuristicComplexity(text);
  expect(parts.questions).toBeCloseTo(2 / 3);
  expect(parts.requests).toBe(1); // five sentences and an "also": capped
  expect(parts.pressure).toBe(1); // cannot, without, urgent
  expect(parts.length).toBeCloseTo(36 / 60); // 36 words
  expect(score).toBe(Math.round((0.3 * (36 / 60) + 0.25 * (2 / 3) + 0.25 + 0.2) * 100) / 100);
  expect(score).toBeGreaterThan(0.6);
});

test('Portuguese negation and urgency words count, accents ignored', () => {
  expect(heuristicComplexity('Não consigo pagar, é urgente, não funciona').parts.pressure).toBe(1);
});

test('the threshold applies only when set, with smart transfer on and a human side', () => {
  const config = defaultBotConfig();
  expect(complexityThreshold(config)).toBeUndefined();
  expect(complexityThreshold({ ...config, 'attendance-complexity-threshold': 0.6 })).toBe(0.6);
  expect(complexityThreshold({ ...config, 'attendance-complexity-threshold': 0.6, 'attendance-smart-transfer': false })).toBeUndefined();
  expect(complexityThreshold({ ...config, 'attendance-complexity-threshold': 0.6, 'crm-enabled': false })).toBeUndefined();
});

function model(answer: () => Promise<unknown>): LlmClient & { calls: number } {
  const client = {
    model: 'test', calls: 0,
    json: async () => {
      client.calls += 1;
      return answer();
    },
    text: async () => '',
  };
  return client;
}

test('the model scores when the bot has one; its failures and non-answers fall back to the heuristic', async () => {
  const bot = { id: 'b', config: { ...defaultBotConfig(), 'attendance-complexity-threshold': 0.5 } };
  const text = 'What are your opening hours?';
  expect(await scoreComplexity({ logger, models: () => model(async () => ({ complexity: 0.87 })) }, bot, text)).toEqual({ score: 0.87, source: 'llm' });
  expect(await scoreComplexity({ logger, models: () => model(async () => ({ complexity: 7 })) }, bot, text)).toEqual({ score: 0.11, source: 'heuristic' });
  expect(await scoreComplexity({ logger, models: () => model(async () => { throw new Error('timeout'); }) }, bot, text)).toEqual({ score: 0.11, source: 'heuristic' });
  const unused = model(async () => ({ complexity: 1 }));
  const offline = { ...bot, config: { ...bot.config, 'attendance-complexity-llm': false } };
  expect(await scoreComplexity({ logger, models: () => unused }, offline, text)).toEqual({ score: 0.11, source: 'heuristic' });
  expect(unused.calls).toBe(0);
});
