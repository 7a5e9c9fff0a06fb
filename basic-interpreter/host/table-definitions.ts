import { randomUUID } from 'node:crypto';
import type { ColumnDefault, IndexDecl, TableColumn, TableDecl } from '../parser/ast.js';
import type { ObjectValue, Value } from '../values.js';
import { normalizeTableName, type TableStore } from './stores.js';
import type { Condition } from './table-filter.js';

/**
 * What the bot's `TABLE … END TABLE` blocks mean for its tables (docs/basic.md, "Table
 * definitions"). Bot tables keep their rows as JSON in the one store FIND, SAVE and INSERT use, so
 * a table needs no DDL to exist; a definition adds what SQL would: rows added get each missing
 * column's DEFAULT (NOW(), TODAY(), a fresh UUID for a UUID key…), NOT NULL, the length of
 * VARCHAR(n) and UNIQUE are checked before a row is stored, and applying the definitions fills
 * rows stored before a column was defined with its DEFAULT. Definitions come from the scripts
 * every start, so there is nothing to migrate but the rows; applying them twice changes nothing.
 */

/** The bot's definitions by (lower-case) table name, and its CREATE INDEX lines. */
export interface TableDefinitions {
  tables: ReadonlyMap<string, TableDecl>;
  indexes: readonly IndexDecl[];
}

/** A bot without TABLE blocks. */
export const NO_TABLE_DEFINITIONS: TableDefinitions = { tables: new Map(), indexes: [] };

/** A row a definition refuses; the message names the table and the column. */
export class TableDefinitionError extends Error {
  override readonly name = 'TableDefinitionError';
}

/** What applying the definitions did to one table. */
export interface TableChangeReport {
  table: string;
  columns: number;
  /** Rows the table held. */
  rows: number;
  /** Per column: rows that got its DEFAULT because they had no value for it. */
  filled: Record<string, number>;
}

/** Definitions gathered from several scripts; the first definition of a table wins, later ones are reported. */
export function gatherTableDefinitions(declared: readonly { file: string; tables: readonly TableDecl[]; indexes: readonly IndexDecl[] }[]): { definitions: TableDefinitions; problems: string[] } {
  const tables = new Map<string, TableDecl>();
  const where = new Map<string, string>();
  const problems: string[] = [];
  const indexes: IndexDecl[] = [];
  for (const script of declared) {
    for (const table of script.tables) {
      const earlier = where.get(table.name);
      if (earlier !== undefined) problems.push(`${script.file}:${table.loc.line}: TABLE ${table.name} is already defined in ${earlier}; this one is ignored`);
      else {
        tables.set(table.name, table);
        where.set(table.name, `${script.file}:${table.loc.line}`);
      }
    }
    indexes.push(...script.indexes);
  }
  for (const index of indexes) {
    const table = tables.get(index.table);
    const unknown = index.columns.find((c) => table !== undefined && !table.columns.some((column) => column.name === c));
    if (table === undefined) problems.push(`CREATE INDEX ${index.name}: no TABLE ${index.table} is defined`);
    else if (unknown !== undefined) problems.push(`CREATE INDEX ${index.name}: TABLE ${index.table} has no column "${unknown}"`);
  }
  return { definitions: { tables, indexes }, problems };
}

/** The value a DEFAULT gives a new row. */
function defaultValue(value: ColumnDefault, now: Date): Value {
  switch (value.kind) {
    case 'value': return value.value;
    case 'now': return now.toISOString();
    case 'today': return now.toISOString().slice(0, 10);
    case 'uuid': return randomUUID();
  }
}

/** A column's value as a row holds it: missing, NULL and "" all read as no value (as filters read them). */
const isEmpty = (value: Value | undefined): boolean => value === undefined || value === null || value === '';

/** The row with its missing columns' defaults (and a fresh id for a UUID key without one). */
export function completeRow(table: TableDecl, row: ObjectValue, now: Date): ObjectValue {
  const complete: ObjectValue = { ...row };
  const keys = new Map(Object.keys(row).map((key) => [key.toLowerCase(), key]));
  for (const column of table.columns) {
    const key = keys.get(column.name) ?? column.name;
    if (!isEmpty(complete[key])) continue;
    if (column.default !== undefined) complete[key] = defaultValue(column.default, now);
    else if (column.primaryKey && column.type === 'uuid') complete[key] = randomUUID();
  }
  return complete;
}

