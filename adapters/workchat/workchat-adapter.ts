import type { ConnectorClient } from '@microsoft/agents-hosting';
import {
  PermanentDeliveryError, speakReply, type ChannelAdapter, type ChannelRequest, type DeliveryReceipt, type InboundMessage, type OutboundMessage,
  type VoiceModels,
} from '../../engine/index.js';
import type { Logger } from '../../infra/logger.js';
import { outboundPool } from '../../infra/outbound-pool.js';
import { fetchProviderFile } from '../fetch-provider-file.js';
import { meetingLinkOf } from '../meeting-link.js';
import { refusedDelivery } from '../refused-delivery.js';
import { readActivity, type WorkchatActivity } from './activity-schema.js';
import { createConnectorTokens, type ConnectorTokens } from './connector-token.js';
import type { WorkchatConversationRef, WorkchatConversationStore } from './conversation-store.js';
import { parseActivity } from './parse-activity.js';
import { audioAttachment, meetingCard, renderActivity, type ActivityContent } from './render-activity.js';
import type { WorkchatSettings, WorkchatSettingsOf } from './workchat-settings.js';
import { createTokenVerifier, type TokenVerifier } from './verify-token.js';

/** What the workchat adapter is built from. */
export interface WorkchatAdapterDeps {
  settingsOf: WorkchatSettingsOf;
  conversations: WorkchatConversationStore;
  /** The bot (its name) a session belongs to: an outbound message names only its session. */
  botOfSession(sessionId: string): Promise<string | undefined>;
  logger: Logger;
  now?: () => Date;
  /** For tests: the token checks and the connector tokens (defaults: created here). */
  verifier?: TokenVerifier;
  tokens?: ConnectorTokens;
  /** The bot's voice service (by name), for spoken replies (`workchat-voice-enabled`). */
  voiceFor?: (bot: string) => VoiceModels | undefined;
}

/** The workchat adapter, with the hooks of the webhook door it uses and the sends attendance needs. */
export interface WorkchatAdapter extends ChannelAdapter {
  isEnabled(bot: string): boolean;
  handleNotices(req: ChannelRequest): Promise<void>;
  parse(req: ChannelRequest): InboundMessage[];
  /** Posts an activity to a stored conversation of the bot (attendant notices and answers). */
  post(bot: string, conversationId: string, content: ActivityContent): Promise<DeliveryReceipt>;
  /** A file the customer sent, fetched with the bot's connector token (HEAR's media types, voice messages). */
  fetchAttachment: NonNullable<ChannelAdapter['fetchAttachment']>;
  /** The e-mail of a member of a conversation, as the connector tells it; undefined when it does not. */
  memberEmail(bot: string, conversationId: string, userId: string): Promise<string | undefined>;
}

/**
 * The `workchat` channel: Bot Framework activities through @microsoft/agents-hosting
 * (docs/channels/workchat.md).
 * - `verify`: the bearer token (verify-token.ts); a bot with no app id accepts every request,
 *   which only a development start allows (workchat-settings.ts);
 * - `handleNotices`: every activity's conversation reference is stored; a `conversationUpdate`
 *   that removes the bot forgets it;
 * - `parse`: message activities (parse-activity.ts);
 * - `send`: to the stored conversation's `serviceUrl` through the library's ConnectorClient, with
 *   a token from `workchat-token-url` (connector-token.ts); errors through callConnector; with
 *   `workchat-voice-enabled`, a reply marked to be spoken carries its audio as an attachment (a
 *   failed synthesis is logged and the text goes alone);
 * - `post` (every activity, attendants' too): with `workchat-meeting-enabled`, a text holding a
 *   meeting's join link goes as an Adaptive Card with a "Join video call" button;
 * - `fetchAttachment`: the connector's files with that token (HEAR's media types).
 * Every call (connector, token, keys, files) goes through the outbound door under the bot's
 * `http-allow-private-networks` (docs/architecture.md, "Outbound requests"); a refused one fails
 * the delivery for good, saying so.
 */
