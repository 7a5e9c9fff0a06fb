import { checkWorkchatSettings, type WorkchatSettings } from './workchat-settings.js';

const settings = (keys: Partial<WorkchatSettings>): WorkchatSettings => ({
  appId: undefined, appPassword: undefined, tenantId: undefined, botId: undefined,
  openidMetadataUrl: 'https://login.botframework.com/v1/.well-known/openidconfiguration',
  tokenUrl: 'https://login.microsoftonline.com/botframework.com/oauth2/v2.0/token',
  allowPrivateNetworks: false, voiceEnabled: true, meetingEnabled: true, ...keys,
});

describe('workchat settings', () => {
  test('an empty app id refuses the bot in production and warns elsewhere; a bot without workchat is fine', () => {
    const emulated = settings({ botId: '28:bot' });
    expect(checkWorkchatSettings(emulated, true)).toMatchObject({ kind: 'refuse', message: expect.stringMatching(/empty workchat-app-id/) });
    expect(checkWorkchatSettings(emulated, false)).toMatchObject({ kind: 'warn' });
    expect(checkWorkchatSettings(settings({ appId: 'app' }), true)).toEqual({ kind: 'ok' });
    expect(checkWorkchatSettings(undefined, true)).toEqual({ kind: 'ok' });
  });
});
