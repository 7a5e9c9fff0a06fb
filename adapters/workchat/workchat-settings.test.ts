import { defaultBotConfig, type BotConfig } from '../../config/index.js';
import { checkWorkchatSettings, workchatSettingsOf } from './workchat-settings.js';

const config = (keys: Partial<BotConfig>): BotConfig => ({ ...defaultBotConfig(), ...keys });

describe('workchat settings', () => {
  test('the channel is on only when enabled and the bot names itself on workchat', () => {
    expect(workchatSettingsOf(config({}))).toBeUndefined();
    expect(workchatSettingsOf(config({ 'workchat-app-id': 'app', 'workchat-enabled': false }))).toBeUndefined();
    expect(workchatSettingsOf(config({ 'workchat-app-id': 'app', 'workchat-app-password': 'pw' }))).toEqual({
      appId: 'app', appPassword: 'pw', tenantId: undefined, botId: undefined,
      openidMetadataUrl: 'https://login.botframework.com/v1/.well-known/openidconfiguration',
      tokenUrl: 'https://login.microsoftonline.com/botframework.com/oauth2/v2.0/token',
      allowPrivateNetworks: false,
    });
    expect(workchatSettingsOf(config({ 'workchat-app-id': 'app', 'http-allow-private-networks': true }))!.allowPrivateNetworks).toBe(true);
  });

  test('a single-tenant app asks its own tenant for tokens unless the token URL was set', () => {
    expect(workchatSettingsOf(config({ 'workchat-app-id': 'app', 'workchat-tenant-id': 'contoso-tenant' }))!.tokenUrl)
      .toBe('https://login.microsoftonline.com/contoso-tenant/oauth2/v2.0/token');
    expect(workchatSettingsOf(config({ 'workchat-app-id': 'app', 'workchat-tenant-id': 't', 'workchat-token-url': 'http://127.0.0.1:9/token' }))!.tokenUrl)
      .toBe('http://127.0.0.1:9/token');
  });

  test('an empty app id refuses the bot in production and warns elsewhere; a bot without workchat is fine', () => {
    const emulated = config({ 'workchat-bot-id': '28:bot' });
    expect(checkWorkchatSettings(emulated, true)).toMatchObject({ kind: 'refuse', message: expect.stringMatching(/empty workchat-app-id/) });
    expect(checkWorkchatSettings(emulated, false)).toMatchObject({ kind: 'warn' });
    expect(checkWorkchatSettings(config({ 'workchat-app-id': 'app' }), true)).toEqual({ kind: 'ok' });
    expect(checkWorkchatSettings(config({}), true)).toEqual({ kind: 'ok' });
  });
});