export function createWorkchatAdapter(deps: WorkchatAdapterDeps): WorkchatAdapter {
  const now = deps.now ?? (() => new Date());
  const verifyToken = deps.verifier ?? createTokenVerifier();
  const tokenFor = deps.tokens ?? createConnectorTokens();

  // Without credentials (the provider's emulator) the connector is called without a token.
  const connectorToken = ({ appId, appPassword, tokenUrl, allowPrivateNetworks }: WorkchatSettings): Promise<string> =>
    appId && appPassword ? tokenFor({ appId, appPassword, tokenUrl, allowPrivateNetworks }) : Promise.resolve('');
  const clientFor = async (settings: WorkchatSettings, serviceUrl: string): Promise<ConnectorClient> => {
    const { guardedConnectorClient } = await import('./connector-library.js');
    return guardedConnectorClient(serviceUrl, await connectorToken(settings), outboundPool({ allowPrivateNetworks: settings.allowPrivateNetworks }).fetch);
  };
  const reach = async (bot: string, conversationId: string): Promise<{ settings: WorkchatSettings; ref: WorkchatConversationRef }> => {
    const settings = deps.settingsOf(bot);
    if (!settings) throw new PermanentDeliveryError(`the workchat channel is off for bot "${bot}"`);
    const ref = await deps.conversations.find(bot, conversationId);
    if (!ref) throw new PermanentDeliveryError(`no workchat conversation ${conversationId} is known for bot "${bot}"`, { unreachable: true });
    return { settings, ref };
  };

  const post = async (bot: string, conversationId: string, given: ActivityContent): Promise<DeliveryReceipt> => {
    const { settings, ref } = await reach(bot, conversationId);
    const content = settings.meetingEnabled ? withMeetingCard(given) : given;
    const { Activity, callConnector } = await import('./connector-library.js');
    const client = await clientFor(settings, ref.service_url).catch((error: unknown) => {
      throw refusedDelivery('workchat', error) ?? error;
    });
    const activity = Activity.fromObject({
      type: 'message', ...content, channelId: ref.channel_id, serviceUrl: ref.service_url,
      from: { id: ref.bot_account_id, ...(ref.bot_account_name ? { name: ref.bot_account_name } : {}) },
      conversation: { id: ref.conversation_id, ...(ref.tenant_id ? { tenantId: ref.tenant_id } : {}) },
      ...(ref.user_id ? { recipient: { id: ref.user_id, ...(ref.user_name ? { name: ref.user_name } : {}) } } : {}),
    });
    const sent = await callConnector(() => client.sendToConversation(ref.conversation_id, activity).catch((error: unknown) => {
      throw refusedDelivery('workchat', error) ?? error;
    }));
    return sent.id ? { provider_message_id: sent.id } : {};
  };

  return {
    channel: 'workchat',
    isEnabled: (bot) => deps.settingsOf(bot) !== undefined,
    async verify(req) {
      const settings = deps.settingsOf(req.bot);
      const activity = readActivity(req.body);
      if (!settings || !activity) return false;
      if (!settings.appId) return true;
      const claims = await verifyToken(headerOf(req, 'authorization'), {
        appId: settings.appId, openidMetadataUrl: settings.openidMetadataUrl, serviceUrl: activity.serviceUrl,
        allowPrivateNetworks: settings.allowPrivateNetworks,
      });
      return claims !== undefined;
    },
    async handleNotices(req) {
      const activity = readActivity(req.body);
      if (!activity) return;
      const removed = activity.membersRemoved?.some((m) => m.id === activity.recipient.id);
      if (activity.type === 'conversationUpdate' && removed) {
        await deps.conversations.remove(req.bot, activity.conversation.id);
        deps.logger.info({ bot: req.bot, conversation: activity.conversation.id }, 'workchat: the bot was removed from a conversation');
        return;
      }
      await deps.conversations.save(referenceOf(req.bot, activity));
      if (activity.membersAdded?.some((m) => m.id === activity.recipient.id)) {
        deps.logger.info({ bot: req.bot, conversation: activity.conversation.id }, 'workchat: the bot was added to a conversation');
      }
    },
    parse(req) {
      const activity = readActivity(req.body);
      const message = activity && parseActivity(activity, { bot: req.bot, now: now() });
      return message ? [message] : [];
    },
    async send(message: OutboundMessage): Promise<DeliveryReceipt> {
      const bot = await deps.botOfSession(message.session_id);
      if (bot === undefined) throw new PermanentDeliveryError(`no bot for session ${message.session_id}`);
      const content = renderActivity(message);
      const settings = deps.settingsOf(bot);
      // The audio rides in the same activity; a voice service that fails leaves the text to go alone.
      const audio = await speakReply(message, { models: deps.voiceFor?.(bot), channelSpeaks: settings?.voiceEnabled === true })
        .catch((error: unknown) => deps.logger.warn({ err: error, bot }, 'workchat: spoken reply not made; the text goes alone'));
      if (audio) content.attachments = [...(content.attachments ?? []), audioAttachment(audio)];
      return post(bot, message.to, content);
    },
    post,
    // HEAR's media types (docs/basic.md): a file the connector keeps opens only with the bot's
    // token, which goes only to the service URL of the conversation the file came from.
    async fetchAttachment(bot, attachment, maxBytes, conversationId) {
      const settings = deps.settingsOf(bot);
      const { url } = attachment;
      const ref = settings && url ? await deps.conversations.find(bot, conversationId) : undefined;
      if (!settings || !url || !ref || !isConnectorFile(url, ref.service_url)) return undefined;
      const token = await connectorToken(settings);
      return fetchProviderFile(url, token ? `Bearer ${token}` : undefined, maxBytes, attachment.mime_type, settings.allowPrivateNetworks);
    },
    async memberEmail(bot, conversationId, userId) {
      const { settings, ref } = await reach(bot, conversationId);
      if (ref.email) return ref.email;
      const client = await clientFor(settings, ref.service_url);
      const member = await client.getConversationMember(userId, conversationId) as { email?: unknown; userPrincipalName?: unknown };
      const email = typeof member.email === 'string' ? member.email : typeof member.userPrincipalName === 'string' ? member.userPrincipalName : undefined;
      if (email) await deps.conversations.setEmail(bot, conversationId, email);
      return email;
    },
  };
}

