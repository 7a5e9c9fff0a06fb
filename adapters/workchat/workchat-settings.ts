/**
 * What the workchat channel needs of one bot (config keys `workchat-*`,
 * docs/channels/workchat.md), built by the composition root. `undefined` means the channel is off for the bot and its webhook
 * answers 404.
 */
export interface WorkchatSettings {
  /** The app registration's id: the audience of the provider's tokens. Empty: tokens are not checked (development only). */
  appId: string | undefined;
  appPassword: string | undefined;
  tenantId: string | undefined;
  botId: string | undefined;
  /** Where the provider's signing keys and issuer are published. */
  openidMetadataUrl: string;
  /** Where the bot gets its own token for calls to the connector. */
  tokenUrl: string;
  /**
   * The bot's `http-allow-private-networks`: whether the connector (the conversations' service
   * URLs), the token URL and the OpenID metadata may be on loopback or a private network.
   */
  allowPrivateNetworks: boolean;
  /** `workchat-voice-enabled`: audio attachments are transcribed and replies marked to be spoken go out as audio too. */
  voiceEnabled: boolean;
  /** `workchat-meeting-enabled`: a meeting's join link goes out as an Adaptive Card with a join button. */
  meetingEnabled: boolean;
}

/** The settings of each bot by name; undefined when the channel is off for it. */
export type WorkchatSettingsOf = (bot: string) => WorkchatSettings | undefined;

/** Why a bot's workchat settings keep it from loading (in production), or warrant a loud warning. */
export type WorkchatLoadCheck = { kind: 'ok' } | { kind: 'refuse' | 'warn'; message: string };

/**
 * docs/channels/workchat.md, "Security": with workchat on and no app id, any token (or none) is accepted, so such a bot must
 * not load in production; elsewhere (the provider's emulator) it loads with a loud warning.
 */
export function checkWorkchatSettings(settings: WorkchatSettings | undefined, production: boolean): WorkchatLoadCheck {
  if (!settings || settings.appId) return { kind: 'ok' };
  const message = 'workchat is enabled with an empty workchat-app-id: every request to its webhook is accepted without a token';
  return production ? { kind: 'refuse', message: `${message}; set workchat-app-id or workchat-enabled=false` } : { kind: 'warn', message };
}
