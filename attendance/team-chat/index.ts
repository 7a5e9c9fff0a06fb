/** Attendants in a team_chat workspace (docs/channels/team-chat.md): the destination and what they write there. */
export { attendantByTeamChatUser, type TeamChatIdentity } from './attendant-by-team-chat-user.js';
export { createTeamChatDestination, type TeamChatNoticeFacts, type TeamChatPost, type TeamChatPoster } from './team-chat-destination.js';
export { commandLine, createTeamChatInbox, NOT_A_CONVERSATION, NOT_LINKED, type TeamChatInboxLine } from './team-chat-inbox.js';
