import type { ContentImportsRepo } from '../../db/index.js';

/** What one item of an import did: stored anew, or found already there (re-runs, resumed runs). */
export type ItemOutcome = 'imported' | 'skipped';

/** One item of a source, in the source's order, with the cursor to resume after it. */
export interface ImportItem {
  cursor: Record<string, unknown>;
  store(): Promise<ItemOutcome>;
}

/**
 * A source of `switchboard import <kind>` (docs/content.md, "Importers"): its identity (the
 * checkpoint row's key) and its items from a cursor onwards. Items are idempotent on their own
 * (each upserts on its source identity), so an item done twice across a crash is stored once.
 */
export interface ImportSource {
  kind: string;
  /** Names the source for its checkpoint: a file's absolute path, a mailbox URL with user, a bucket. */
  source: string;
  /**
   * True when the cursor stays valid after a finished run (IMAP: only UIDs above it are new).
   * Otherwise a finished source is read again from the start, each item stored or found there.
   */
  incremental?: boolean;
  /** How many items there are in all, when the source can tell cheaply (the progress bar's total). */
  total?(): Promise<number | undefined>;
  items(cursor: Record<string, unknown>): AsyncIterable<ImportItem>;
  /** Releases connections; called whatever happened. */
  close?(): Promise<void>;
}

/** The JSON summary printed at the end of a run. */
export interface ImportSummary {
  kind: string;
  source: string;
  /** `done` when the source was read to its end; `stopped` when `limit` items were handled first. */
  status: 'done' | 'stopped';
  imported: number;
  skipped: number;
  /** Counts over every run of this source, from its checkpoint row. */
  total_imported: number;
  total_skipped: number;
}

export interface RunImportDeps {
  checkpoints: Pick<ContentImportsRepo, 'open' | 'restart' | 'advance' | 'finish' | 'find'>;
  /** Called with the items handled so far and the total when known (the CLI's progress bar). */
  onProgress?: (done: number, total: number | undefined) => void;
}

/**
 * Runs one source from its checkpoint: each item is stored, then the cursor after it is saved,
 * so an interrupted run resumes where it stopped and a finished one re-reads only what is new
 * (IMAP by UID; the other sources read again, each item found there and skipped).
 */
export async function runImport(deps: RunImportDeps, source: ImportSource, options: { limit?: number } = {}): Promise<ImportSummary> {
  const checkpoint = await deps.checkpoints.open(source.kind, source.source);
  let cursor = checkpoint.cursor;
  if (checkpoint.status === 'done') {
    if (!source.incremental) cursor = {};
    await deps.checkpoints.restart(checkpoint.id, cursor);
  }
  const counts = { imported: 0, skipped: 0 };
  let status: ImportSummary['status'] = 'done';
  try {
    const total = await source.total?.();
    deps.onProgress?.(0, total);
    for await (const item of source.items(cursor)) {
      if (options.limit !== undefined && counts.imported + counts.skipped >= options.limit) {
        status = 'stopped';
        break;
      }
      const outcome = await item.store();
      counts[outcome]++;
      await deps.checkpoints.advance(checkpoint.id, item.cursor, { imported: outcome === 'imported' ? 1 : 0, skipped: outcome === 'skipped' ? 1 : 0 });
      deps.onProgress?.(counts.imported + counts.skipped, total);
    }
    if (status === 'done') await deps.checkpoints.finish(checkpoint.id);
  } finally {
    await source.close?.();
  }
  const row = await deps.checkpoints.find(source.kind, source.source);
  return {
    kind: source.kind, source: source.source, status, ...counts, total_imported: row?.imported ?? counts.imported, total_skipped: row?.skipped ?? counts.skipped,
  };
}

/** The outcome of an upsert that says whether it inserted. */
export const outcomeOf = (inserted: boolean): ItemOutcome => (inserted ? 'imported' : 'skipped');
