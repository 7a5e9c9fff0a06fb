import { Readable } from 'node:stream';
import type { ContactRow, ContactsStore, DealRow, DealsStore } from '../crm-ports.js';

/** Rows read per query while exporting: the export's memory stays one page whatever the count. */
const EXPORT_PAGE = 1000;

export const CONTACT_CSV_COLUMNS = [
  'id', 'first_name', 'last_name', 'email', 'phone', 'tier', 'ltv', 'last_purchase', 'tags', 'owner_id', 'note', 'custom_fields', 'unsubscribed_at', 'created_at', 'updated_at',
] as const;
export const DEAL_CSV_COLUMNS = ['id', 'name', 'value', 'stage', 'contact_id', 'owner_id', 'campaign_id', 'created_at', 'updated_at'] as const;

const cell = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.join(';');
  if (typeof value === 'object') return Object.keys(value).length ? JSON.stringify(value) : '';
  return String(value as string | number | boolean);
};

async function* pages<T extends { id: string }>(next: (afterId: string | undefined) => Promise<T[]>): AsyncGenerator<T> {
  let afterId: string | undefined;
  for (;;) {
    const rows = await next(afterId);
    yield* rows;
    if (rows.length < EXPORT_PAGE) return;
    afterId = rows[rows.length - 1]!.id;
  }
}

/** RFC 4180: a cell with a comma, quote or line break is quoted, its quotes doubled. */
const quoted = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
const line = (cells: readonly string[]) => `${cells.map(quoted).join(',')}\r\n`;

function csvOf<T>(rows: AsyncIterable<T>, columns: readonly (keyof T & string)[]): Readable {
  return Readable.from((async function* () {
    yield line(columns);
    for await (const row of rows) yield line(columns.map((c) => cell(row[c])));
  })());
}

/**
 * A bot's contacts as CSV, streamed page by page (docs/crm.md, "Import and export"): the columns
 * an import reads back (tags joined with `;`, custom fields as JSON).
 */
export function exportContactsCsv(store: Pick<ContactsStore, 'contactsAfter'>, botId: string): Readable {
  return csvOf(pages<ContactRow>((after) => store.contactsAfter(botId, after, EXPORT_PAGE)), CONTACT_CSV_COLUMNS);
}

/** A bot's deals as CSV, streamed page by page. */
export function exportDealsCsv(store: Pick<DealsStore, 'dealsAfter'>, botId: string): Readable {
  return csvOf(pages<DealRow>((after) => store.dealsAfter(botId, after, EXPORT_PAGE)), DEAL_CSV_COLUMNS);
}
