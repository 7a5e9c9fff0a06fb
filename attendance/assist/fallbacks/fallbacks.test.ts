import type { TranscriptLine } from '../assist-context.js';
import type { Sentiment } from '../assist-schemas.js';
import { fallbackPolish } from './polish-fallback.js';
import { fallbackReplies } from './replies-fallback.js';
import { fallbackSentiment } from './sentiment-fallback.js';
import { fallbackSummary } from './summary-fallback.js';
import { fallbackTips } from './tips-fallback.js';
import { emotionsIn, guessLanguage, topicsIn } from './keywords.js';

const T0 = new Date('2026-01-01T10:00:00Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);
const line = (from: TranscriptLine['from'], text: string, minutes = 0): TranscriptLine => ({ from, text, at: at(minutes) });
const calm: Sentiment = { overall: 'neutral', score: 0, emotions: [], escalation_risk: 'low', urgency: 'low' };

describe('keywords', () => {
  test('emotions, topics and language in English and Portuguese, accents or not', () => {
    expect(emotionsIn('This is unacceptable, I am frustrated and need it ASAP')).toEqual(['frustration', 'anger', 'urgency']);
    expect(emotionsIn('Não entendi, é urgente')).toEqual(['confusion', 'urgency']);
    expect(topicsIn('Where is my order? I want a refund')).toEqual(['order', 'refund']);
    expect(topicsIn('meu pedido não chegou, quero o reembolso')).toEqual(['order', 'refund']);
    expect(guessLanguage('Olá, meu pedido não chegou')).toBe('pt');
    expect(guessLanguage('Hello, where is my order?')).toBe('en');
    expect(guessLanguage('')).toBe('en');
  });
});

describe('fallbackSentiment', () => {
  test('an angry, urgent customer: negative, high risk, high urgency', async () => {
    const s = await fallbackSentiment('This is terrible and unacceptable! I want to talk to your manager right now');
    expect(s).toMatchObject({ overall: 'negative', escalation_risk: 'high', urgency: 'high' });
    expect(s.score).toBeLessThan(0);
    expect(s.emotions).toEqual(expect.arrayContaining(['anger', 'urgency']));
  });

  test('a happy customer in Portuguese: positive, low risk', async () => {
    const s = await fallbackSentiment('Muito obrigado, ficou ótimo!');
    expect(s).toMatchObject({ overall: 'positive', escalation_risk: 'low', urgency: 'low', emotions: ['satisfaction'] });
    expect(s.score).toBeGreaterThan(0);
  });

  test('nothing to go on: neutral, score 0', async () => {
    expect(await fallbackSentiment('')).toEqual({ overall: 'neutral', score: 0, emotions: [], escalation_risk: 'low', urgency: 'low' });
  });
});

describe('fallbackTips', () => {
  test('upset, unanswered question, long wait and an order: empathy, question, wait and lookup tips, by priority', () => {
    const transcript = [line('customer', 'My order never arrived'), line('customer', 'Where is my package?', 1)];
    const tips = fallbackTips({ transcript, sentiment: { ...calm, overall: 'negative' }, now: at(12) });
    expect(tips.map((t) => t.type)).toEqual(['empathy', 'question', 'wait', 'lookup']);
    expect(tips[1]!.content).toContain('Where is my package?');
    expect(tips[2]!.content).toContain('12 minutes');
    expect(tips.map((t) => t.priority)).toEqual([1, 1, 2, 2]);
  });

  test('an answered, calm conversation: one general tip', () => {
    const transcript = [line('customer', 'Can you help?'), line('attendant', 'Sure!', 1)];
    expect(fallbackTips({ transcript, sentiment: calm, now: at(30) })).toEqual([
      expect.objectContaining({ type: 'general', priority: 3 }),
    ]);
  });
});

describe('fallbackReplies', () => {
  test('exactly three, in Portuguese for a Portuguese customer, greeting first before the attendant wrote', () => {
    const replies = fallbackReplies({ transcript: [line('customer', 'Olá, meu pedido não chegou')], sentiment: { ...calm, overall: 'negative' } });
    expect(replies).toHaveLength(3);
    expect(replies.map((r) => r.category)).toEqual(['greeting', 'empathy', 'follow_up']);
    expect(replies[0]!.text).toMatch(/^Olá/);
  });

  test('in English after the attendant wrote, with an open question', () => {
    const transcript = [line('customer', 'hi'), line('attendant', 'Hello!'), line('customer', 'How long does delivery take?')];
    const replies = fallbackReplies({ transcript, sentiment: calm });
    expect(replies.map((r) => [r.category, r.tone])).toEqual([['acknowledgement', 'professional'], ['answer', 'professional'], ['follow_up', 'friendly']]);
  });
});

describe('fallbackSummary', () => {
  test('counts, brief, key points, needs, open questions and a declining trend', async () => {
    const transcript = [
      line('customer', 'Hello, thanks, I love your shop'), line('bot', 'Hi! How can I help?', 1),
      line('customer', 'My order is late', 2), line('attendant', 'Let me check', 5),
      line('customer', 'This is terrible, awful service. Where is my refund?', 9),
    ];
    const s = await fallbackSummary({ transcript, transferReason: 'keyword: human' });
    expect(s).toMatchObject({
      brief: 'Hello, thanks, I love your shop',
      key_points: ['Hello, thanks, I love your shop', 'My order is late', 'This is terrible, awful service. Where is my refund?'],
      customer_needs: ['Transfer reason: keyword: human', 'Order status', 'Refund'],
      unresolved_issues: ['This is terrible, awful service. Where is my refund?'],
      sentiment_trend: 'declining',
      recommended_action: "Answer the customer's open question(s).",
      message_count: 5,
      duration_minutes: 9,
    });
  });

  test('an empty transcript', async () => {
    expect(await fallbackSummary({ transcript: [], transferReason: null })).toMatchObject({
      brief: 'No message from the customer yet.', key_points: [], message_count: 0, duration_minutes: 0, sentiment_trend: 'stable',
    });
  });
});

describe('fallbackPolish', () => {
  test.each([
    ['  hello   there ,  i dont know  ', "Hello there, I don't know.", ['Removed extra spaces', 'Fixed "i" → "I"', 'Fixed "dont" → "don\'t"', 'Capitalised the start of sentences', 'Added a final full stop']],
    ['vc pode esperar? obg', 'Você pode esperar? Obrigado.', ['Fixed "vc" → "você"', 'Fixed "obg" → "obrigado"', 'Capitalised the start of sentences', 'Added a final full stop']],
    ['All good, thanks!', 'All good, thanks!', []],
  ])('%j', (text, polished, changes) => {
    expect(fallbackPolish(text)).toEqual({ polished, changes });
  });
});
