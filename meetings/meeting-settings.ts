/**
 * A bot's meeting settings from its config.csv (docs/meetings.md, "Settings"): the rtc provider
 * when `rtc-url`, `rtc-api-key` and `rtc-api-secret` are all set, the embedded one otherwise;
 * `rtc-room-prefix`, the TURN relay, recording and transcription switches, and speech to text
 * through `voice-models-url`. Providers are built once per bot.
 */
import type { BotConfig } from '../config/index.js';
import type { IceServer, MeetingProvider, MeetingSettings } from './ports.js';
import { createEmbeddedProvider, type EmbeddedTokens } from './providers/embedded-provider.js';
import { createRtcProvider, type RtcSettings } from './providers/rtc-provider.js';

export interface MeetingSettingsDeps {
  config(botId: string): BotConfig | undefined;
  defaults: BotConfig;
  tokens: EmbeddedTokens;
  /** Speech to text for a bot's config (voice-models-url), undefined without one. */
  speechFor(config: BotConfig): MeetingSettings['speech'];
}

/** The rtc server of a config, when all three settings are there. */
export function rtcSettingsOf(config: BotConfig): RtcSettings | undefined {
  const url = config['rtc-url'];
  const apiKey = config['rtc-api-key'];
  const apiSecret = config['rtc-api-secret'];
  return url && apiKey && apiSecret ? { url, apiKey, apiSecret, allowPrivateNetworks: config['http-allow-private-networks'] } : undefined;
}

export function createMeetingSettings(deps: MeetingSettingsDeps): (botId: string | null) => MeetingSettings {
  const embedded = createEmbeddedProvider(deps.tokens);
  const rtcProviders = new Map<string, MeetingProvider>();
  return (botId) => {
    const config = (botId && deps.config(botId)) || deps.defaults;
    const rtc = rtcSettingsOf(config);
    let provider = embedded;
    if (rtc) {
      const key = `${rtc.url} ${rtc.apiKey} ${rtc.allowPrivateNetworks}`;
      provider = rtcProviders.get(key) ?? createRtcProvider(rtc);
      rtcProviders.set(key, provider);
    }
    const speech = deps.speechFor(config);
    return {
      provider,
      roomPrefix: config['rtc-room-prefix'],
      maxParticipants: config['rtc-max-participants'],
      recordingEnabled: config['rtc-recording-enabled'],
      storageBucket: config['rtc-storage-bucket'],
      transcriptionEnabled: config['rtc-transcription-enabled'],
      transcriptionLanguage: config['transcription-language'],
      iceServers: iceServersOf(config),
      ...(speech ? { speech } : {}),
    };
  };
}

function iceServersOf(config: BotConfig): IceServer[] {
  const url = config['rtc-turn-url'];
  if (!url) return [];
  return [{
    urls: url,
    ...(config['rtc-turn-username'] ? { username: config['rtc-turn-username'] } : {}),
    ...(config['rtc-turn-credential'] ? { credential: config['rtc-turn-credential'] } : {}),
  }];
}
