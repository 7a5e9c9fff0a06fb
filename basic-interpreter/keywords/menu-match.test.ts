import type { Suggestion } from '../vm/index.js';
import { matchMenuOption } from './index.js';

const options: Suggestion[] = [
  { key: 'sales', label: 'Vendas' },
  { key: 'support', label: 'Suporte técnico' },
  { key: 'billing', label: 'Cobrança' },
];

describe('matchMenuOption', () => {
  it.each<[string, string | undefined]>([
    ['Vendas', 'sales'],
    ['  vendas  ', 'sales'],
    ['SALES', 'sales'],
    ['suporte tecnico', 'support'],
    ['Suporte   Técnico', 'support'],
    ['COBRANCA', 'billing'],
    ['cobrança', 'billing'],
    ['1', 'sales'],
    ['2', 'support'],
    [' 3 ', 'billing'],
    ['3.', 'billing'],
    ['3)', 'billing'],
    ['4', undefined],
    ['0', undefined],
    ['-1', undefined],
    ['', undefined],
    // A unique start of one option picks it (General Bots scripts rely on it).
    ['vend', 'sales'],
    ['su', 'support'],
    ['s', undefined],
    ['support please', undefined],
  ])('%j → %j', (input, key) => {
    expect(matchMenuOption(input, options)?.key).toBe(key);
  });

  it('prefers a key or label over a position', () => {
    const numbered: Suggestion[] = [
      { key: '2', label: 'Two' },
      { key: '1', label: 'One' },
    ];
    expect(matchMenuOption('2', numbered)).toEqual({ key: '2', label: 'Two' });
    expect(matchMenuOption('one', numbered)).toEqual({ key: '1', label: 'One' });
  });

  it('returns undefined with no options', () => {
    expect(matchMenuOption('1', [])).toBeUndefined();
  });
});