/** Checks NOT NULL, primary keys and VARCHAR(n) lengths of a completed row. */
export function checkRow(table: TableDecl, row: ObjectValue): void {
  const values = new Map(Object.entries(row).map(([key, value]) => [key.toLowerCase(), value]));
  for (const column of table.columns) {
    const value = values.get(column.name);
    if ((column.notNull || column.primaryKey) && isEmpty(value)) {
      throw new TableDefinitionError(`${table.name}.${column.name} needs a value (it is ${column.primaryKey ? 'the PRIMARY KEY' : 'NOT NULL'} in TABLE ${table.name})`);
    }
    if (column.maxLength !== undefined && typeof value === 'string' && value.length > column.maxLength) {
      throw new TableDefinitionError(`${table.name}.${column.name} holds at most ${column.maxLength} characters, got ${value.length}`);
    }
  }
}

/** The sets of columns whose values no two rows may share: keys, UNIQUE columns, UNIQUE(a, b) lines and unique indexes. */
function uniqueSets(table: TableDecl, indexes: readonly IndexDecl[]): string[][] {
  return [
    ...table.columns.filter((c) => c.primaryKey || c.unique).map((c) => [c.name]),
    ...(table.unique ?? []),
    ...indexes.filter((i) => i.unique && i.table === table.name).map((i) => i.columns),
  ];
}

/** Refuses a row whose unique columns another stored row already holds (rows without a value there are not compared). */
async function checkUnique(store: TableStore, table: TableDecl, indexes: readonly IndexDecl[], row: ObjectValue): Promise<void> {
  const values = new Map(Object.entries(row).map(([key, value]) => [key.toLowerCase(), value]));
  for (const columns of uniqueSets(table, indexes)) {
    if (columns.some((c) => isEmpty(values.get(c)) || typeof values.get(c) === 'object')) continue;
    const conditions: Condition[] = columns.map((c) => ({ field: c, op: '=', value: String(values.get(c)) }));
    if ((await store.count(table.name, conditions)) > 0) {
      throw new TableDefinitionError(`${table.name} already has a row with ${columns.map((c) => `${c} = ${String(values.get(c))}`).join(', ')} (UNIQUE in TABLE ${table.name})`);
    }
  }
}

/**
 * The store as the definitions shape it: rows added (INSERT, SAVE, seeding) are completed and
 * checked first; finds, updates and deletes go through unchanged. Tables without a definition
 * are left as they are.
 */
export function defineTables(store: TableStore, definitions: TableDefinitions, clock: () => Date = () => new Date()): TableStore {
  if (definitions.tables.size === 0) return store;
  const definitionOf = (table: string): TableDecl | undefined => definitions.tables.get(normalizeTableName(table));
  const prepare = async (table: TableDecl, row: ObjectValue): Promise<ObjectValue> => {
    const complete = completeRow(table, row, clock());
    checkRow(table, complete);
    await checkUnique(store, table, definitions.indexes, complete);
    return complete;
  };
  return {
    ...store,
    find: (table, conditions) => store.find(table, conditions),
    count: (table, conditions) => store.count(table, conditions),
    update: (table, conditions, values) => store.update(table, conditions, values),
    delete: (table, conditions) => store.delete(table, conditions),
    columns: (table) => definitionOf(table)?.columns.filter((c) => !c.generated).map((c) => ({ name: c.name, type: c.type })),
    async insert(table, row) {
      const definition = definitionOf(table);
      await store.insert(table, definition ? await prepare(definition, row) : row);
    },
    async insertMany(table, rows, options) {
      const definition = definitionOf(table);
      if (!definition) return store.insertMany(table, rows, options);
      const now = clock();
      const complete = rows.map((row) => completeRow(definition, row, now));
      complete.forEach((row) => checkRow(definition, row));
      return store.insertMany(table, complete, options);
    },
  };
}

/**
 * Brings the stored rows up to the definitions: each column with a literal DEFAULT (or NOW(),
 * TODAY()) is given to the rows without a value for it. Run at every start; the second run finds
 * nothing to fill. Resolves to one report per defined table.
 */
export async function applyTableDefinitions(store: TableStore, definitions: TableDefinitions, clock: () => Date = () => new Date()): Promise<TableChangeReport[]> {
  const reports: TableChangeReport[] = [];
  for (const table of definitions.tables.values()) {
    const rows = await store.count(table.name, []);
    const filled: Record<string, number> = {};
    if (rows > 0) {
      for (const column of table.columns.filter((c): c is TableColumn & { default: ColumnDefault } => c.default !== undefined && c.default.kind !== 'uuid')) {
        const changed = await store.update(table.name, [{ field: column.name, op: '=', value: '' }], { [column.name]: defaultValue(column.default, clock()) });
        if (changed > 0) filled[column.name] = changed;
      }
    }
    reports.push({ table: table.name, columns: table.columns.length, rows, filled });
  }
  return reports;
}
