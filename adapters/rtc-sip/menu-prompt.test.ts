import { answerOfDigits, listeningFor, spokenMenu } from './menu-prompt.js';

const menu = [{ key: 'sales', label: 'Sales' }, { key: 'support', label: 'Support' }];

test('a menu is read as numbered choices in the bot\'s language', () => {
  expect(spokenMenu(menu, 'en')).toBe('For Sales, press 1. For Support, press 2.');
  expect(spokenMenu(menu, 'pt-BR')).toBe('Para Sales, digite 1. Para Support, digite 2.');
});

test('a key picks the numbered choice; other digits are the answer as pressed', () => {
  expect(answerOfDigits('2', menu)).toBe('Support');
  expect(answerOfDigits('7', menu)).toBe('7');
  expect(answerOfDigits('42', menu)).toBe('42');
  expect(answerOfDigits('42', [])).toBe('42');
});

test('what the call listens for after a turn', () => {
  expect(listeningFor({ status: 'waiting', waiting_for: { menu } })).toEqual({ kind: 'menu', choices: 2 });
  expect(listeningFor({ status: 'waiting', waiting_for: { type: 'INTEGER' } })).toEqual({ kind: 'digits' });
  expect(listeningFor({ status: 'waiting', waiting_for: {} })).toEqual({ kind: 'speech' });
  expect(listeningFor({ status: 'ended' })).toEqual({ kind: 'speech' });
  expect(listeningFor(undefined)).toEqual({ kind: 'speech' });
});
