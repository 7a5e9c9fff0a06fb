import type { DocumentFiller } from './document-filler.js';
import type { Effect, EffectBody, EffectHost } from './effects.js';
import { bytesToValue, isFileValue, valueToBytes } from './file-content.js';
import { normalizeFilePath, type FileStore } from './file-store.js';
import { fillTemplate } from './fill-template.js';
import { generatePdf, mergePdfs } from './generate-pdf.js';
import type { PdfMaker } from './pdf-maker.js';
import { saveFromUnstructured } from './save-unstructured.js';
import { shareFile } from './share-file.js';
import { searchRows } from './search-rows.js';
import type { MemoryStore, TableStore } from './stores.js';
import type { ObjectValue } from '../values.js';
import { parseTableFilter } from './table-filter.js';
import type { Value } from '../values.js';

/** The effects that belong to the conversation's surroundings (script host or CLI), not to data or HTTP. */
export type ConversationEffect = Exclude<
  Effect,
  { type: 'http' | 'table.insert' | 'table.find' | 'table.search' | 'table.update' | 'table.delete' | 'table.merge' | 'table.extract' | `memory.${string}` | `file.${string}` }
>;

/** What an HTTP client needs of an `http` effect (GET, POST, PUT, PATCH, DELETE); the effect itself can be passed. */
export type HttpRequest = Pick<Extract<EffectBody, { type: 'http' }>, 'method' | 'url' | 'body' | 'headers' | 'binary'>;

/**
 * The HTTP client behind the HTTP keywords: a port, so the interpreter does no network I/O. The
 * server and the CLI pass the guarded client of script-host/host/http-effect.ts; tests may pass a fake.
 */
export type HttpPerformer = (request: HttpRequest) => Promise<Value>;

export interface StandardHostParts {
  tables: TableStore;
  botMemory: MemoryStore;
  userMemory: MemoryStore;
  http: HttpPerformer;
  /** The bot's drive; without it the file keywords fail with "not available". */
  files?: FileStore;
  /**
   * A link the customer can open to a file of the drive (SEND FILE of a drive path or a file
   * value): the server's signed, expiring download link. Without it such a SEND FILE is "not available".
   */
  links?: (path: string) => string | Promise<string>;
  /** FILL of Word, Excel and PDF templates (script-host/host/fill/); without it only text templates are filled. */
  fillDocument?: DocumentFiller;
  /** GENERATE PDF and MERGE PDF (script-host/host/pdf/); without it they are "not available". */
  pdf?: PdfMaker;
  /** Everything else: transfer, meetings, mail, session keys, LLM… */
  conversation(effect: ConversationEffect): Promise<Value>;
  /** Sees every effect before it is performed (the CLI's --trace). */
  observe?: (effect: Effect) => void;
}

/**
 * An EffectHost built from the stores and the HTTP performer, shared by the server, the CLI and
 * tests so data, memory and HTTP keywords behave the same everywhere; the rest is handed on.
 */
export function createStandardHost(parts: StandardHostParts): EffectHost {
  return {
    async perform(effect) {
      parts.observe?.(effect);
      switch (effect.type) {
        case 'http':
          return parts.http(effect);
        case 'table.insert':
          await parts.tables.insert(effect.table, effect.row);
          return null;
        case 'table.find': {
          const rows = await parts.tables.find(effect.table, parseTableFilter(effect.filter));
          // PRODUCT id gives one row or NULL; SET MAX LINES caps what FIND gives.
          if (effect.first) return rows[0] ?? null;
          return effect.limit === undefined ? rows : rows.slice(0, effect.limit);
        }
        case 'table.search':
          return searchRows(await parts.tables.find(effect.table, []), effect.query, effect.limit);
        case 'table.update':
          return parts.tables.update(effect.table, parseTableFilter(effect.filter), effect.values);
        case 'table.delete':
          return parts.tables.delete(effect.table, parseTableFilter(effect.filter));
        case 'memory.bot.get':
          return parts.botMemory.get(effect.key);
        case 'memory.bot.set':
          await parts.botMemory.set(effect.key, effect.value);
          return null;
        case 'memory.user.get':
          return parts.userMemory.get(effect.key);
        case 'memory.user.set':
          await parts.userMemory.set(effect.key, effect.value);
          return null;
        case 'table.merge':
          return mergeRows(parts.tables, effect.table, effect.rows, effect.key);
        case 'file.download':
          return download(parts, effect.url, effect.path, effect.headers);
        case 'file.fill':
          return fillTemplate(drive(parts.files, effect.type), parts.fillDocument, effect);
        case 'file.pdf':
          return generatePdf(drive(parts.files, effect.type), parts.pdf, parts.links, effect);
        case 'file.pdf_merge':
          return mergePdfs(drive(parts.files, effect.type), parts.pdf, parts.links, effect);
        case 'table.extract':
          // Free text is read by the bot's model, through the conversation's host, on the same line.
          return saveFromUnstructured(parts.tables, (request) => parts.conversation({ type: 'unstructured.read', ...request, file: effect.file, line: effect.line }), effect);
        case 'file.share':
          return shareFile(drive(parts.files, effect.type), parts.links, effect);
        case 'file.read':
        case 'file.write':
        case 'file.copy':
        case 'file.move':
        case 'file.delete':
        case 'file.list':
          return fileEffect(drive(parts.files, effect.type), effect);
        default:
          return parts.conversation(effect);
      }
    },
  };
}

