import { readdir, readFile } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { normalizeTableName, type ObjectValue, type TableStore } from '../../basic-interpreter/index.js';

/**
 * Starting data for a bot's tables, shipped in its package: `<bot>.gbai/<name>.gbdata/*.csv`,
 * one file per table (file name = table name, header row = column names). Seeding at start-up
 * with `onlyIfEmpty` fills a table once and then leaves it to the scripts, so restarts, and
 * several instances starting together, neither duplicate rows nor undo what scripts changed.
 *
 * Cells stay strings, exactly as written: "007", "+351 912 345 678" or "1.10" would be damaged by
 * a conversion to numbers, and filters and the language's operators already treat numeric strings
 * as numbers. Empty cells are "". Column names are trimmed and lower-cased; a header must not name
 * a column twice. Files are read as UTF-8 (a BOM is ignored), comma-separated, RFC 4180 quoting.
 */

export interface SeedOptions {
  /** Only fill tables that have no rows yet (what the server and CLI do at start-up). */
  onlyIfEmpty: boolean;
}

/** What happened to one CSV file. */
export interface SeededTable {
  table: string;
  file: string;
  /** Rows added; 0 when the table already had rows (with `onlyIfEmpty`) or the file has none. */
  inserted: number;
  /** Data rows in the file. */
  rows: number;
}

/** A CSV file that cannot be loaded; the message names the file. */
export class SeedDataError extends Error {
  override readonly name = 'SeedDataError';
}

/**
 * Loads every `*.gbdata/*.csv` under `dataDir` (a bot package folder; `dataDir` may also be a
 * `.gbdata` folder itself) into `store`, files in (case-insensitive) name order. A missing folder seeds nothing.
 */
export async function seedTablesFromCsv(dataDir: string, store: TableStore, options: SeedOptions): Promise<SeededTable[]> {
  const results: SeededTable[] = [];
  for (const file of await csvFiles(dataDir)) {
    const table = tableNameOf(file);
    const rows = parseCsv(file, await readFile(file, 'utf8'));
    const inserted = await store.insertMany(table, rows, { onlyIfEmpty: options.onlyIfEmpty });
    results.push({ table, file, inserted, rows: rows.length });
  }
  return results;
}

async function csvFiles(dataDir: string): Promise<string[]> {
  const dataFolders = dataDir.toLowerCase().endsWith('.gbdata')
    ? [dataDir]
    : (await listDir(dataDir)).filter((e) => e.isDirectory() && e.name.toLowerCase().endsWith('.gbdata')).map((e) => join(dataDir, e.name));
  const files: string[] = [];
  for (const folder of dataFolders.sort(byLowerCase)) {
    const csv = (await listDir(folder)).filter((e) => e.isFile() && extname(e.name).toLowerCase() === '.csv');
    files.push(...csv.map((e) => join(folder, e.name)).sort(byLowerCase));
  }
  return files;
}

const byLowerCase = (a: string, b: string) => (a.toLowerCase() < b.toLowerCase() ? -1 : a.toLowerCase() > b.toLowerCase() ? 1 : 0);

async function listDir(dir: string) {
  try {
    return await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

function tableNameOf(file: string): string {
  const name = basename(file, extname(file));
  try {
    return normalizeTableName(name);
  } catch (error) {
    throw new SeedDataError(`${file}: ${(error as Error).message}`, { cause: error });
  }
}

function parseCsv(file: string, text: string): ObjectValue[] {
  try {
    return parse(text, {
      bom: true,
      skip_empty_lines: true,
      columns: (header: string[]) => {
        const names = header.map((h) => h.trim().toLowerCase());
        const duplicate = names.find((n, i) => names.indexOf(n) !== i);
        if (names.some((n) => n === '')) throw new Error('the header has an empty column name');
        if (duplicate !== undefined) throw new Error(`the header names column "${duplicate}" twice`);
        return names;
      },
    }) as ObjectValue[];
  } catch (error) {
    throw new SeedDataError(`${file}: ${(error as Error).message}`, { cause: error });
  }
}
