import { attendantOfferCard, offerText } from './attendant-card.js';

type Card = { body: { facts?: { title: string; value: string }[] }[]; actions: { title: string; data: { text: string } }[] };

describe('the workchat offer card', () => {
  test('the customer fields attendants see come right under the customer, before channel and message', () => {
    const card = attendantOfferCard({
      session_id: 'abc', customer: 'Maria Souza', channel: 'web', message: 'help', reason: 'queued',
      facts: [{ title: 'Tier', value: 'gold' }, { title: 'Lifetime value', value: '1200.5' }, { title: 'Campaign', value: 'Black Friday' }],
    }).content as Card;
    expect(card.body.flatMap((b) => b.facts ?? [])).toEqual([
      { title: 'Customer', value: 'Maria Souza' }, { title: 'Tier', value: 'gold' }, { title: 'Lifetime value', value: '1200.5' },
      { title: 'Campaign', value: 'Black Friday' }, { title: 'Channel', value: 'web' }, { title: 'Message', value: 'help' },
    ]);
    expect(card.actions).toEqual([expect.objectContaining({ title: 'Take', data: expect.objectContaining({ text: '/take abc' }) })]);
  });

  test('without fields the card is customer, channel and message; the text fallback names the customer', () => {
    const offer = { session_id: 'abc', customer: 'web · 3f9a2c', channel: 'web', message: 'hi', reason: 'transferred' as const };
    expect((attendantOfferCard(offer).content as Card).body.flatMap((b) => b.facts ?? []).map((f) => f.title)).toEqual(['Customer', 'Channel', 'Message']);
    expect(offerText(offer)).toBe('Conversation transferred to you from web · 3f9a2c on web: "hi"');
  });
});