type FileEffect = Extract<EffectBody, { type: 'file.read' | 'file.write' | 'file.copy' | 'file.move' | 'file.delete' | 'file.list' }>;

const FILE_KEYWORDS: Record<string, string> = {
  'file.read': 'READ', 'file.write': 'WRITE', 'file.copy': 'COPY', 'file.move': 'MOVE', 'file.delete': 'DELETE FILE',
  'file.list': 'LIST', 'file.download': 'DOWNLOAD', 'file.fill': 'FILL', 'file.share': 'SEND FILE',
  'file.pdf': 'GENERATE PDF', 'file.pdf_merge': 'MERGE PDF',
};

function drive(files: FileStore | undefined, type: string): FileStore {
  if (files === undefined) throw new Error(`not available: ${FILE_KEYWORDS[type] ?? type} (this host has no file store for the bot)`);
  return files;
}

async function fileEffect(files: FileStore, effect: FileEffect): Promise<Value> {
  switch (effect.type) {
    case 'file.read': {
      const path = normalizeFilePath(effect.path);
      const bytes = await files.read(path);
      if (bytes === undefined) throw new Error(`READ: no file "${path}" in the bot's drive`);
      return bytesToValue(path, bytes);
    }
    case 'file.write': {
      const path = normalizeFilePath(effect.path);
      await files.write(path, valueToBytes(effect.content));
      return path;
    }
    case 'file.copy':
      await files.copy(normalizeFilePath(effect.from), normalizeFilePath(effect.to));
      return normalizeFilePath(effect.to);
    case 'file.move':
      await files.move(normalizeFilePath(effect.from), normalizeFilePath(effect.to));
      return normalizeFilePath(effect.to);
    case 'file.delete':
      return files.delete(normalizeFilePath(effect.path));
    case 'file.list':
      return files.list(normalizeFilePath(effect.path, true));
  }
}

/** DOWNLOAD url: the body as a file value; with a path, written to the drive (resolves to the path). */
async function download(parts: StandardHostParts, url: string, path: string | undefined, headers: Record<string, string>): Promise<Value> {
  const files = path === undefined ? undefined : drive(parts.files, 'file.download');
  const body = await parts.http({ method: 'GET', url, headers, binary: true });
  if (!isFileValue(body) || files === undefined || path === undefined) return body;
  const target = normalizeFilePath(path);
  await files.write(target, valueToBytes(body));
  return target;
}

/** MERGE: each row updates the rows with its key's value, or is inserted when there are none. */
async function mergeRows(tables: TableStore, table: string, rows: readonly ObjectValue[], key: string): Promise<Value> {
  let merged = 0;
  for (const row of rows) {
    const value = row[key] ?? row[key.toLowerCase()] ?? null;
    const conditions = [{ field: key.toLowerCase(), op: '=' as const, value: value === null ? '' : String(value) }];
    const changed = await tables.update(table, conditions, row);
    if (changed === 0) await tables.insert(table, row);
    merged += 1;
  }
  return merged;
}
