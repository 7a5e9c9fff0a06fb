import { z } from 'zod';
import { defaultBotConfig } from '../../config/index.js';
import { LlmError, type LlmClient } from '../../infra/llm/index.js';
import { askModel, modelOr, requireFeature, type AssistDeps } from './assist-context.js';
import { PolishAnswerSchema, RepliesAnswerSchema, SentimentAnswerSchema, TipsAnswerSchema } from './assist-schemas.js';
import type { AttendanceRepositories } from '../attendance-repositories.js';

/** A model port answering as told (the port is infra's contract; its real client has its own tests). */
const model = (answer: () => Promise<unknown>): LlmClient => ({ model: 'm', json: answer, text: async () => '' });
const deps = (llm?: LlmClient): AssistDeps => ({ repos: {} as AttendanceRepositories, bot: () => undefined, llmFor: () => llm });
const schema = z.object({ a: z.number() });

describe('askModel', () => {
  test('a valid answer is the value; no model is not_configured', async () => {
    expect(await askModel(deps(model(async () => ({ a: 1 }))), 'b', [], schema)).toEqual({ ok: true, value: { a: 1 } });
    expect(await askModel(deps(), 'b', [], schema)).toEqual({ ok: false, reason: 'not_configured' });
  });

  test.each([
    ['an answer failing the schema', async () => ({ a: 'one' }), 'invalid_answer'],
    ['a timeout', () => Promise.reject(new LlmError('timeout', 'late')), 'timeout'],
    ['a failed call', () => Promise.reject(new LlmError('unavailable', 'down')), 'unavailable'],
    ['any other error', () => Promise.reject(new Error('boom')), 'unavailable'],
  ])('%s falls back with %s', async (_name, answer, reason) => {
    expect(await askModel(deps(model(answer)), 'b', [], schema)).toEqual({ ok: false, reason });
  });

  test('modelOr marks where the answer came from', async () => {
    expect(await modelOr({ ok: true, value: { a: 1 } }, () => ({ a: 2 }))).toEqual({ a: 1, source: 'model' });
    expect(await modelOr({ ok: false, reason: 'timeout' }, () => ({ a: 2 }))).toEqual({ a: 2, source: 'fallback', fallback_reason: 'timeout' });
  });
});

describe('answer schemas', () => {
  const reply = { text: 'Hi', tone: 'Friendly', category: 'follow up' };
  test('replies: more than three keep the first three (enums read leniently); fewer are invalid', () => {
    expect(RepliesAnswerSchema.parse({ replies: [reply, reply, reply, { ...reply, text: 'fourth' }] }).replies)
      .toEqual([{ text: 'Hi', tone: 'friendly', category: 'follow_up' }, expect.anything(), expect.anything()]);
    expect(RepliesAnswerSchema.safeParse({ replies: [reply, reply] }).success).toBe(false);
  });

  test('tips, polish and sentiment refuse out-of-range or missing fields', () => {
    expect(TipsAnswerSchema.safeParse({ tips: [{ type: 'empathy', content: 'x', confidence: 2, priority: 1 }] }).success).toBe(false);
    expect(TipsAnswerSchema.safeParse({ tips: [] }).success).toBe(false);
    expect(PolishAnswerSchema.safeParse({ polished: '' , changes: [] }).success).toBe(false);
    expect(SentimentAnswerSchema.safeParse({ overall: 'meh', score: 0, emotions: [], escalation_risk: 'low', urgency: 'low' }).success).toBe(false);
    expect(SentimentAnswerSchema.safeParse({ overall: 'negative', score: -1.5, emotions: [], escalation_risk: 'low', urgency: 'low' }).success).toBe(false);
  });
});

test('requireFeature: a switched-off flag is a 409 feature_disabled naming the flag', () => {
  const config = { ...defaultBotConfig(), 'attendant-llm-tips': false };
  expect(() => requireFeature(config, 'attendant-llm-tips')).toThrow(expect.objectContaining({ code: 'feature_disabled', details: { feature: 'attendant-llm-tips' } }));
  expect(() => requireFeature(config, 'attendant-smart-replies')).not.toThrow();
});
