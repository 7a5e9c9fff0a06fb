/** The team_chat destination's wire (docs/channels/team-chat.md): signatures, Block Kit notices, the Web API client, the request URLs. */
export { escapeMrkdwn, noticeMessage, TAKE_ACTION_ID, type TeamChatNotice } from './team-chat-blocks.js';
export { createTeamChatClient, type TeamChatClient, type TeamChatThread, type TeamChatUser } from './team-chat-client.js';
export type { TeamChatSettings } from './team-chat-settings.js';
export { SIGNATURE_WINDOW_SECONDS, signTeamChatRequest, verifyTeamChatSignature } from './team-chat-signature.js';
export {
  createTeamChatWebhooks, TEAM_CHAT_EVENTS,
  type TeamChatEvent, type TeamChatInbox, type TeamChatLine, type TeamChatRequest, type TeamChatWebhooks,
} from './team-chat-webhooks.js';
