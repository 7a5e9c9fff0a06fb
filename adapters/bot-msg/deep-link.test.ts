import type { Update } from 'grammy/types';
import { parseUpdate } from './parse-update.js';

// A deep link t.me/<bot>?start=<payload> arrives as `/start <payload>` (docs/channels/bot_msg.md, "Deep links").
const update = (text: string): Update => ({
  update_id: 1,
  message: {
    message_id: 7, date: 1732521600, chat: { id: 4242, type: 'private', first_name: 'Ana' }, from: { id: 4242, is_bot: false, first_name: 'Ana' },
    text, entities: [{ type: 'bot_command', offset: 0, length: 6 }],
  },
});
const options = { bot: 'shop', commands: true, now: new Date('2026-01-01T00:00:00Z') };

describe('bot_msg deep links', () => {
  test('/start <payload> restarts the dialog and names the campaign by its ref', () => {
    expect(parseUpdate(update('/start spring-sale'), options)).toMatchObject({ command: { kind: 'restart' }, referral: { ref: 'spring-sale', utm_medium: 'deep_link' } });
  });

  test('a bare /start, or a payload that is not a code, carries no referral', () => {
    expect(parseUpdate(update('/start'), options)?.referral).toBeUndefined();
    expect(parseUpdate(update('/start not a code'), options)?.referral).toBeUndefined();
  });
});
