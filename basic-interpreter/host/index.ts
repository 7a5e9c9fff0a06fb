/**
 * The host port of the BASIC VM: interfaces and pure rules only. The effects a script asks its
 * host to perform (effects.ts), the storage ports behind the data and memory keywords with the
 * table-filter rules and their in-memory drivers, the HTTP port, and the standard host that
 * routes effects to them (standard-host.ts). The I/O behind the ports lives outside the
 * interpreter: the database drivers in db/bot-data-repo.ts; the HTTP client, script files and
 * CSV seeding and the Word, Excel and PDF filler of FILL in script-host/host/.
 */
export type { Effect, EffectBody, EffectHost } from './effects.js';
export {
  createStandardHost, type ConversationEffect, type HttpPerformer, type HttpRequest, type StandardHostParts,
} from './standard-host.js';
export {
  parseTableFilter, matchesConditions, checkConditions, numericText, TableFilterError,
  COLUMN_NAME, NUMERIC_TEXT_PATTERN, NUMERIC_TEXT_MAX_LENGTH,
  type Condition, type ComparisonOp,
} from './table-filter.js';
export {
  normalizeTableName, normalizeRow, copyValue, TableNameError, TABLE_NAME,
  type TableStore, type MemoryStore, type BotDataStores,
} from './stores.js';
export { normalizeFilePath, FilePathError, type FileStore } from './file-store.js';
export { DOCUMENT_TEMPLATES, documentKind, type DocumentFiller, type DocumentFillRequest, type DocumentKind } from './document-filler.js';
export type { MadePdf, PdfMaker, PdfSourceKind } from './pdf-maker.js';
export { bytesToValue, valueToBytes, fileValue, isFileValue, type FileValue } from './file-content.js';
export {
  createInMemoryTableStore, createInMemoryMemoryStore, createInMemoryBotData, createInMemoryFileStore,
} from './memory-stores.js';
export {
  applyTableDefinitions, NO_TABLE_DEFINITIONS, checkRow, completeRow, defineTables, gatherTableDefinitions, TableDefinitionError,
  type TableChangeReport, type TableDefinitions,
} from './table-definitions.js';
