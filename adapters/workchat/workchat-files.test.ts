import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger } from '../../infra/logger.js';
import type { WorkchatConversationRef, WorkchatConversationStore } from './conversation-store.js';
import { createWorkchatAdapter } from './workchat-adapter.js';
import type { WorkchatSettings } from './workchat-settings.js';

// HEAR's media types on workchat (docs/channels/workchat.md, "Files"): the bot's connector token
// goes only to the connector's files under the service URL of the conversation the file came from.

const seen: { path: string; authorization: string | undefined }[] = [];
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({ path: req.url ?? '', authorization: req.headers.authorization });
    res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.from('png-bytes'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
beforeEach(() => { seen.length = 0; });

function adapter() {
  const ref = { bot: 'shop', conversation_id: 'a:conv', service_url: `${base}/emea/` } as WorkchatConversationRef;
  const conversations = { find: async (bot: string, id: string) => (bot === ref.bot && id === ref.conversation_id ? ref : undefined) } as unknown as WorkchatConversationStore;
  // The server listens on loopback: the bot allows private networks (http-allow-private-networks).
  const settings = { appId: 'app-1', appPassword: 'secret', tokenUrl: `${base}/token`, allowPrivateNetworks: true } as WorkchatSettings;
  return createWorkchatAdapter({
    settingsOf: (bot) => (bot === 'shop' ? settings : undefined),
    conversations,
    botOfSession: async () => 'shop',
    logger: createLogger({ pretty: false }),
    tokens: async () => 'connector-token',
  });
}

test('a file under the conversation\'s service URL is fetched with the bot\'s connector token', async () => {
  const file = await adapter().fetchAttachment!('shop', { type: 'image', url: `${base}/emea/v3/attachments/0-a/views/original` }, 1024, 'a:conv');
  expect(file).toEqual({ bytes: Buffer.from('png-bytes'), mime_type: 'image/png' });
  expect(seen).toEqual([{ path: '/emea/v3/attachments/0-a/views/original', authorization: 'Bearer connector-token' }]);
});

test('any other link is left to the engine, and the token goes nowhere', async () => {
  const workchat = adapter();
  const cases: [string, string, string][] = [
    ['shop', `${base}/amer/v3/attachments/0-a/views/original`, 'a:conv'], // another service path
    ['shop', `http://localhost:1/emea/v3/attachments/0-a/views/original`, 'a:conv'], // another host
    ['shop', `${base}/emea/v3/conversations/a:conv/activities`, 'a:conv'], // not a file
    ['shop', `${base}/emea/v3/attachments/0-a/views/original`, 'a:other'], // a conversation the bot never saw
    ['off', `${base}/emea/v3/attachments/0-a/views/original`, 'a:conv'], // the channel is off
  ];
  for (const [bot, url, conversation] of cases) {
    expect(await workchat.fetchAttachment!(bot, { type: 'image', url }, 1024, conversation)).toBeUndefined();
  }
  expect(seen).toEqual([]);
});
