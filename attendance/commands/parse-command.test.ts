import { parseCommand } from './parse-command.js';

const ID = '0b9a3c1e-1d2f-4a5b-8c6d-7e8f9a0b1c2d';

describe('parseCommand', () => {
  test.each([
    ['/queue', { kind: 'queue' }],
    ['/help', { kind: 'help' }],
    ['  /context ', { kind: 'context' }],
    ['/take', { kind: 'take' }],
    [`/take ${ID}`, { kind: 'take', sessionId: ID }],
    [`/RESOLVE ${ID.toUpperCase()}`, { kind: 'resolve', sessionId: ID }],
    ['/resolve', { kind: 'resolve' }],
    ['/transfer @maria', { kind: 'transfer', username: 'maria' }],
    ['/transfer maria', { kind: 'transfer', username: 'maria' }],
    ['/status online', { kind: 'status', status: 'online' }],
    ['/status Away', { kind: 'status', status: 'away' }],
    ['/tips', { kind: 'assist', name: 'tips' }],
    ['/summary', { kind: 'assist', name: 'summary' }],
    ['/video', { kind: 'meeting', name: 'video', request: { action: 'start', media: 'video' } }],
    ['/video link', { kind: 'meeting', name: 'video', request: { action: 'link' } }],
    ['/video END', { kind: 'meeting', name: 'video', request: { action: 'end' } }],
    ['/video invite @Ana', { kind: 'meeting', name: 'video', request: { action: 'invite', target: 'Ana' } }],
    ['/call', { kind: 'meeting', name: 'call', request: { action: 'start', media: 'audio' } }],
    ['/voice on', { kind: 'meeting', name: 'voice', request: { action: 'voice', on: true } }],
    ['/voice OFF', { kind: 'meeting', name: 'voice', request: { action: 'voice', on: false } }],
    ['/dance', { kind: 'unknown', name: 'dance' }],
    ['Hello there', { kind: 'text', text: 'Hello there' }],
  ])('%s', (input, expected) => {
    expect(parseCommand(input)).toEqual(expected);
  });

  test.each([
    ['/take abc', /not a session id/],
    [`/take ${ID} extra`, /Usage: \/take/],
    ['/transfer', /Usage: \/transfer @username/],
    ['/transfer @', /Usage: \/transfer/],
    ['/status sleeping', /Usage: \/status online\|busy\|away\|offline/],
    ['/status', /Usage: \/status/],
    ['/queue now', /takes no arguments/],
    ['/voice', /Usage: \/voice on\|off/],
    ['/video invite', /Usage: \/video/],
    ['/video share', /Usage: \/video/],
    ['/call me', /Usage: \/call or \/call back/],
  ])('%s is invalid', (input, message) => {
    const command = parseCommand(input);
    expect(command.kind).toBe('invalid');
    expect(command.kind === 'invalid' && command.message).toMatch(message);
  });
});
