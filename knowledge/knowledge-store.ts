/** A source as indexed: what tells whether it is stale, and how much it holds. */
export interface StoredSource {
  fingerprint: string;
  language: string;
  indexed_at: Date;
  documents: number;
  chunks: number;
}

/** One passage of a document, as indexed and as found. */
export interface Passage {
  /** The collection's name or the site's URL. */
  source: string;
  /** The file's path in the collection, or the page's URL: what a citation names. */
  document: string;
  title: string;
  position: number;
  content: string;
  /** How well a found passage matches the question (`ts_rank`); higher is better. */
  rank?: number;
}

/**
 * Where the knowledge base keeps its sources and passages, with full-text search
 * (db/knowledge-repo.ts; given by the composition root).
 */
export interface KnowledgeStore {
  find(botId: string, source: string): Promise<StoredSource | undefined>;
  replace(input: { bot_id: string; source: string; kind: 'kb' | 'website'; fingerprint: string; language: string; chunks: readonly Omit<Passage, 'source'>[] }): Promise<void>;
  /** Passages of `sources` matching any of `terms`, best first. */
  search(input: { bot_id: string; sources: readonly string[]; terms: readonly string[]; limit: number }): Promise<Passage[]>;
}
