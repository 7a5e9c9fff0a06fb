import type { FileStore } from './file-store.js';
import type { ObjectValue, Value } from '../values.js';
import { copyValue, normalizeRow, normalizeTableName, type BotDataStores, type MemoryStore, type TableStore } from './stores.js';
import { checkConditions, matchesConditions, type Condition } from './table-filter.js';

/**
 * In-memory drivers of the storage ports, for the CLI and tests: same semantics as the database
 * repository (the contract suite checks), nothing survives the process.
 */

/** A table store over plain arrays; rows keep insertion order. */
export function createInMemoryTableStore(): TableStore {
  const tables = new Map<string, ObjectValue[]>();
  const rowsOf = (table: string): ObjectValue[] => {
    const name = normalizeTableName(table);
    let rows = tables.get(name);
    if (!rows) tables.set(name, (rows = []));
    return rows;
  };
  const matching = (table: string, conditions: readonly Condition[]) => {
    checkConditions(conditions);
    return rowsOf(table).filter((row) => matchesConditions(row, conditions));
  };

  return {
    async insert(table, row) {
      rowsOf(table).push(normalizeRow(row));
    },
    async insertMany(table, rows, options = {}) {
      const target = rowsOf(table);
      if (options.onlyIfEmpty && target.length > 0) return 0;
      target.push(...rows.map(normalizeRow));
      return rows.length;
    },
    async find(table, conditions) {
      return matching(table, conditions).map((row) => normalizeRow(row));
    },
    async count(table, conditions) {
      return matching(table, conditions).length;
    },
    async update(table, conditions, values) {
      const changes = normalizeRow(values);
      const hits = new Set(matching(table, conditions));
      const rows = rowsOf(table);
      // Each changed row gets its own copy of the new values, so rows never share nested objects.
      rows.forEach((row, index) => {
        if (hits.has(row)) rows[index] = { ...row, ...normalizeRow(changes) };
      });
      return hits.size;
    },
    async delete(table, conditions) {
      const hits = new Set(matching(table, conditions));
      const rows = rowsOf(table);
      const kept = rows.filter((row) => !hits.has(row));
      const removed = rows.length - kept.length;
      rows.splice(0, rows.length, ...kept);
      return removed;
    },
  };
}

/** One memory scope over a Map; values are copied in and out. */
export function createInMemoryMemoryStore(): MemoryStore {
  const entries = new Map<string, Value>();
  return {
    async get(key) {
      return entries.has(key) ? copyValue(entries.get(key)!) : null;
    },
    async set(key, value) {
      const copy = copyValue(value);
      if (copy === null) entries.delete(key);
      else entries.set(key, copy);
    },
  };
}

/** Every bot's tables and memories in this process: what the CLI's host runs on. */
export function createInMemoryBotData(): BotDataStores {
  const tables = new Map<string, TableStore>();
  const memories = new Map<string, MemoryStore>();
  const memory = (scopeKey: string): MemoryStore => {
    let store = memories.get(scopeKey);
    if (!store) memories.set(scopeKey, (store = createInMemoryMemoryStore()));
    return store;
  };
  return {
    tables(botId) {
      let store = tables.get(botId);
      if (!store) tables.set(botId, (store = createInMemoryTableStore()));
      return store;
    },
    botMemory: (botId) => memory(JSON.stringify([botId, 'bot'])),
    userMemory: (botId, userId) => memory(JSON.stringify([botId, 'user', userId])),
  };
}

/** A bot's drive in memory (CLI without --data, tests): the same contract as the folder store. */
export function createInMemoryFileStore(): FileStore {
  const files = new Map<string, Buffer>();
  const get = (path: string): Buffer => {
    const bytes = files.get(path);
    if (bytes === undefined) throw new Error(`no file "${path}" in the bot's drive`);
    return bytes;
  };
  return {
    read: async (path) => files.get(path),
    write: async (path, bytes) => {
      files.set(path, Buffer.from(bytes));
    },
    copy: async (from, to) => {
      files.set(to, Buffer.from(get(from)));
    },
    move: async (from, to) => {
      files.set(to, get(from));
      files.delete(from);
    },
    delete: async (path) => files.delete(path),
    list: async (folder) => [...files.keys()].filter((p) => folder === '' || p.startsWith(`${folder}/`)).sort(),
  };
}
