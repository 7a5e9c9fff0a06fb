import { pickAutoReply, renderAutoReply, type AutoReply } from './auto-reply.js';

const replies: AutoReply[] = [
  { kind: 'closed', channel: '*', language: '*', text: 'any' },
  { kind: 'closed', channel: '*', language: 'pt', text: 'pt any channel' },
  { kind: 'closed', channel: 'sms', language: '*', text: 'sms any language' },
  { kind: 'closed', channel: 'sms', language: 'pt-BR', text: 'sms pt-BR' },
  { kind: 'all_busy', channel: '*', language: '*', text: 'busy' },
];

describe('automatic replies', () => {
  test.each([
    ['sms', 'pt-BR', 'sms pt-BR'],
    ['sms', 'en', 'sms any language'],
    ['web', 'pt-BR', 'pt any channel'],
    ['web', 'en', 'any'],
    ['web', undefined, 'any'],
  ])('%s in %s picks "%s"', (channel, language, text) => {
    expect(pickAutoReply(replies, 'closed', channel, language)?.text).toBe(text);
  });

  test('no reply of the kind: none', () => {
    expect(pickAutoReply(replies, 'nobody_online', 'web', 'en')).toBeUndefined();
  });

  test('variables are filled, other braces stay', () => {
    expect(renderAutoReply('{queue} opens {opens_at}; wait {expected_wait_minutes} min, #{position} {other}', {
      queue: 'Support', opens_at: 'Mon 09:00', expected_wait_minutes: 4, position: 2,
    })).toBe('Support opens Mon 09:00; wait 4 min, #2 {other}');
  });
});
