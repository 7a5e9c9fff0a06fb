import type { Readable } from 'node:stream';
import { parse, CsvError } from 'csv-parse';
import { ValidationError } from '../../infra/errors.js';
import { normaliseContactInput } from '../contacts/contact-input.js';
import { normaliseTags } from '../contacts/contact-rules.js';
import type { ContactFields, ContactRow, ContactsStore, NewContact } from '../crm-ports.js';
import { resolveColumns, type ImportField } from './column-mapping.js';
import { contactOfRow } from './import-row.js';

/** Rows written per transaction. */
export const IMPORT_BATCH_SIZE = 500;
/** Rejected rows listed in a report; the count goes on past it. */
export const REJECTED_LISTED_MAX = 1000;

export interface ImportReport {
  dry_run: boolean;
  rows: number;
  created: number;
  updated: number;
  rejected_count: number;
  /** Line numbers of the file (the header is line 1) and why; the first {@link REJECTED_LISTED_MAX}. */
  rejected: { line: number; reason: string }[];
  ignored_columns: string[];
}

export interface ImportProgress { rows: number; created: number; updated: number; rejected: number }

type Target = { kind: 'create'; row: NewContact } | { kind: 'update'; id: string; changes: Partial<ContactFields>; current: Partial<ContactRow> };

/** The contact a pending write or a stored row stands for: a create is its own identity until written. */
const identityOf = (t: Target | ContactRow) => ('kind' in t ? (t.kind === 'create' ? t : t.id) : t.id);

/** Fields of a re-imported row over a stored contact: tags and custom fields are united, the rest replaced. */
function changesOver(current: Partial<ContactRow>, fields: Partial<ContactFields>): Partial<ContactFields> {
  const changes = { ...fields };
  if (fields.tags) changes.tags = normaliseTags([...(current.tags ?? []), ...fields.tags]);
  if (fields.custom_fields) changes.custom_fields = { ...(current.custom_fields ?? {}), ...fields.custom_fields };
  return changes;
}

/**
 * Imports contacts from a CSV stream into a bot's CRM (docs/crm.md, "Import and export"): parsed
 * as it arrives, written in batches of {@link IMPORT_BATCH_SIZE} rows, one transaction each. A
 * row whose phone or email the bot already has updates that contact instead of adding one; a
 * row that cannot be a contact is rejected with its line and the reason. With `dryRun` nothing is
 * written and the report says what would have been.
 */
export async function importContacts(
  store: Pick<ContactsStore, 'findContactsByKeys' | 'writeContactBatch'>,
  input: {
    botId: string; source: Readable; mapping?: Record<string, ImportField>; defaultCountry?: string; dryRun?: boolean;
    batchSize?: number; onProgress?: (progress: ImportProgress) => void;
  },
): Promise<ImportReport> {
  const report: ImportReport = { dry_run: input.dryRun ?? false, rows: 0, created: 0, updated: 0, rejected_count: 0, rejected: [], ignored_columns: [] };
  const reject = (line: number, reason: string) => {
    report.rejected_count += 1;
    if (report.rejected.length < REJECTED_LISTED_MAX) report.rejected.push({ line, reason });
  };
  // A dry run writes nothing, so the keys it would have created are remembered to count their repeats as updates.
  const dryRunKeys = new Set<string>();
  let fields: (ImportField | undefined)[] | undefined;
  let batch: { line: number; fields: Partial<ContactFields> }[] = [];

  const flush = async () => {
    if (!batch.length) return;
    const phones = batch.flatMap((r) => (r.fields.phone ? [r.fields.phone] : []));
    const emails = batch.flatMap((r) => (r.fields.email ? [r.fields.email] : []));
    const existing = await store.findContactsByKeys(input.botId, { phones, emails });
    const stored = new Map<string, ContactRow>();
    for (const c of existing) {
      if (c.phone) stored.set(`p:${c.phone}`, c);
      if (c.email) stored.set(`e:${c.email}`, c);
    }
    const pending = new Map<string, Target>();
    const targets: Target[] = [];
    for (const { line, fields: row } of batch) {
      const keys = [row.phone ? `p:${row.phone}` : undefined, row.email ? `e:${row.email}` : undefined].filter((k): k is string => !!k);
      const found = keys.map((k) => pending.get(k) ?? stored.get(k)).filter((t) => t !== undefined);
      if (new Set(found.map(identityOf)).size > 1) {
        reject(line, 'its phone and its email belong to two different contacts; merge them first');
        continue;
      }
      const match = found[0];
      let target: Target;
      if (match === undefined) {
        const seenInDryRun = keys.some((k) => dryRunKeys.has(k));
        target = { kind: 'create', row: { ...row, bot_id: input.botId } };
        if (seenInDryRun) report.updated += 1;
        else {
          report.created += 1;
          targets.push(target);
        }
        if (report.dry_run) keys.forEach((k) => dryRunKeys.add(k));
      } else if ('kind' in match) {
        target = match;
        if (match.kind === 'create') Object.assign(match.row, changesOver(match.row as Partial<ContactRow>, row));
        else Object.assign(match.changes, changesOver({ ...match.current, ...match.changes } as Partial<ContactRow>, row));
        report.updated += 1;
      } else {
        target = { kind: 'update', id: match.id, changes: changesOver(match, row), current: match };
        targets.push(target);
        report.updated += 1;
      }
      for (const k of keys) pending.set(k, target);
    }
    if (!report.dry_run) {
      await store.writeContactBatch({
        creates: targets.flatMap((t) => (t.kind === 'create' ? [t.row] : [])),
        updates: targets.flatMap((t) => (t.kind === 'update' ? [{ id: t.id, changes: t.changes }] : [])),
      });
    }
    batch = [];
    input.onProgress?.({ rows: report.rows, created: report.created, updated: report.updated, rejected: report.rejected_count });
  };

  const parser = input.source.pipe(parse({ bom: true, skip_empty_lines: true, relax_column_count: true, info: true }));
  input.source.once('error', (err) => parser.destroy(err));
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      if (!fields) {
        ({ fields, ignored: report.ignored_columns } = resolveColumns(record, input.mapping ?? {}));
        if (!fields.some((f) => f === 'phone' || f === 'email')) {
          throw new ValidationError('No column is mapped to phone or email: map one (col=phone or col=email)', [{ path: 'map', message: 'no phone or email column' }]);
        }
        continue;
      }
      report.rows += 1;
      const row = contactOfRow(record, fields);
      if ('reason' in row) {
        reject(info.lines, row.reason);
        continue;
      }
      try {
        batch.push({ line: info.lines, fields: normaliseContactInput(row.input, input.defaultCountry) });
      } catch (err) {
        if (!(err instanceof ValidationError)) throw err;
        reject(info.lines, err.message);
        continue;
      }
      if (batch.length >= (input.batchSize ?? IMPORT_BATCH_SIZE)) await flush();
    }
  } catch (err) {
    if (err instanceof CsvError) throw new ValidationError(`The CSV cannot be read: ${err.message}`, [{ path: 'body', message: err.code }], 'invalid_csv');
    throw err;
  }
  await flush();
  return report;
}
