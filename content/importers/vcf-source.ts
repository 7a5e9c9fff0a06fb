import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseVcards } from '../contacts/vcard-contacts.js';
import { listSource, type ImportTarget } from './import-deps.js';
import { outcomeOf, type ImportSource } from './run-import.js';

/** `switchboard import vcf <file>`: every vCard (3.0 or 4.0) of the file, upserted on (owner, file, UID). */
export function vcfSource(target: ImportTarget, file: string): ImportSource {
  const source = path.resolve(file);
  return listSource({
    kind: 'vcf',
    source,
    load: async () => parseVcards(await readFile(source, 'utf8')),
    store: async (card) => outcomeOf(await target.contacts.upsert({ ...card, owner_id: target.owner.user_id, source: `vcf:${source}` })),
  });
}
