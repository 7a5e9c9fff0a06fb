import { bigint, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { sessions } from './sessions.js';

/**
 * Domain events of the engine (engine/domain-events.ts), written in the transaction of the turn
 * that caused them and handed to subscribers by a job afterwards: an event is never lost by a
 * crash between the commit and its handling, and start-up hands out what is still pending.
 */
export const engineEvents = pgTable(
  'engine_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Order of handling within a session. */
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    session_id: uuid('session_id').notNull().references(() => sessions.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    state: text('state', { enum: ['pending', 'done', 'failed'] }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    last_error: text('last_error'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    handled_at: timestamp('handled_at', { withTimezone: true }),
  },
  (t) => [index('engine_events_pending_idx').on(t.session_id, t.seq).where(sql`state = 'pending'`)],
);
