/**
 * The small word lists behind the offline fallbacks (English and Portuguese): emotions, topics,
 * escalation words and a language guess. Matching is on words with accents removed, so "não",
 * "nao" and "NÃO" are the same word; phrases match on whole words too.
 */

/** Lowercase, no accents, words separated by single spaces and padded, for whole-word matching. */
export function normalize(text: string): string {
  const words = text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().split(/[^\p{L}\p{N}']+/u).filter(Boolean);
  return ` ${words.join(' ')} `;
}

/** True when the normalized text holds one of the words or phrases. */
export function mentions(normalized: string, words: readonly string[]): boolean {
  return words.some((w) => normalized.includes(` ${w} `));
}

/** Emotions the fallback recognises, each from a few words per language. */
export const EMOTION_WORDS = {
  frustration: ['frustrated', 'frustrating', 'annoyed', 'annoying', 'ridiculous', 'useless', 'waste of time', 'still waiting',
    'frustrado', 'frustrada', 'cansado', 'cansada', 'absurdo', 'ridiculo', 'inutil', 'de novo', 'ate agora'],
  anger: ['angry', 'furious', 'outraged', 'unacceptable', 'terrible', 'worst', 'hate', 'fed up', 'disgusting',
    'raiva', 'irritado', 'irritada', 'furioso', 'furiosa', 'inaceitavel', 'pessimo', 'pessima', 'odeio', 'cansei', 'vergonha'],
  satisfaction: ['thanks', 'thank you', 'great', 'perfect', 'excellent', 'awesome', 'happy', 'solved', 'appreciate',
    'obrigado', 'obrigada', 'otimo', 'otima', 'perfeito', 'excelente', 'resolvido', 'valeu', 'agradeco'],
  confusion: ['confused', 'confusing', "don't understand", 'dont understand', 'unclear', 'what do you mean', 'makes no sense',
    'confuso', 'confusa', 'nao entendi', 'nao entendo', 'como assim', 'nao faz sentido'],
  urgency: ['urgent', 'urgently', 'asap', 'immediately', 'emergency', 'right now', 'right away',
    'urgente', 'imediatamente', 'emergencia', 'agora mesmo', 'o quanto antes', 'o mais rapido'],
} as const;
export type Emotion = keyof typeof EMOTION_WORDS;

/** Emotions whose words appear in the text, in a fixed order. */
export function emotionsIn(text: string): Emotion[] {
  const n = normalize(text);
  return (Object.keys(EMOTION_WORDS) as Emotion[]).filter((e) => mentions(n, EMOTION_WORDS[e]));
}

/** Words that announce a complaint going further (a manager, a lawyer, cancelling). */
export const ESCALATION_WORDS = [
  'manager', 'supervisor', 'lawyer', 'sue', 'complaint', 'cancel', 'cancelling', 'report you',
  'gerente', 'advogado', 'processar', 'reclamacao', 'procon', 'cancelar', 'denunciar',
] as const;

/** What customers come for, with the words that tell. */
export const TOPIC_WORDS = {
  order: ['order', 'orders', 'tracking', 'package', 'delivery', 'shipped', 'shipping', 'parcel',
    'pedido', 'pedidos', 'entrega', 'rastreio', 'rastreamento', 'encomenda', 'compra'],
  refund: ['refund', 'refunds', 'reimburse', 'reimbursement', 'money back', 'chargeback',
    'reembolso', 'estorno', 'devolucao', 'dinheiro de volta', 'devolver'],
  billing: ['invoice', 'bill', 'billing', 'charge', 'charged', 'payment', 'paid', 'fatura', 'cobranca', 'cobrado', 'pagamento', 'boleto', 'paguei'],
  cancellation: ['cancel', 'cancellation', 'unsubscribe', 'cancelar', 'cancelamento'],
  technical: ['error', 'bug', 'broken', 'crash', 'crashes', 'not working', "doesn't work", 'doesnt work',
    'erro', 'nao funciona', 'travou', 'travando', 'defeito', 'quebrado'],
  account: ['password', 'login', 'log in', 'account', 'sign in', 'senha', 'conta', 'acesso', 'entrar'],
} as const;
export type Topic = keyof typeof TOPIC_WORDS;

/** How each topic reads as a customer need. */
export const TOPIC_NEEDS: Record<Topic, string> = {
  order: 'Order status', refund: 'Refund', billing: 'Billing', cancellation: 'Cancellation',
  technical: 'Technical problem', account: 'Account access',
};

/** Topics the text mentions, in a fixed order. */
export function topicsIn(text: string): Topic[] {
  const n = normalize(text);
  return (Object.keys(TOPIC_WORDS) as Topic[]).filter((t) => mentions(n, TOPIC_WORDS[t]));
}

const PT_WORDS = ['nao', 'voce', 'obrigado', 'obrigada', 'ola', 'oi', 'por favor', 'meu', 'minha', 'esta', 'estou', 'com', 'para',
  'uma', 'um', 'que', 'isso', 'quero', 'preciso', 'pedido', 'tudo', 'bem', 'sim', 'ja', 'ainda', 'tem', 'seu', 'sua', 'mas',
  'do', 'da', 'no', 'na', 'de', 'eu', 'como', 'pode', 'bom', 'dia', 'tarde', 'noite'];
const EN_WORDS = ['the', 'is', 'are', 'you', 'i', 'my', 'me', 'not', 'please', 'thanks', 'thank', 'want', 'need', 'with', 'for',
  'this', 'that', 'it', 'have', 'what', 'how', 'hi', 'hello', 'can', 'do', 'an', 'of', 'to', 'and', 'in', 'on', 'where', 'was', 'be'];

/** English or Portuguese, by common words (and Portuguese letters); English when nothing tells. */
export function guessLanguage(text: string): 'en' | 'pt' {
  const n = normalize(text);
  const count = (words: readonly string[]) => words.filter((w) => n.includes(` ${w} `)).length;
  const pt = count(PT_WORDS) + (/[ãõçâêôáéíóú]/i.test(text) ? 2 : 0);
  return pt > count(EN_WORDS) ? 'pt' : 'en';
}
