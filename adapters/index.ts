import type { Channel, ChannelAdapter, DeliveryStatusUpdate, VoiceModels } from '../engine/index.js';
import type { Logger } from '../infra/logger.js';
import { createBotMsgAdapter, type BotMsgAdapter, type BotMsgAdapterDeps } from './bot-msg/index.js';
import { createSmsAdapter, type SmsAdapter, type SmsAdapterDeps } from './sms/index.js';
import { createGraphAdapter, GRAPH_CHANNELS, type GraphAdapter, type GraphChannel, type GraphRetryPolicy, type GraphSettingsOf } from './graph/index.js';
import { createWebAdapter, type VisitorLinkReader, type VisitorTokens, type WebAdapterOptions } from './web/index.js';
import { createWorkchatAdapter, type WorkchatAdapter, type WorkchatAdapterDeps } from './workchat/index.js';
import { createRtcSipAdapter, type RtcSipAdapter } from './rtc-sip/index.js';

/** Channel adapters: each channel's implementation of the engine's contract (engine/channel-contract.ts), and the one map of them. */
export {
  createVisitorTokens, createWebAdapter, createWebChannel, DEFAULT_WEB_RATE_LIMIT, WEB_ATTACHMENTS_MAX, WEB_UPLOAD_MAX_BYTES, webUploadTooLarge,
  type TranscriptRow, type VisitorCalls, type VisitorClaims, type VisitorLinkReader, type VisitorTokens, type WebAttachmentRef, type WebChannel, type WebChannelDeps,
  type WebMessageBody, type WebUpload, type WebUploadDeps, type WebUploadRequest,
} from './web/index.js';

/** The Graph-style family: mobile_msg, social_dm and page_msg (docs/channels/README.md). */
export {
  createChannelMediaFetcher, MEDIA_MAX_BYTES, type ChannelMediaFetcher, createMobileMsgScreen, VOICE_NOT_UNDERSTOOD, createProfileScreen,
  createGraphAdapter, GRAPH_CHANNELS, GraphApiError, mediaPath, signHubPayload, verifyHubSignature,
  type GraphAdapter, type GraphChannel, type GraphChannelSettings, type GraphFile, type GraphSettingsOf, type GraphRetryPolicy, type ParsedWebhook,
} from './graph/index.js';
export { createChannelWebhooks, type ChannelWebhooks, type WebhookRequest } from './channel-webhooks.js';

export {
  AGENT_COMMAND_REASON, BOT_MSG_UPDATE_TYPES, botMsgWebhookInfo, botMsgWebhookUrl, connectBotMsgWebhook, createBotMsgAdapter, createBotMsgScreen,
  type BotMsgAdapter, type BotMsgAdapterDeps, type BotMsgSettings, type BotMsgSettingsOf,
} from './bot-msg/index.js';
export { createSmsAdapter, type SmsAdapter, type SmsAdapterDeps, type SmsOptOuts, type SmsSettings, type SmsSettingsOf } from './sms/index.js';
/** The workchat channel and its attendant side (docs/channels/workchat.md). */
export {
  checkWorkchatSettings, createWorkchatAdapter, createWorkchatDesk, createWorkchatScreen, createWorkchatVoiceScreen,
  type DeskAttendant, type WorkchatAdapter, type WorkchatAdapterDeps, type WorkchatConversationStore, type WorkchatLoadCheck, type WorkchatSettings,
} from './workchat/index.js';

/** Every configured adapter by channel; the engine's outbox delivers through it, webhook routes receive through it. */
export type ChannelAdapters = { readonly [C in Channel]?: ChannelAdapter } & {
  readonly web: ChannelAdapter;
  readonly bot_msg?: BotMsgAdapter;
  readonly sms?: SmsAdapter;
  readonly workchat?: WorkchatAdapter;
  readonly rtc_sip?: RtcSipAdapter;
};

/** What the adapters need to be built; a provider channel without its deps has no adapter. */
export interface ChannelAdapterDeps {
  visitorTokens: VisitorTokens;
  /** The drive links web visitors attach their uploads by (content/files/drive-links.ts); without them the web channel takes no attachment. */
  webDriveLinks?: VisitorLinkReader;
  /** A bot's drive, where the web visitors' uploads are kept (HEAR's media types read them there). */
  webDrive?: (bot: string) => { read(path: string): Promise<Buffer | undefined> } | undefined;
  /** Speaks the web channel's messages sent outside the visitor's turns (an attendant's reply under `/voice on`). */
  webSpeech?: WebAdapterOptions['speech'];
  /** Each bot's settings (by name or id) of each Graph-style channel, mapped from its config at the composition root. */
  graphSettings?: GraphSettingsOf;
  /** Applies a provider's delivery receipt (the engine's createDeliveryReceipts). */
  deliveryStatus?: (update: DeliveryStatusUpdate) => Promise<unknown>;
  logger?: Logger;
  /** For tests: a faster retry policy for provider calls. */
  graphRetry?: GraphRetryPolicy;
  /** A bot's voice service, by id or name (spoken replies on mobile_msg, bot_msg and workchat). */
  voiceFor?: (bot: string) => VoiceModels | undefined;
  botMsg?: BotMsgAdapterDeps;
  sms?: SmsAdapterDeps;
  workchat?: WorkchatAdapterDeps;
  /** Whether a bot answers phone calls (`sip-enabled`, docs/channels/rtc-sip.md). */
  rtcSip?: { isEnabled(bot: string): boolean };
}

