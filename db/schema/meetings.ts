import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bots } from './bots.js';
import { users } from './users.js';

/** Where a room's media flows: the embedded peer-to-peer mesh or a LiveKit-compatible server (docs/meetings.md). */
export const MEETING_PROVIDERS = ['embedded', 'rtc'] as const;
export type MeetingProviderKind = (typeof MEETING_PROVIDERS)[number];

/** `video` rooms carry camera and screen; `audio` rooms (`/call`) microphones only. */
export const MEETING_MEDIA = ['video', 'audio'] as const;
export type MeetingMedia = (typeof MEETING_MEDIA)[number];

/**
 * A real-time room (docs/meetings.md, "Rooms"). `name` is the provider's room name (`rtc-room-prefix` and a
 * random part, so a join link cannot be guessed); a room past `expires_at` or `ended_at` refuses
 * its link (410) and its tokens. `session_id` ties the room to the attendance conversation that
 * started it (`/video`, CREATE MEETING).
 */
export const meetingRooms = pgTable(
  'meeting_rooms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Unique in its tenant (migration 0036).
    name: text('name').notNull(),
    bot_id: uuid('bot_id').references(() => bots.id, { onDelete: 'cascade' }),
    // No foreign key: CREATE MEETING makes the room while the turn that may create the session is still running.
    session_id: uuid('session_id'),
    conversation_id: uuid('conversation_id'),
    provider: text('provider').$type<MeetingProviderKind>().notNull(),
    media: text('media').$type<MeetingMedia>().notNull().default('video'),
    title: text('title').notNull(),
    type: text('type').notNull().default('support'),
    max_participants: integer('max_participants').notNull(),
    recording: boolean('recording').notNull().default(false),
    transcription: boolean('transcription').notNull().default(false),
    /** `started` while speech-to-text runs; `stopped` after; null when never asked. */
    transcription_status: text('transcription_status'),
    /** The text the speech service made of the recorded audio. */
    transcript: text('transcript'),
    /** Invited addresses (emails, phone numbers, user ids). */
    participants: jsonb('participants').$type<string[]>().notNull().default([]),
    created_by: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** When two participants were first connected (the call took place). */
    started_at: timestamp('started_at', { withTimezone: true }),
    ended_at: timestamp('ended_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('meeting_rooms_session_idx').on(t.session_id), index('meeting_rooms_created_idx').on(t.created_at)],
);

/**
 * A conversation between users of the product (`/api/meet/conversations`, docs/meetings.md): its members
 * and the room of the call running in it, if any.
 */
export const meetingConversations = pgTable('meeting_conversations', {
  id: uuid('id').primaryKey().defaultRandom(),
  title: text('title').notNull(),
  members: jsonb('members').$type<string[]>().notNull().default([]),
  created_by: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
