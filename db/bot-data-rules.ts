/**
 * The rules of stored bot data that the database driver (bot-data-repo.ts) enforces itself: the
 * shapes of rows and filter conditions, valid table and column names, and what counts as a
 * numeric string. db/ imports nothing above it, so these are db's own; the BASIC interpreter's
 * storage ports (basic-interpreter/host/stores.ts, table-filter.ts) state the same rules for the
 * in-memory driver, and test/integration/bot-data-stores.test.ts holds both drivers to one
 * contract: same rows, same filter results, same errors.
 */

/** A stored value: plain JSON (the interpreter's `Value` has the same shape). */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/** A stored row: a JSON object. */
export type JsonObject = { [key: string]: JsonValue };

export type ComparisonOp = '=' | '<>' | '>' | '<' | '>=' | '<=';

/** One `column op value` of a filter; `field` is lower-case, `value` the text as written. */
export interface Condition {
  field: string;
  op: ComparisonOp;
  value: string;
}

/** A table store of one bot: what the data keywords (SAVE, FIND, UPDATE, DELETE) run on. */
export interface BotTableStore {
  insert(table: string, row: JsonObject): Promise<void>;
  insertMany(table: string, rows: readonly JsonObject[], options?: { onlyIfEmpty?: boolean }): Promise<number>;
  find(table: string, conditions: readonly Condition[]): Promise<JsonObject[]>;
  count(table: string, conditions: readonly Condition[]): Promise<number>;
  update(table: string, conditions: readonly Condition[], values: JsonObject): Promise<number>;
  delete(table: string, conditions: readonly Condition[]): Promise<number>;
}

/** Key–value memory of one scope (a bot, or one user of a bot); null removes a key. */
export interface BotMemoryStore {
  get(key: string): Promise<JsonValue>;
  set(key: string, value: JsonValue): Promise<void>;
}

/** A bot's tables and memories, as the database keeps them. */
export interface BotDataStores {
  tables(botId: string): BotTableStore;
  botMemory(botId: string): BotMemoryStore;
  userMemory(botId: string, userId: string): BotMemoryStore;
}

/** A table name no store accepts. */
export class TableNameError extends Error {
  override readonly name = 'TableNameError';
}

/** A condition no filter could produce (a bad column name or operator). */
export class TableFilterError extends Error {
  override readonly name = 'TableFilterError';
}

/** An identifier of at most 63 characters, like PostgreSQL's. */
const TABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;
/** What keeps column names out of SQL text. */
const COLUMN_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const COMPARISON_OPS: readonly string[] = ['=', '<>', '>', '<', '>=', '<='] satisfies ComparisonOp[];

/**
 * Numeric strings (POSIX regex syntax, also run by PostgreSQL): no spaces, hex or `Infinity`;
 * exponents of at most two digits and {@link NUMERIC_TEXT_MAX_LENGTH} characters keep every such
 * string a finite double and a safe `::float8` cast.
 */
export const NUMERIC_TEXT_PATTERN = '^[+-]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][+-]?[0-9]{1,2})?$';
export const NUMERIC_TEXT_MAX_LENGTH = 64;
const NUMERIC_TEXT = new RegExp(NUMERIC_TEXT_PATTERN);

/** True when a filter value compares as a number (see {@link NUMERIC_TEXT_PATTERN}). */
export function isNumericText(text: string): boolean {
  return text.length <= NUMERIC_TEXT_MAX_LENGTH && NUMERIC_TEXT.test(text);
}

/** The stored (lower-case) form of a table name; throws {@link TableNameError} for invalid names. */
export function normalizeTableName(table: string): string {
  if (!TABLE_NAME.test(table)) {
    throw new TableNameError(`Invalid table name "${table}": use letters, digits and _ (not first), at most 63 characters`);
  }
  return table.toLowerCase();
}

/** The row as stored: a JSON copy (NaN becomes null) with lower-case top-level keys. */
export function normalizeRow(row: JsonObject): JsonObject {
  const copy = JSON.parse(JSON.stringify(row)) as JsonObject;
  // fromEntries defines own properties, so a "__proto__" column stays a column.
  return Object.fromEntries(Object.entries(copy).map(([key, value]) => [key.toLowerCase(), value]));
}

/** Throws {@link TableFilterError} for a condition with a bad column name or operator. */
export function checkCondition(condition: Condition): void {
  if (!COLUMN_NAME.test(condition.field) || !COMPARISON_OPS.includes(condition.op)) {
    throw new TableFilterError(`Invalid condition on column "${condition.field}" with operator "${condition.op}"`);
  }
}
