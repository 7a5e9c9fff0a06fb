import { normaliseEmail, normalisePhone, normaliseTags } from './contact-rules.js';

describe('contact rules', () => {
  test('phones become E.164; without + they are read in the default country, or refused without one', () => {
    expect(normalisePhone('+55 11 98765-4321')).toBe('+5511987654321');
    expect(normalisePhone('(11) 98765-4321', 'BR')).toBe('+5511987654321');
    expect(normalisePhone('(11) 98765-4321', 'br')).toBe('+5511987654321');
    expect(normalisePhone('0044 20 7946 0958')).toBe('+442079460958');
    expect(normalisePhone('11987654321')).toBeUndefined();
    expect(normalisePhone('12')).toBeUndefined();
    expect(normalisePhone('   ')).toBeUndefined();
  });

  test('emails are trimmed and lower case; what is not an address is refused', () => {
    expect(normaliseEmail('  Maria@Example.COM ')).toBe('maria@example.com');
    expect(normaliseEmail('maria')).toBeUndefined();
  });

  test('tags are trimmed, lower case, without empties or repeats', () => {
    expect(normaliseTags([' VIP', 'vip', '', 'Late Payer '])).toEqual(['vip', 'late payer']);
  });
});
