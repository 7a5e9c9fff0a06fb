import type { ObjectValue, Value } from '../values.js';
import type { Condition } from './table-filter.js';

/**
 * The storage ports behind the data keywords (SAVE/INSERT, FIND, UPDATE, DELETE) and the memory
 * keywords (SET BOT MEMORY, REMEMBER…). A host carries out the VM's table.* and memory.* effects
 * with them; memory-stores.ts implements them in memory (CLI, tests), db/bot-data-repo.ts in the
 * database (server). test/integration/bot-data-stores.test.ts holds both to one contract.
 *
 * Shared semantics:
 * - Table names match {@link TABLE_NAME} and are case-insensitive (kept lower-case).
 * - Column names are case-insensitive like the language itself: top-level keys of stored rows
 *   are lower-cased on the way in (a later duplicate key wins).
 * - Rows are stored as JSON and come back as fresh copies holding exactly the columns written:
 *   no hidden `id` or timestamps. The order of keys inside a row is not kept.
 * - `find` returns rows oldest first (insertion order).
 */
export interface TableStore {
  /** Adds one row. */
  insert(table: string, row: ObjectValue): Promise<void>;
  /**
   * Adds rows in one go: all or none. With `onlyIfEmpty` nothing is added when the table already
   * has rows, decided atomically (two instances seeding at once add the rows once). Resolves to
   * the number of rows added.
   */
  insertMany(table: string, rows: readonly ObjectValue[], options?: { onlyIfEmpty?: boolean }): Promise<number>;
  /** Rows matching every condition (all rows for none), oldest first. */
  find(table: string, conditions: readonly Condition[]): Promise<ObjectValue[]>;
  /** Number of rows matching every condition. */
  count(table: string, conditions: readonly Condition[]): Promise<number>;
  /** Sets the columns of `values` on every matching row (other columns stay); resolves to the rows changed. */
  update(table: string, conditions: readonly Condition[], values: ObjectValue): Promise<number>;
  /** Removes the matching rows; resolves to how many. */
  delete(table: string, conditions: readonly Condition[]): Promise<number>;
  /** The columns a TABLE block defines for `table` (name and type), or undefined for a table without one. */
  columns?(table: string): { name: string; type: string }[] | undefined;
}

/**
 * Key–value memory of one scope (a bot, or one user of a bot). Keys are case-sensitive strings;
 * `get` of an unknown key is null, and setting null removes the key.
 */
export interface MemoryStore {
  get(key: string): Promise<Value>;
  set(key: string, value: Value): Promise<void>;
}

/** Everything a host needs for a bot's data: its tables, its memory, its users' memories. */
export interface BotDataStores {
  tables(botId: string): TableStore;
  /** SET BOT MEMORY / GET BOT MEMORY: shared by every conversation of the bot. */
  botMemory(botId: string): MemoryStore;
  /** REMEMBER / RECALL: one user's memory with one bot. */
  userMemory(botId: string, userId: string): MemoryStore;
}

/** Valid table names (before lower-casing): an identifier of at most 63 characters, like PostgreSQL's. */
export const TABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

/** A table name a script used that no store accepts. */
export class TableNameError extends Error {
  override readonly name = 'TableNameError';
}

/** The stored (lower-case) form of a table name; throws {@link TableNameError} for invalid names. */
export function normalizeTableName(table: string): string {
  if (!TABLE_NAME.test(table)) {
    throw new TableNameError(
      `Invalid table name "${table}": use letters, digits and _ (not first), at most 63 characters`,
    );
  }
  return table.toLowerCase();
}

/**
 * The row as stores keep it: a JSON copy (so later changes to the script's object do not leak in,
 * and NaN becomes null as it would in the database) with lower-case top-level keys.
 */
export function normalizeRow(row: ObjectValue): ObjectValue {
  const copy = JSON.parse(JSON.stringify(row)) as ObjectValue;
  // fromEntries defines own properties, so a "__proto__" column stays a column.
  return Object.fromEntries(Object.entries(copy).map(([key, value]) => [key.toLowerCase(), value]));
}

/** A JSON copy of a value (undefined, which JSON cannot hold, becomes null). */
export function copyValue(value: Value): Value {
  const text = JSON.stringify(value) as string | undefined;
  return text === undefined ? null : (JSON.parse(text) as Value);
}
