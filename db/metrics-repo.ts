import { and, count, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from './connection.js';
import { attendanceConversations, bots, messages, outbox } from './schema/index.js';

/** Outbox states the metrics watch: rows waiting for delivery and rows given up on. */
const WATCHED_OUTBOX_STATES = ['pending', 'failed'] as const;

/**
 * The read-only counts `/metrics` computes when it is scraped (docs/metrics.md). Both queries
 * read through the status indexes (`attendance_conversations_status_priority_idx`,
 * `outbox_pending_idx`), so a scrape costs the same however many conversations and delivered
 * rows the tables keep.
 */
export function createMetricsRepo(db: Database) {
  const t = attendanceConversations;
  return {
    /** Waiting conversations per bot name; every bot appears, with 0 when nothing waits. */
    async countWaiting(): Promise<{ bot: string; waiting: number }[]> {
      return db.select({ bot: bots.name, waiting: count(t.session_id) }).from(bots)
        .leftJoin(t, and(eq(t.bot_id, bots.id), eq(t.status, 'waiting')))
        .groupBy(bots.name).orderBy(bots.name);
    },

    /** Outbox rows per channel in the pending and failed states; combinations without rows are absent. */
    async outboxCounts(): Promise<{ channel: string; state: (typeof WATCHED_OUTBOX_STATES)[number]; count: number }[]> {
      const rows = await db.select({ channel: outbox.channel, state: outbox.state, count: count() }).from(outbox)
        .where(inArray(outbox.state, [...WATCHED_OUTBOX_STATES])).groupBy(outbox.channel, outbox.state);
      return rows.filter((r): r is typeof r & { state: (typeof WATCHED_OUTBOX_STATES)[number] } => r.state !== 'delivered');
    },

    /**
     * QUERY METRICS of a bot script (docs/basic.md, "QUERY METRICS"): its transcript's messages, or
     * the distinct conversations with a message (`active_sessions`), in buckets of `step` seconds from
     * `from` up to `to`; a bucket without any is absent.
     */
    async conversationCounts(input: { bot_id: string; metric: 'messages' | 'active_sessions'; from: Date; to: Date; step_seconds: number }): Promise<{ bucket: number; count: number }[]> {
      const bucket = sql<number>`floor(extract(epoch from (${messages.created_at} - ${input.from.toISOString()}::timestamptz)) / ${input.step_seconds})::int`;
      const counted = input.metric === 'messages' ? sql<number>`count(*)::int` : sql<number>`count(distinct ${messages.session_id})::int`;
      return db.select({ bucket, count: counted }).from(messages)
        .where(and(eq(messages.bot_id, input.bot_id), gte(messages.created_at, input.from), lt(messages.created_at, input.to)))
        // By position: the bucket's expression holds parameters, which PostgreSQL does not match between SELECT and GROUP BY.
        .groupBy(sql`1`).orderBy(sql`1`);
    },
  };
}

export type MetricsRepo = ReturnType<typeof createMetricsRepo>;
