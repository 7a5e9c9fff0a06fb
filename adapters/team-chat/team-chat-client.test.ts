import { startCountingServer, type CountingServer } from '../../test/support/counting-server.js';
import { startFakeTeamChat, type FakeTeamChat } from '../../test/support/fake-team-chat.js';
import { createTeamChatClient } from './team-chat-client.js';
import type { TeamChatSettings } from './team-chat-settings.js';

// The team_chat client through the outbound door (docs/architecture.md, "Outbound requests"):
// the bot's http-allow-private-networks decides whether a loopback team-chat-api-url is reached.

let slack: FakeTeamChat;
let counting: CountingServer;
beforeAll(async () => {
  slack = await startFakeTeamChat();
  counting = await startCountingServer();
});
afterAll(async () => {
  await slack.close();
  await counting.close();
});

const notice = { session_id: 's-1', customer: 'Ana', channel: 'web', message: 'help' };
const clientWith = (settings: TeamChatSettings) => createTeamChatClient({ settingsOf: () => settings });
const settings = { token: 'xoxb-desk', signingSecret: 'secret', channel: 'CDESK' };

test('with http-allow-private-networks, the notice reaches a loopback Web API', async () => {
  const posted = await clientWith({ ...settings, apiUrl: slack.apiUrl, allowPrivateNetworks: true }).postNotice('desk', notice);
  expect(posted).toEqual({ channel: 'CDESK', ts: expect.stringMatching(/^1760000000\./) });
  expect(slack.callsOf('chat.postMessage')[0]).toMatchObject({ token: 'xoxb-desk', params: { channel: 'CDESK' } });
});

test('without it, the call is refused before any connection, saying so', async () => {
  const refused = clientWith({ ...settings, apiUrl: `${counting.url}/api/`, allowPrivateNetworks: false }).postNotice('desk', notice);
  await expect(refused).rejects.toThrow(/^team_chat: .*outbound guard .*127\.0\.0\.1 is a private or loopback address/);
  expect(counting.connections()).toBe(0);
});