/**
 * The single map of channel adapters . `extra` adds or replaces adapters by
 * channel, for tests that register their own (for example an `sms` adapter that records sends).
 */
export function createChannelAdapters(deps: ChannelAdapterDeps, extra: readonly ChannelAdapter[] = []): ChannelAdapters {
  const adapters: { [C in Channel]?: ChannelAdapter } = {
    web: createWebAdapter({
      tokens: deps.visitorTokens, ...(deps.webDriveLinks ? { driveLinks: deps.webDriveLinks } : {}), ...(deps.webDrive ? { drive: deps.webDrive } : {}),
      ...(deps.webSpeech ? { speech: deps.webSpeech } : {}),
    }),
  };
  const { graphSettings } = deps;
  if (graphSettings) {
    // Always present; each is on or off per bot (its -enabled key and credentials), and off answers 404.
    for (const channel of GRAPH_CHANNELS) {
      adapters[channel] = createGraphAdapter(channel, {
        settings: (bot) => graphSettings(channel, bot),
        ...(deps.graphRetry ? { retry: deps.graphRetry } : {}),
        ...(deps.voiceFor ? { voiceFor: deps.voiceFor } : {}),
        ...(deps.deliveryStatus ? { deliveryStatus: deps.deliveryStatus } : {}),
        ...(deps.logger ? { logger: deps.logger } : {}),
      });
    }
  }
  // bot_msg and workchat speak replies with the bot's voice service (docs/basic.md, "Voice on each channel").
  const voice = deps.voiceFor ? { voiceFor: deps.voiceFor } : {};
  if (deps.botMsg) adapters.bot_msg = createBotMsgAdapter({ ...deps.botMsg, ...voice });
  if (deps.sms) adapters.sms = createSmsAdapter(deps.sms);
  if (deps.workchat) adapters.workchat = createWorkchatAdapter({ ...deps.workchat, ...voice });
  if (deps.rtcSip) adapters.rtc_sip = createRtcSipAdapter(deps.rtcSip);
  for (const adapter of extra) adapters[adapter.channel] = adapter;
  return adapters as ChannelAdapters;
}

/** The Graph-style adapter of a channel, when the map has one. */
export function graphAdapterOf(adapters: ChannelAdapters, channel: string): GraphAdapter | undefined {
  return (GRAPH_CHANNELS as readonly string[]).includes(channel) ? (adapters[channel as GraphChannel] as GraphAdapter | undefined) : undefined;
}

/** The adapters of the map as a list, for registering them with the engine's channel registry. */
export function listChannelAdapters(adapters: ChannelAdapters): ChannelAdapter[] {
  return Object.values(adapters).filter((a): a is ChannelAdapter => a !== undefined);
}
/** The team_chat destination's wire (docs/channels/team-chat.md). */
export {
  createTeamChatClient, createTeamChatWebhooks, signTeamChatRequest, TEAM_CHAT_EVENTS,
  type TeamChatClient, type TeamChatEvent, type TeamChatInbox, type TeamChatLine, type TeamChatNotice, type TeamChatRequest,
  type TeamChatSettings, type TeamChatThread, type TeamChatUser, type TeamChatWebhooks,
} from './team-chat/index.js';
/** Phone calls: the rtc_sip channel (docs/channels/rtc-sip.md). */
export {
  startRtcSipChannel, type CallPorts, type CallTrunk, type RtcSipAdapter, type RtcSipBotSettings, type RtcSipChannel, type RtcSipChannelOptions, type Voicemail,
} from './rtc-sip/index.js';
export type { OutboundCallRequest, OutboundCalls, OutboundCallSettings, OutboundCallState } from './rtc-sip/index.js';
export { createAttendantCalls, type AttendantCalls, type AttendantCallState } from './rtc-sip/index.js';
/** The calls of every instance, shared through the database (docs/operations/kamailio.md). */
export {
  startCallSharing, type CallHolder, type CallInstance, type CallRegistry, type CallSharing, type DroppedCall, type RegisteredCall, type TakenCall,
} from './rtc-sip/index.js';
export { createCallControl, type CallFact, type RtcSipCallControl } from './rtc-sip/index.js';
export { startDeliveryRelay, type DeliveryRelay } from './rtc-sip/index.js';
export type { LiveCall, LiveCalls } from './rtc-sip/index.js';
