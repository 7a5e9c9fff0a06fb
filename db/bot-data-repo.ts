import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import {
  NUMERIC_TEXT_MAX_LENGTH, NUMERIC_TEXT_PATTERN, checkCondition, isNumericText, normalizeRow, normalizeTableName,
  type BotDataStores, type BotMemoryStore, type BotTableStore, type ComparisonOp, type Condition, type JsonObject, type JsonValue,
} from './bot-data-rules.js';
import type { Database } from './connection.js';
import { withTransaction } from './outbox-repo.js';
import { botMemory, botTableRows } from './schema/index.js';
import { insertTriggerRuns, type TableChangeEvent, type TriggerRunWrite } from './table-trigger-runs-repo.js';

/** Rows per INSERT statement when adding many (keeps well under PostgreSQL's 65535 parameters). */
const INSERT_CHUNK = 500;

const SQL_OPERATORS: Record<ComparisonOp, SQL> = {
  '=': sql.raw('='), '<>': sql.raw('<>'), '>': sql.raw('>'), '<': sql.raw('<'), '>=': sql.raw('>='), '<=': sql.raw('<='),
};

/** A change of a bot table that touched rows: the row inserted, the columns an update set, null for a delete. */
export interface TableChange {
  table: string;
  event: TableChangeEvent;
  row: JsonObject | null;
  count: number;
}

/**
 * Told of a bot's table changes inside their transaction: the engine, which records there the
 * pending runs of the table's `ON INSERT/UPDATE/DELETE OF` handlers (script-host/table-triggers.ts), so
 * a change never commits without them. Both calls are synchronous: the transaction is open.
 */
export interface TableChangeRecorder {
  /** Whether such changes of the table may record runs; other writes need no transaction. */
  watches(table: string, event: TableChangeEvent): boolean;
  /** The runs to write with a change that touched rows. */
  runsFor(change: TableChange): readonly TriggerRunWrite[];
}

/** The bot data stores of the database; a table store may be given a {@link TableChangeRecorder}. */
export interface BotDataRepo extends Omit<BotDataStores, 'tables'> {
  tables(botId: string, recorder?: TableChangeRecorder): BotTableStore;
}

/**
 * The only code that queries bot_table_rows and bot_memory: the database drivers of the BASIC
 * interpreter's storage ports (basic-interpreter/host/stores.ts), which its types satisfy
 * structurally; the rules they share are in bot-data-rules.ts. Values are read back as `::text`
 * and parsed here, because the drivers' own jsonb parsing would turn the JSON string "123" into
 * a number.
 */
export function createBotDataRepo(db: Database): BotDataRepo {
  return {
    tables: (botId, recorder) => tableStore(db, botId, recorder),
    botMemory: (botId) => memoryStore(db, botId, 'bot'),
    userMemory: (botId, userId) => {
      if (userId === '' || userId === 'bot') throw new Error(`Invalid user id for user memory: "${userId}"`);
      return memoryStore(db, botId, userId);
    },
  };
}

