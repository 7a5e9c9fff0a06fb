import { customType, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { bots } from './bots.js';

/** PostgreSQL's full-text document type; written with `to_tsvector(config, content)`. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * The knowledge sources of a bot (docs/basic.md, "Knowledge base"): a collection of its .gbkb
 * folder (USE KB) or a crawled website (USE WEBSITE). `fingerprint` tells whether the indexed
 * chunks still match the source (the folder's files, or the crawl's time for a site).
 */
export const knowledgeSources = pgTable(
  'knowledge_sources',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bot_id: uuid('bot_id').notNull().references(() => bots.id, { onDelete: 'cascade' }),
    /** The collection's name, or the site's URL. */
    source: text('source').notNull(),
    /** `kb` or `website`. */
    kind: text('kind').notNull(),
    fingerprint: text('fingerprint').notNull(),
    /** The text search configuration the chunks were indexed with (config `kb-language`). */
    language: text('language').notNull(),
    indexed_at: timestamp('indexed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('knowledge_sources_bot_source_idx').on(t.bot_id, t.source)],
);

/** The passages of a source, each searchable by PostgreSQL full-text search (GIN index). */
export const knowledgeChunks = pgTable(
  'knowledge_chunks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    source_id: uuid('source_id').notNull().references(() => knowledgeSources.id, { onDelete: 'cascade' }),
    /** Where the passage comes from: the file's path in the collection, or the page's URL. */
    document: text('document').notNull(),
    title: text('title').notNull(),
    position: integer('position').notNull(),
    content: text('content').notNull(),
    search: tsvector('search').notNull(),
  },
  (t) => [index('knowledge_chunks_source_idx').on(t.source_id), index('knowledge_chunks_search_idx').using('gin', t.search)],
);
