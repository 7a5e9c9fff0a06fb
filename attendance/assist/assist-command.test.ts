import { parseCommand } from '../commands/parse-command.js';
import { fallbackNote } from './assist-command.js';

const ID = '0b9a3c1e-1d2f-4a5b-8c6d-7e8f9a0b1c2d';

test.each([
  ['/tips', { kind: 'assist', name: 'tips' }],
  [`/replies ${ID}`, { kind: 'assist', name: 'replies', sessionId: ID }],
  [`/summary ${ID.toUpperCase()}`, { kind: 'assist', name: 'summary', sessionId: ID }],
  ['/polish  hello   there, i dont know', { kind: 'assist', name: 'polish', text: 'hello   there, i dont know' }],
  ['/polish', { kind: 'invalid', name: 'polish', message: 'Usage: /polish <message>' }],
  ['/tips now', { kind: 'invalid', name: 'tips', message: 'Usage: /tips [session_id] — "now" is not a session id' }],
])('parses %j', (input, expected) => {
  expect(parseCommand(input)).toEqual(expected);
});

test('a fallback answer carries a note saying why; a model answer none', () => {
  expect(fallbackNote({ source: 'model' })).toBe('');
  expect(fallbackNote({ source: 'fallback', fallback_reason: 'unavailable' })).toBe('\n(From the built-in rules: the language model is unavailable.)');
});
