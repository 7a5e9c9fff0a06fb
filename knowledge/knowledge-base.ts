import path from 'node:path';
import { chunkText } from './chunk-text.js';
import { crawlWebsite, normalizeSiteUrl, refreshInterval, type CrawlLimits, type FetchPage } from './crawl-website.js';
import type { KnowledgeStore, Passage, StoredSource } from './knowledge-store.js';
import { readCollection } from './read-collection.js';

/** A bot's knowledge settings (config `kb-language`, `kb-crawl-max-pages`, `kb-crawl-max-depth`). */
export interface KnowledgeSettings extends CrawlLimits {
  /** The PostgreSQL text search configuration (`english`, `portuguese`, `simple`…). */
  language: string;
}

export interface KnowledgeBaseDeps {
  store: KnowledgeStore;
  /** The bot's `<name>.gbkb` folder; undefined when the bot has no package folder. */
  kbFolder(botId: string): string | undefined;
  /** The bot's guarded HTTP client for crawling (its http-allow-private-networks applies). */
  fetchPage(botId: string): FetchPage;
  settings(botId: string): KnowledgeSettings;
  now?: () => Date;
}

/** How USE KB and USE WEBSITE report an indexed source. */
export interface IndexedSource {
  source: string;
  documents: number;
  chunks: number;
}

/** Passages given to the model for one question. */
const PASSAGES = 4;

/**
 * The knowledge base of USE KB and USE WEBSITE (docs/basic.md, "Knowledge base"): a collection
 * of the bot's .gbkb folder or a crawled site, chunked into passages in PostgreSQL full-text
 * search. A source is indexed when first used and again when stale (a collection's files changed;
 * a site older than its REFRESH interval); the same source indexed by two sessions at once is
 * indexed once. `search` finds the passages an LLM keyword answers from.
 */
export function createKnowledgeBase(deps: KnowledgeBaseDeps) {
  const now = deps.now ?? (() => new Date());
  const running = new Map<string, Promise<IndexedSource>>();
  const once = (key: string, work: () => Promise<IndexedSource>): Promise<IndexedSource> => {
    let pending = running.get(key);
    if (!pending) {
      pending = work().finally(() => running.delete(key));
      running.set(key, pending);
    }
    return pending;
  };
  const counts = (source: string, stored: StoredSource) => ({ source, documents: stored.documents, chunks: stored.chunks });

  async function useCollection(botId: string, name: string): Promise<IndexedSource> {
    const collection = name.trim();
    if (collection === '' || /[\\/]|^\.\.?$/.test(collection)) throw new Error(`USE KB: "${name}" is not a collection name (a folder of the bot's .gbkb)`);
    const root = deps.kbFolder(botId);
    const content = root === undefined ? undefined : await readCollection(path.join(root, collection));
    if (!content) throw new Error(`USE KB: there is no collection "${collection}" in the bot's .gbkb folder`);
    const { language } = deps.settings(botId);
    const stored = await deps.store.find(botId, collection);
    if (stored?.fingerprint === content.fingerprint && stored.language === language) return counts(collection, stored);
    const chunks = content.documents.flatMap((d) => chunkText(d.text).map((text, position) => ({ document: d.path, title: d.title, position, content: text })));
    await deps.store.replace({ bot_id: botId, source: collection, kind: 'kb', fingerprint: content.fingerprint, language, chunks });
    return { source: collection, documents: content.documents.length, chunks: chunks.length };
  }

  async function useWebsite(botId: string, url: string, refresh: string | undefined): Promise<IndexedSource> {
    const site = normalizeSiteUrl(url);
    const interval = refreshInterval(refresh);
    const settings = deps.settings(botId);
    const stored = await deps.store.find(botId, site);
    if (stored && stored.language === settings.language && now().getTime() - stored.indexed_at.getTime() < interval) return counts(site, stored);
    const pages = await crawlWebsite(site, deps.fetchPage(botId), settings);
    if (pages.length === 0) {
      // A site that cannot be reached now keeps what an earlier crawl found.
      if (stored) return counts(site, stored);
      throw new Error(`USE WEBSITE: nothing could be read from ${site}`);
    }
    const chunks = pages.flatMap((p) => chunkText(p.text).map((text, position) => ({ document: p.url, title: p.title, position, content: text })));
    await deps.store.replace({ bot_id: botId, source: site, kind: 'website', fingerprint: now().toISOString(), language: settings.language, chunks });
    return { source: site, documents: pages.length, chunks: chunks.length };
  }

  return {
    /** USE KB name: the collection `<bot>.gbkb/<name>/`, indexed if new or changed. */
    use: (botId: string, name: string) => once(`${botId}\0kb\0${name.trim()}`, () => useCollection(botId, name)),
    /** USE WEBSITE url [REFRESH interval]: the site, crawled if new or older than the interval (default a month). */
    website: (botId: string, url: string, refresh?: string) => once(`${botId}\0web\0${url.trim()}`, () => useWebsite(botId, url, refresh)),
    /** The passages of the active `sources` that best match `query`. */
    async search(botId: string, sources: readonly string[], query: string, limit = PASSAGES): Promise<Passage[]> {
      return deps.store.search({ bot_id: botId, sources, terms: searchTerms(query), limit });
    },
  };
}

export type KnowledgeBase = ReturnType<typeof createKnowledgeBase>;

/**
 * A question's words as search terms, any of which may match (`to_tsquery` joins them with `|`
 * and ranks passages by how many and how often): letters and digits only, so no query syntax
 * gets through; stop words are dropped by the text search configuration.
 */
export function searchTerms(query: string): string[] {
  const words = query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words.filter((w) => w.length >= 2))].slice(0, 32);
}
