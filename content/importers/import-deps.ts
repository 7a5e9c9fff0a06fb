import type { ContentRecordsRepo } from '../../db/index.js';
import type { ContentActor } from '../content-actor.js';
import type { FilesDeps } from '../files/index.js';

/** Where imported items go and whose they become (`--owner`): the owner's mail, calendar, contacts or files. */
export interface ImportTarget {
  owner: ContentActor;
  mail: Pick<ContentRecordsRepo['mail'], 'upsert'>;
  calendar: Pick<ContentRecordsRepo['calendar'], 'upsert'>;
  contacts: Pick<ContentRecordsRepo['contacts'], 'upsert'>;
  files: FilesDeps;
}

/** The position after item `index` of a source read in a fixed order. */
export const indexCursor = (index: number) => ({ index: index + 1 });
export const startIndex = (cursor: Record<string, unknown>) => (typeof cursor.index === 'number' ? cursor.index : 0);
