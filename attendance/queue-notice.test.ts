import { defaultBotConfig } from '../config/index.js';
import { conversation, fakeConversations, fakeRepositories } from '../test/support/attendance-fakes.js';
import { queueNotice } from './queue-notice.js';

// The notice a caller on hold hears again (docs/channels/rtc-sip.md, "Waiting for a person"), on in-memory repositories.

const now = () => new Date('2026-01-01T12:00:00Z');
const earlier = (minutes: number) => new Date(now().getTime() - minutes * 60_000);

function deps(rows: Parameters<typeof fakeConversations>[0], language?: string) {
  const repos = fakeRepositories({ conversations: fakeConversations(rows) });
  return { repos, now, config: () => ({ ...defaultBotConfig(), 'attendance-max-wait-seconds': 120, ...(language ? { language } : {}) }) };
}

test('a waiting customer hears their place as it is now, behind those who waited longer', async () => {
  const rows = [
    conversation('s-old', { waiting_since: earlier(10) }), conversation('s-me', { waiting_since: earlier(5) }),
    conversation('s-new', { waiting_since: earlier(1) }), conversation('s-other-bot', { bot_id: 'bot-2', waiting_since: earlier(20) }),
  ];
  expect(await queueNotice(deps(rows), 's-me')).toMatch(/\b2\b/);
  expect(await queueNotice(deps(rows), 's-old')).toMatch(/\b1\b/);
  // In the bot's language.
  expect(await queueNotice(deps(rows, 'pt-BR'), 's-me')).not.toBe(await queueNotice(deps(rows), 's-me'));
});

test('nothing to say to a conversation that is not waiting', async () => {
  const rows = [conversation('s-taken', { status: 'active', assigned_to: 'ann' }), conversation('s-done', { status: 'resolved' })];
  expect(await queueNotice(deps(rows), 's-taken')).toBeUndefined();
  expect(await queueNotice(deps(rows), 's-done')).toBeUndefined();
  expect(await queueNotice(deps(rows), 's-unknown')).toBeUndefined();
});
