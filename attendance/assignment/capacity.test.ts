import { canReceive, hasRoom, receivesWork } from './capacity.js';

describe('capacity', () => {
  test.each([['online', true], ['busy', false], ['away', false], ['offline', false]] as const)('%s receives work: %s', (status, expected) => {
    expect(receivesWork(status)).toBe(expected);
  });

  test('room while below max_conversations', () => {
    expect(hasRoom({ max_conversations: 5 }, 4)).toBe(true);
    expect(hasRoom({ max_conversations: 5 }, 5)).toBe(false);
    expect(hasRoom({ max_conversations: 0 }, 0)).toBe(false);
  });

  test('canReceive needs both', () => {
    expect(canReceive({ max_conversations: 2 }, { status: 'online', active_conversations: 1 })).toBe(true);
    expect(canReceive({ max_conversations: 2 }, { status: 'online', active_conversations: 2 })).toBe(false);
    expect(canReceive({ max_conversations: 2 }, { status: 'busy', active_conversations: 0 })).toBe(false);
  });
});
