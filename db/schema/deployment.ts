import { sql } from 'drizzle-orm';
import { pgTable, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * This deployment's identity (docs/operations/high-availability.md, "Several deployments on one
 * Redis"): one row, written by the first start on this database and never changed. Its id names
 * the deployment's Redis prefix and stamps its jobs, so two deployments on one Redis never take
 * each other's work. The unique index on a constant keeps it to one row, whoever starts first.
 */
export const deployment = pgTable('deployment', {
  id: uuid('id').primaryKey(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, () => [uniqueIndex('deployment_one_row').on(sql`(true)`)]);