function tableStore(db: Database, botId: string, recorder: TableChangeRecorder | undefined): BotTableStore {
  const where = (table: string, conditions: readonly Condition[]) =>
    and(eq(botTableRows.bot_id, botId), eq(botTableRows.table_name, normalizeTableName(table)), ...conditions.map(conditionSql));
  /** Writes, in the change's transaction `tx`, the runs the recorder asks for (changes that touched no row ask for none). */
  const record = (tx: Database, changes: readonly TableChange[]) =>
    insertTriggerRuns(tx, botId, recorder ? changes.filter((c) => c.count > 0).flatMap((c) => recorder.runsFor(c)) : []);
  const watched = (table: string, event: TableChangeEvent) => recorder?.watches(normalizeTableName(table), event) === true;

  return {
    async insert(table, row) {
      const name = normalizeTableName(table);
      const stored = normalizeRow(row);
      if (!watched(name, 'insert')) {
        await db.insert(botTableRows).values({ bot_id: botId, table_name: name, row: stored });
        return;
      }
      await withTransaction(db, async (tx) => {
        await tx.insert(botTableRows).values({ bot_id: botId, table_name: name, row: stored });
        await record(tx, [{ table: name, event: 'insert', row: stored, count: 1 }]);
      });
    },
    async insertMany(table, rows, options = {}) {
      const name = normalizeTableName(table);
      const values = rows.map((row) => ({ bot_id: botId, table_name: name, row: normalizeRow(row) }));
      return withTransaction(db, async (tx) => {
        if (options.onlyIfEmpty) {
          // Serialises concurrent seeders of this table until commit, so the emptiness check holds.
          await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${botId}::text || ':' || ${name}::text, 0))`);
          const [existing] = await tx.select({ id: botTableRows.id }).from(botTableRows)
            .where(and(eq(botTableRows.bot_id, botId), eq(botTableRows.table_name, name))).limit(1);
          if (existing) return 0;
        }
        for (let i = 0; i < values.length; i += INSERT_CHUNK) await tx.insert(botTableRows).values(values.slice(i, i + INSERT_CHUNK));
        // Each row is a change of its own, as if inserted alone.
        const changes = watched(name, 'insert') ? values.map((v): TableChange => ({ table: name, event: 'insert', row: v.row, count: 1 })) : [];
        await record(tx, changes);
        return values.length;
      });
    },
    async find(table, conditions) {
      const rows = await db.select({ row: sql<string>`${botTableRows.row}::text` }).from(botTableRows)
        .where(where(table, conditions)).orderBy(asc(botTableRows.seq));
      return rows.map((r) => JSON.parse(r.row) as JsonObject);
    },
    async count(table, conditions) {
      const [row] = await db.select({ n: count() }).from(botTableRows).where(where(table, conditions));
      return row?.n ?? 0;
    },
    async update(table, conditions, values) {
      const set = normalizeRow(values);
      const run = async (tx: Database) => {
        const changed = await tx.update(botTableRows)
          .set({ row: sql`${botTableRows.row} || ${JSON.stringify(set)}::jsonb` })
          .where(where(table, conditions)).returning({ id: botTableRows.id });
        return changed.length;
      };
      if (!watched(table, 'update')) return run(db);
      return withTransaction(db, async (tx) => {
        const n = await run(tx);
        await record(tx, [{ table: normalizeTableName(table), event: 'update', row: set, count: n }]);
        return n;
      });
    },
    async delete(table, conditions) {
      const run = async (tx: Database) => (await tx.delete(botTableRows).where(where(table, conditions)).returning({ id: botTableRows.id })).length;
      if (!watched(table, 'delete')) return run(db);
      return withTransaction(db, async (tx) => {
        const n = await run(tx);
        await record(tx, [{ table: normalizeTableName(table), event: 'delete', row: null, count: n }]);
        return n;
      });
    },
  };
}

/**
 * One condition as SQL with the semantics of `matchesConditions` (basic-interpreter/host/
 * table-filter.ts). The column name and value are parameters; the numeric cast only runs on
 * values the CASE has already checked, so odd stored data never makes the query fail.
 */
function conditionSql(condition: Condition): SQL {
  checkCondition(condition);
  const op = SQL_OPERATORS[condition.op];
  const json = sql`(${botTableRows.row} -> ${condition.field}::text)`;
  const text = sql`(${botTableRows.row} ->> ${condition.field}::text)`;
  // Missing and JSON null read as ''; arrays and objects as NULL, which fails every comparison.
  const asText = sql`(case when jsonb_typeof(${json}) in ('object', 'array') then null else coalesce(${text}, '') end)`;
  const textCompare = sql`lower(${asText}) collate "C" ${op} lower(${condition.value}::text) collate "C"`;
  if (!isNumericText(condition.value)) return textCompare;
  // float8, not numeric: doubles compare exactly as in JavaScript (1e21 = 999999999999999999999).
  // Safe casts: stored numbers were written from doubles, and the pattern bounds numeric strings.
  const number = sql`${condition.value}::float8`;
  return sql`(case
    when jsonb_typeof(${json}) = 'number' then ${text}::float8 ${op} ${number}
    when jsonb_typeof(${json}) = 'string' and length(${text}) <= ${NUMERIC_TEXT_MAX_LENGTH}
      and ${text} ~ ${NUMERIC_TEXT_PATTERN} then ${text}::float8 ${op} ${number}
    else ${textCompare} end)`;
}

function memoryStore(db: Database, botId: string, scope: string): BotMemoryStore {
  const where = (key: string) => and(eq(botMemory.bot_id, botId), eq(botMemory.scope, scope), eq(botMemory.key, key));
  return {
    async get(key) {
      const [row] = await db.select({ value: sql<string>`${botMemory.value}::text` }).from(botMemory).where(where(key)).limit(1);
      return row ? (JSON.parse(row.value) as JsonValue) : null;
    },
    async set(key, value) {
      const json = JSON.stringify(value) as string | undefined;
      if (value === null || json === undefined || json === 'null') {
        await db.delete(botMemory).where(where(key));
        return;
      }
      await db.insert(botMemory)
        .values({ bot_id: botId, scope, key, value: sql`${json}::jsonb` })
        .onConflictDoUpdate({
          target: [botMemory.bot_id, botMemory.scope, botMemory.key],
          set: { value: sql`excluded.value`, updated_at: sql`now()` },
        });
    },
  };
}
