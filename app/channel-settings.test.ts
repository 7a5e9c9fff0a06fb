import { defaultBotConfig, type BotConfig } from '../config/index.js';
import { graphChannelSettings, teamChatSettings, workchatSettingsOf } from './channel-settings.js';

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
      // Voice and meeting cards, on by default (docs/channels/workchat.md).
      voiceEnabled: true, meetingEnabled: true,
    });
    expect(workchatSettingsOf(config({ 'workchat-app-id': 'app', 'workchat-voice-enabled': false, 'workchat-meeting-enabled': false })))
      .toMatchObject({ voiceEnabled: false, meetingEnabled: false });
    expect(workchatSettingsOf(config({ 'workchat-app-id': 'app', 'http-allow-private-networks': true }))!.allowPrivateNetworks).toBe(true);
  });

  test('a single-tenant app asks its own tenant for tokens unless the token URL was set', () => {
    expect(workchatSettingsOf(config({ 'workchat-app-id': 'app', 'workchat-tenant-id': 'contoso-tenant' }))!.tokenUrl)
      .toBe('https://login.microsoftonline.com/contoso-tenant/oauth2/v2.0/token');
    expect(workchatSettingsOf(config({ 'workchat-app-id': 'app', 'workchat-tenant-id': 't', 'workchat-token-url': 'http://127.0.0.1:9/token' }))!.tokenUrl)
      .toBe('http://127.0.0.1:9/token');
  });
});

describe('Graph-style and team_chat settings', () => {
  test('a Graph-style channel is on only when enabled with its credentials', () => {
    expect(graphChannelSettings('social_dm', undefined)).toBeUndefined();
    expect(graphChannelSettings('social_dm', config({ 'social-dm-access-token': 't' }))).toBeUndefined();
    expect(graphChannelSettings('social_dm', config({ 'social-dm-enabled': false, 'social-dm-access-token': 't', 'social-dm-app-secret': 's' }))).toBeUndefined();
    expect(graphChannelSettings('social_dm', config({ 'social-dm-enabled': true, 'social-dm-access-token': 't', 'social-dm-app-secret': 's' })))
      .toMatchObject({ accessToken: 't', appSecret: 's', allowPrivateNetworks: false });
  });

  test('team_chat needs its token, signing secret and channel, and its API root ends with a slash', () => {
    expect(teamChatSettings(config({ 'team-chat-bot-token': 'xoxb-1', 'team-chat-signing-secret': 's' }))).toBeUndefined();
    expect(teamChatSettings(config({
      'team-chat-bot-token': 'xoxb-1', 'team-chat-signing-secret': 's', 'team-chat-channel': 'C1', 'team-chat-api-url': 'http://127.0.0.1:9/api',
    }))).toEqual({ token: 'xoxb-1', signingSecret: 's', channel: 'C1', apiUrl: 'http://127.0.0.1:9/api/', allowPrivateNetworks: false });
  });
});
