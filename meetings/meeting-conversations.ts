/**
 * Calls between users of the product (`/api/meet/conversations`): a conversation has members;
 * joining adds the caller; starting a call opens a room tied to it that only members may start.
 */
import type { MeetingConversationRow, MeetingMedia, MeetingRoomRow } from '../db/index.js';
import { ForbiddenError, NotFoundError } from '../infra/errors.js';
import { createMeeting } from './create-meeting.js';
import type { MeetingsContext } from './meetings-context.js';

export async function createConversation(ctx: MeetingsContext, input: { title: string; members: string[]; created_by: string }): Promise<MeetingConversationRow> {
  return ctx.repo.insertConversation({ title: input.title, members: [...new Set([input.created_by, ...input.members])], created_by: input.created_by });
}

export async function joinConversation(ctx: MeetingsContext, id: string, userId: string): Promise<MeetingConversationRow> {
  const found = await ctx.repo.findConversation(id);
  if (!found) throw new NotFoundError(`No conversation ${id}`, 'conversation_not_found');
  return (await ctx.repo.addMember(id, userId))!;
}

export async function startConversationCall(
  ctx: MeetingsContext,
  input: { id: string; userId: string; media?: MeetingMedia; expires_in?: number; bot?: string },
): Promise<MeetingRoomRow> {
  const conversation = await ctx.repo.findConversation(input.id);
  if (!conversation) throw new NotFoundError(`No conversation ${input.id}`, 'conversation_not_found');
  if (!conversation.members.includes(input.userId)) throw new ForbiddenError('Only members of the conversation may start its call; join it first');
  return createMeeting(ctx, {
    title: conversation.title, type: 'conversation', conversation_id: conversation.id, created_by: input.userId,
    participants: conversation.members, max_participants: Math.max(2, Math.min(conversation.members.length, 6)),
    ...(input.media ? { media: input.media } : {}), ...(input.expires_in ? { expires_in: input.expires_in } : {}), ...(input.bot ? { bot: input.bot } : {}),
  });
}
