import path from 'node:path';
import type { PSTFile, PSTFolder } from 'pst-extractor';
import { loadOptional } from '../../infra/optional-package.js';
import { listSource, type ImportTarget } from './import-deps.js';
import { pstContact, pstEvent, pstKind, pstMail, type PstAppointment, type PstContact, type PstItem, type PstMail } from './pst-mapping.js';
import { outcomeOf, type ImportSource } from './run-import.js';

/**
 * `switchboard import pst <file>`: an Outlook PST (pst-extractor): messages into the mail archive
 * under their folder paths, contacts into contacts, appointments into the calendar. Items are read
 * in the file's folder order; each is upserted on its descriptor id. pst-extractor is an optional
 * dependency (docs/dependencies.md), loaded by the first PST import: without it this one importer
 * says what to install.
 */
export function pstSource(target: ImportTarget, file: string): ImportSource {
  const source = path.resolve(file);
  let pst: PSTFile | undefined;
  const owned = { owner_id: target.owner.user_id, source: `pst:${source}` };
  return listSource({
    kind: 'pst',
    source,
    async load() {
      const { PSTFile } = await loadOptional('pst-extractor', 'switchboard import pst', () => import('pst-extractor'));
      pst = new PSTFile(source);
      const items: { item: PstItem; folder: string }[] = [];
      walk(pst.getRootFolder(), '', items);
      return items;
    },
    async store({ item, folder }) {
      const kind = pstKind(item);
      if (kind === 'mail') return outcomeOf(await target.mail.upsert({ ...pstMail(item as PstMail, folder), ...owned }));
      if (kind === 'contact') return outcomeOf(await target.contacts.upsert({ ...pstContact(item as PstContact), ...owned }));
      const event = kind === 'event' ? pstEvent(item as PstAppointment) : undefined;
      return event ? outcomeOf(await target.calendar.upsert({ ...event, ...owned })) : 'skipped';
    },
    async close() {
      pst?.close();
    },
  });
}

function walk(folder: PSTFolder, folderPath: string, out: { item: PstItem; folder: string }[]): void {
  if (folder.contentCount > 0) {
    for (let child = folder.getNextChild() as PstItem | null; child; child = folder.getNextChild() as PstItem | null) out.push({ item: child, folder: folderPath || '/' });
  }
  if (folder.hasSubfolders) {
    for (const sub of folder.getSubFolders()) walk(sub, folderPath ? `${folderPath}/${sub.displayName}` : sub.displayName, out);
  }
}
