import { PermanentDeliveryError } from '../../engine/index.js';
import { createLogger } from '../../infra/logger.js';
import { refusalBehind } from '../../infra/outbound-http.js';
import { startCountingServer, type CountingServer } from '../../test/support/counting-server.js';
import { createConnectorTokens } from './connector-token.js';
import type { WorkchatConversationRef, WorkchatConversationStore } from './conversation-store.js';
import { createTokenVerifier } from './verify-token.js';
import { createWorkchatAdapter } from './workchat-adapter.js';
import type { WorkchatSettings } from './workchat-settings.js';

// Without http-allow-private-networks, every outbound call of the workchat channel — the connector
// at the conversation's service URL, the token URL, the OpenID metadata, the connector's files —
// is refused by the outbound door (docs/architecture.md, "Outbound requests") before it connects.

let counting: CountingServer;
beforeAll(async () => { counting = await startCountingServer(); });
afterAll(() => counting.close());

function adapter() {
  const ref = { bot: 'shop', conversation_id: 'a:conv', service_url: `${counting.url}/emea/`, channel_id: 'msteams', bot_account_id: '28:bot' } as WorkchatConversationRef;
  const conversations = { find: async (bot: string, id: string) => (bot === ref.bot && id === ref.conversation_id ? ref : undefined) } as unknown as WorkchatConversationStore;
  const settings = {
    appId: 'app-1', appPassword: 'secret', tokenUrl: `${counting.url}/token`, openidMetadataUrl: `${counting.url}/openid`, allowPrivateNetworks: false,
  } as WorkchatSettings;
  return createWorkchatAdapter({
    settingsOf: (bot) => (bot === 'shop' ? settings : undefined),
    conversations,
    botOfSession: async () => 'shop',
    logger: createLogger({ pretty: false, level: 'silent' }),
    tokens: async () => 'connector-token',
  });
}

test('a send to a loopback service URL fails for good, saying the outbound guard refused it', async () => {
  const error = await adapter().post('shop', 'a:conv', { text: 'hello' }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(PermanentDeliveryError);
  expect((error as Error).message).toMatch(/^workchat: .*outbound guard .*127\.0\.0\.1 is a private or loopback address/);
  expect(counting.connections()).toBe(0);
});

test('the connector\'s files, the bot\'s token and the provider\'s keys are refused too', async () => {
  const file = await adapter().fetchAttachment!('shop', { type: 'image', url: `${counting.url}/emea/v3/attachments/0-a/views/original` }, 1024, 'a:conv').catch((e: unknown) => e);
  expect(refusalBehind(file)).toBeDefined();
  const token = await createConnectorTokens()({ appId: 'app-1', appPassword: 'secret', tokenUrl: `${counting.url}/token`, allowPrivateNetworks: false }).catch((e: unknown) => e);
  expect(refusalBehind(token)?.message).toMatch(/private or loopback/);
  const claims = await createTokenVerifier()('Bearer a.b.c', {
    appId: 'app-1', openidMetadataUrl: `${counting.url}/openid`, serviceUrl: `${counting.url}/emea/`, allowPrivateNetworks: false,
  });
  expect(claims).toBeUndefined();
  expect(counting.connections()).toBe(0);
});
