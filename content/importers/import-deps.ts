import type { ContentRecordsRepo } from '../../db/index.js';
import type { ContentActor } from '../content-actor.js';
import type { FilesDeps } from '../files/index.js';
import type { ImportSource, ItemOutcome } from './run-import.js';

/** Where imported items go and whose they become (`--owner`): the owner's mail, calendar, contacts or files. */
export interface ImportTarget {
  owner: ContentActor;
  mail: Pick<ContentRecordsRepo['mail'], 'upsert'>;
  calendar: Pick<ContentRecordsRepo['calendar'], 'upsert'>;
  contacts: Pick<ContentRecordsRepo['contacts'], 'upsert'>;
  files: FilesDeps;
}

/**
 * A source read as one list in a fixed order (a file, an address book, a tree or bucket): the
 * cursor is the index after the last stored item. The list is loaded once per run.
 */
export function listSource<T>(spec: {
  kind: string;
  source: string;
  load(): Promise<T[]>;
  store(item: T): Promise<ItemOutcome>;
  close?(): Promise<void>;
}): ImportSource {
  let loaded: Promise<T[]> | undefined;
  const load = () => (loaded ??= spec.load());
  return {
    kind: spec.kind,
    source: spec.source,
    total: async () => (await load()).length,
    async *items(cursor) {
      const all = await load();
      for (let i = typeof cursor.index === 'number' ? cursor.index : 0; i < all.length; i++) {
        const item = all[i]!;
        yield { cursor: { index: i + 1 }, store: () => spec.store(item) };
      }
    },
    ...(spec.close ? { close: spec.close } : {}),
  };
}
