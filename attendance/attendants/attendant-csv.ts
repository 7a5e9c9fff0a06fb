import { parse } from 'csv-parse/sync';
import { ValidationError } from '../../infra/errors.js';

/**
 * One attendant of a legacy `attendant.csv`, ready to become an attendant profile.
 * `id` is the file's own attendant id (a string such as "att-01"); the loader maps it to a user.
 */
export interface AttendantCsvRow {
  id: string;
  name: string;
  /** `all` or one channel; `all` when the cell is empty. */
  channel: string;
  /** Topic preference (sales, support, technical, collections…). */
  preferences: string | null;
  department: string | null;
  aliases: string[];
  phone: string | null;
  email: string | null;
}

/** Columns of the current form; the earlier form has only id, name, channel, phone. */
const KNOWN_COLUMNS = ['id', 'name', 'channel', 'preferences', 'department', 'aliases', 'phone', 'email'] as const;
type Column = (typeof KNOWN_COLUMNS)[number];
const REQUIRED_COLUMNS: Column[] = ['id', 'name'];

interface Issue {
  path: string;
  message: string;
}

/**
 * Parses an attendant definition file in either of its two forms — `id,name,channel,preferences,
 * department,aliases,phone,email` (aliases separated by `;`) or the earlier `id,name,channel,phone`
 * — telling the forms apart by the header. Header names are case-insensitive and may come in any
 * order; absent optional columns become null. Every problem is reported at once, as a
 * ValidationError whose issues name `file:line`.
 */
export function parseAttendantCsv(text: string, file: string): AttendantCsvRow[] {
  let records: { record: string[]; line: number }[];
  try {
    const parsed = parse(text, { bom: true, skip_empty_lines: true, relax_column_count: true, info: true }) as unknown as { record: string[]; info: { lines: number } }[];
    records = parsed.map((p) => ({ record: p.record, line: p.info.lines }));
  } catch (error) {
    throw invalid(file, [{ path: file, message: (error as Error).message }]);
  }
  const [header, ...rows] = records;
  if (!header) throw invalid(file, [{ path: file, message: 'the file is empty; expected a header row' }]);

  const columns = readHeader(header.record, `${file}:${header.line}`);
  if (!Array.isArray(columns)) throw invalid(file, columns.issues);

  const issues: Issue[] = [];
  const seen = new Map<string, number>();
  const result: AttendantCsvRow[] = [];
  for (const { record, line } of rows) {
    const where = `${file}:${line}`;
    if (record.length !== columns.length) {
      issues.push({ path: where, message: `expected ${columns.length} columns, found ${record.length}` });
      continue;
    }
    const cell = (name: Column): string | null => {
      const index = columns.indexOf(name);
      const value = index < 0 ? '' : (record[index] ?? '').trim();
      return value === '' ? null : value;
    };
    const id = cell('id');
    const name = cell('name');
    if (id === null) issues.push({ path: where, message: 'id is empty' });
    if (name === null) issues.push({ path: where, message: 'name is empty' });
    if (id === null || name === null) continue;
    const first = seen.get(id);
    if (first !== undefined) {
      issues.push({ path: where, message: `id "${id}" is already used on line ${first}` });
      continue;
    }
    seen.set(id, line);
    result.push({
      id,
      name,
      channel: cell('channel')?.toLowerCase() ?? 'all',
      preferences: cell('preferences'),
      department: cell('department'),
      aliases: (cell('aliases') ?? '').split(';').map((a) => a.trim()).filter((a) => a !== ''),
      phone: cell('phone'),
      email: cell('email'),
    });
  }
  if (issues.length > 0) throw invalid(file, issues);
  return result;
}

function readHeader(raw: string[], where: string): Column[] | { issues: Issue[] } {
  const names = raw.map((h) => h.trim().toLowerCase());
  const issues: Issue[] = [];
  for (const name of names) {
    if (!(KNOWN_COLUMNS as readonly string[]).includes(name)) {
      issues.push({ path: where, message: `unknown column "${name}"; expected ${KNOWN_COLUMNS.join(', ')}` });
    } else if (names.indexOf(name) !== names.lastIndexOf(name)) {
      issues.push({ path: where, message: `column "${name}" appears twice` });
    }
  }
  for (const required of REQUIRED_COLUMNS) {
    if (!names.includes(required)) issues.push({ path: where, message: `missing column "${required}"` });
  }
  return issues.length > 0 ? { issues: dedupe(issues) } : (names as Column[]);
}

function dedupe(issues: Issue[]): Issue[] {
  return issues.filter((issue, i) => issues.findIndex((o) => o.path === issue.path && o.message === issue.message) === i);
}

function invalid(file: string, issues: Issue[]): ValidationError {
  const summary = issues.map((i) => `${i.path.startsWith(file) && i.path !== file ? `line ${i.path.slice(file.length + 1)}` : i.path}: ${i.message}`).join('; ');
  return new ValidationError(`${file} is not a valid attendant file: ${summary}`, issues, 'invalid_attendant_csv');
}
