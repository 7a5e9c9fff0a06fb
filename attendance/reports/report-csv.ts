/**
 * A report's answer as CSV (RFC 4180, by csv-stringify): a labelled group-by gives its name and,
 * beside it, `<key>_id`. Cells that a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab,
 * CR at the start) are escaped with a leading quote, since tags and names are typed by people.
 */
import { stringify } from 'csv-stringify/sync';
import type { ReportAnswer } from './run-report.js';

/** The CSV's header and the answer field each column reads. */
function csvColumns(answer: Pick<ReportAnswer, 'columns'>): { header: string; field: string }[] {
  return answer.columns.flatMap((c) => (c.labelled
    ? [{ header: c.key, field: `${c.key}_label` }, { header: `${c.key}_id`, field: c.key }]
    : [{ header: c.key, field: c.key }]));
}

export function reportCsv(answer: Pick<ReportAnswer, 'columns' | 'rows'>): string {
  const columns = csvColumns(answer);
  return stringify(answer.rows.map((row) => columns.map((c) => row[c.field] ?? '')), {
    header: true, columns: columns.map((c) => c.header), escape_formulas: true, record_delimiter: 'windows',
  });
}

/** The first rows as aligned plain text, for an e-mail's body. */
export function reportText(answer: Pick<ReportAnswer, 'columns' | 'rows'>, maxRows: number): string {
  const columns = csvColumns(answer);
  const cells = [columns.map((c) => c.header), ...answer.rows.slice(0, maxRows).map((row) => columns.map((c) => String(row[c.field] ?? '')))];
  const widths = columns.map((_, i) => Math.min(40, Math.max(...cells.map((r) => r[i]!.length))));
  return cells.map((r) => r.map((cell, i) => cell.slice(0, 40).padEnd(widths[i]!)).join('  ').trimEnd()).join('\n');
}
