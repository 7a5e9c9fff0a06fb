import type { Reply, Sentiment } from '../assist-schemas.js';
import type { TranscriptLine } from '../assist-context.js';
import { guessLanguage } from './keywords.js';
import { customerLines, openQuestions } from './transcript-facts.js';

const TEXTS = {
  en: {
    greeting: 'Hello! Thanks for waiting, I am here to help you.',
    acknowledgement: 'Thanks for the details, I am checking this for you now.',
    empathy: 'I am sorry for the trouble. Let us get this sorted out together.',
    question: 'Could you share your order number or a few more details so I can help?',
    answer: 'Good question — let me check that and come back to you in a moment.',
    follow_up: 'Is there anything else I can help you with?',
  },
  pt: {
    greeting: 'Olá! Obrigado por aguardar, estou aqui para ajudar.',
    acknowledgement: 'Obrigado pelos detalhes, já estou verificando para você.',
    empathy: 'Sinto muito pelo transtorno. Vamos resolver isso juntos.',
    question: 'Pode me passar o número do pedido ou mais alguns detalhes para eu ajudar?',
    answer: 'Boa pergunta — vou verificar e já te respondo.',
    follow_up: 'Posso ajudar em mais alguma coisa?',
  },
} as const;

/**
 * Exactly three replies from rules, in the customer's language (English or Portuguese, guessed
 * from their words): a greeting before the attendant has written, else an acknowledgement; then
 * empathy for an upset customer, an answer-holder for an open question, or a request for details;
 * then a follow-up.
 */
export function fallbackReplies(input: { transcript: readonly TranscriptLine[]; sentiment: Sentiment }): Reply[] {
  const { transcript, sentiment } = input;
  const texts = TEXTS[guessLanguage(customerLines(transcript).map((m) => m.text).join('\n'))];
  const greeted = transcript.some((m) => m.from === 'attendant');
  const first: Reply = greeted
    ? { text: texts.acknowledgement, tone: 'professional', category: 'acknowledgement' }
    : { text: texts.greeting, tone: 'friendly', category: 'greeting' };
  const second: Reply = sentiment.overall === 'negative'
    ? { text: texts.empathy, tone: 'empathetic', category: 'empathy' }
    : openQuestions(transcript).length > 0
      ? { text: texts.answer, tone: 'professional', category: 'answer' }
      : { text: texts.question, tone: 'professional', category: 'question' };
  return [first, second, { text: texts.follow_up, tone: 'friendly', category: 'follow_up' }];
}