/** A text with a meeting's join link, and no cards of its own, gets the meeting's card. */
function withMeetingCard(content: ActivityContent): ActivityContent {
  const join = content.text ? meetingLinkOf(content.text) : undefined;
  if (!join || content.attachments?.some((a) => a.contentType === 'application/vnd.microsoft.card.adaptive')) return content;
  return { ...content, attachments: [meetingCard(content.text!, join), ...(content.attachments ?? [])] };
}

/** Where the activity's conversation is reached, and who is in it. */
function referenceOf(bot: string, activity: WorkchatActivity): Omit<WorkchatConversationRef, 'email' | 'attendant_user_id'> {
  return {
    bot, conversation_id: activity.conversation.id, service_url: activity.serviceUrl, channel_id: activity.channelId,
    tenant_id: activity.conversation.tenantId ?? activity.channelData?.tenant?.id ?? null,
    bot_account_id: activity.recipient.id, bot_account_name: activity.recipient.name ?? null,
    user_id: activity.from.id, user_name: activity.from.name ?? null, directory_id: activity.from.aadObjectId ?? null,
  };
}

/** `{serviceUrl}v3/attachments/{id}/views/{view}`: a file the connector keeps, such as an image pasted into the chat. */
function isConnectorFile(url: string, serviceUrl: string): boolean {
  const link = URL.canParse(url) ? new URL(url) : undefined;
  const service = new URL(serviceUrl);
  const root = service.pathname.endsWith('/') ? service.pathname : `${service.pathname}/`;
  return link?.origin === service.origin && link.pathname.startsWith(`${root}v3/attachments/`);
}

function headerOf(req: ChannelRequest, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
