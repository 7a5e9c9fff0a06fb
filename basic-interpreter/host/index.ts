/**
 * What a host of the BASIC VM is built from: the storage ports behind the data and memory
 * keywords with their in-memory drivers, the shared table-filter rules, CSV seeding of tables,
 * and the guarded HTTP client behind GET/POST. The database drivers live in db/bot-data-repo.ts.
 */
export {
  parseTableFilter, matchesConditions, checkConditions, numericText, TableFilterError,
  COLUMN_NAME, NUMERIC_TEXT_PATTERN, NUMERIC_TEXT_MAX_LENGTH,
  type Condition, type ComparisonOp,
} from './table-filter.js';
export {
  normalizeTableName, normalizeRow, copyValue, TableNameError, TABLE_NAME,
  type TableStore, type MemoryStore, type BotDataStores,
} from './stores.js';
export { createInMemoryTableStore, createInMemoryMemoryStore, createInMemoryBotData } from './memory-stores.js';
export { seedTablesFromCsv, SeedDataError, type SeedOptions, type SeededTable } from './seed-tables.js';
export { createHttpPerformer, type HttpPerformer, type HttpPerformerOptions, type HttpRequest } from './http-effect.js';
export { HttpRefusedError, HttpRequestError, type ResolveHost } from './http-guard.js';
