import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from './connection.js';
import { knowledgeChunks, knowledgeSources } from './schema/index.js';

/** A source as indexed: what tells whether it is stale, and how much it holds. */
export interface IndexedSource {
  source: string;
  kind: string;
  fingerprint: string;
  language: string;
  indexed_at: Date;
  documents: number;
  chunks: number;
}

/** One passage to index. */
export interface NewChunk {
  document: string;
  title: string;
  position: number;
  content: string;
}

/** A passage found by a search, best first. */
export interface FoundChunk extends NewChunk {
  source: string;
  rank: number;
}

/** Inserts per statement: well below PostgreSQL's 65,535 parameters. */
const BATCH = 500;

/**
 * The only code that queries the knowledge base (db/schema/knowledge.ts): sources replaced whole,
 * and full-text search over their chunks (`to_tsvector` / `to_tsquery` with the source's text
 * search configuration, ranked by `ts_rank`; the GIN index answers `@@`).
 */
export function createKnowledgeRepo(db: Database) {
  return {
    async find(botId: string, source: string): Promise<IndexedSource | undefined> {
      const [row] = await db.select().from(knowledgeSources).where(and(eq(knowledgeSources.bot_id, botId), eq(knowledgeSources.source, source)));
      if (!row) return undefined;
      const [counted] = await db.select({ chunks: count(), documents: sql<number>`count(distinct ${knowledgeChunks.document})::int` })
        .from(knowledgeChunks).where(eq(knowledgeChunks.source_id, row.id));
      return { ...row, chunks: counted?.chunks ?? 0, documents: counted?.documents ?? 0 };
    },

    /** Replaces the source's chunks in one transaction: a search sees the old passages or the new ones. */
    async replace(input: { bot_id: string; source: string; kind: string; fingerprint: string; language: string; chunks: readonly NewChunk[] }): Promise<void> {
      await db.transaction(async (tx) => {
        const values = { bot_id: input.bot_id, source: input.source, kind: input.kind, fingerprint: input.fingerprint, language: input.language, indexed_at: new Date() };
        const [row] = await tx.insert(knowledgeSources).values(values)
          .onConflictDoUpdate({ target: [knowledgeSources.bot_id, knowledgeSources.source], set: values })
          .returning({ id: knowledgeSources.id });
        const sourceId = row!.id;
        await tx.delete(knowledgeChunks).where(eq(knowledgeChunks.source_id, sourceId));
        for (let i = 0; i < input.chunks.length; i += BATCH) {
          await tx.insert(knowledgeChunks).values(input.chunks.slice(i, i + BATCH).map((c) => ({
            ...c, source_id: sourceId, search: sql`to_tsvector(${input.language}::regconfig, ${c.content})`,
          })));
        }
      });
    },

    /** Every source of the bot with its documents, passages and bytes of text (the KB statistics keywords). */
    async stats(botId: string): Promise<(IndexedSource & { bytes: number })[]> {
      return db.select({
        source: knowledgeSources.source, kind: knowledgeSources.kind, fingerprint: knowledgeSources.fingerprint,
        language: knowledgeSources.language, indexed_at: knowledgeSources.indexed_at,
        chunks: sql<number>`count(${knowledgeChunks.id})::int`,
        documents: sql<number>`count(distinct ${knowledgeChunks.document})::int`,
        bytes: sql<number>`coalesce(sum(octet_length(${knowledgeChunks.content})), 0)::bigint`.mapWith(Number),
      })
        .from(knowledgeSources)
        .leftJoin(knowledgeChunks, eq(knowledgeChunks.source_id, knowledgeSources.id))
        .where(eq(knowledgeSources.bot_id, botId))
        .groupBy(knowledgeSources.id)
        .orderBy(knowledgeSources.source);
    },

    /** The passages of `sources` matching any of `terms` (plain words), best first. */
    async search(input: { bot_id: string; sources: readonly string[]; terms: readonly string[]; limit: number }): Promise<FoundChunk[]> {
      if (input.sources.length === 0 || input.terms.length === 0) return [];
      const query = sql`to_tsquery(${knowledgeSources.language}::regconfig, ${input.terms.join(' | ')})`;
      const rank = sql<number>`ts_rank(${knowledgeChunks.search}, ${query})`;
      return db.select({
        source: knowledgeSources.source, document: knowledgeChunks.document, title: knowledgeChunks.title,
        position: knowledgeChunks.position, content: knowledgeChunks.content, rank,
      })
        .from(knowledgeChunks)
        .innerJoin(knowledgeSources, eq(knowledgeSources.id, knowledgeChunks.source_id))
        .where(and(eq(knowledgeSources.bot_id, input.bot_id), inArray(knowledgeSources.source, [...input.sources]), sql`${knowledgeChunks.search} @@ ${query}`))
        .orderBy(desc(rank), knowledgeChunks.document, knowledgeChunks.position)
        .limit(input.limit);
    },
  };
}

export type KnowledgeRepo = ReturnType<typeof createKnowledgeRepo>;
