import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import {
  NUMERIC_TEXT_MAX_LENGTH, NUMERIC_TEXT_PATTERN, checkCondition, isNumericText, normalizeRow, normalizeTableName,
  type BotDataStores, type BotMemoryStore, type BotTableStore, type ComparisonOp, type Condition, type JsonObject, type JsonValue,
} from './bot-data-rules.js';
import type { Database } from './connection.js';
import { botMemory, botTableRows } from './schema/index.js';

/** Rows per INSERT statement when adding many (keeps well under PostgreSQL's 65535 parameters). */
const INSERT_CHUNK = 500;

const SQL_OPERATORS: Record<ComparisonOp, SQL> = {
  '=': sql.raw('='), '<>': sql.raw('<>'), '>': sql.raw('>'), '<': sql.raw('<'), '>=': sql.raw('>='), '<=': sql.raw('<='),
};

/**
 * The only code that queries bot_table_rows and bot_memory: the database drivers of the BASIC
 * interpreter's storage ports (basic-interpreter/host/stores.ts), which its types satisfy
 * structurally; the rules they share are in bot-data-rules.ts. Values are read back as `::text`
 * and parsed here, because the drivers' own jsonb parsing would turn the JSON string "123" into
 * a number.
 */
export function createBotDataRepo(db: Database): BotDataStores {
  return {
    tables: (botId) => tableStore(db, botId),
    botMemory: (botId) => memoryStore(db, botId, 'bot'),
    userMemory: (botId, userId) => {
      if (userId === '' || userId === 'bot') throw new Error(`Invalid user id for user memory: "${userId}"`);
      return memoryStore(db, botId, userId);
    },
  };
}

export type BotDataRepo = ReturnType<typeof createBotDataRepo>;

function tableStore(db: Database, botId: string): BotTableStore {
  const where = (table: string, conditions: readonly Condition[]) =>
    and(eq(botTableRows.bot_id, botId), eq(botTableRows.table_name, normalizeTableName(table)), ...conditions.map(conditionSql));

  return {
    async insert(table, row) {
      await db.insert(botTableRows).values({ bot_id: botId, table_name: normalizeTableName(table), row: normalizeRow(row) });
    },
    async insertMany(table, rows, options = {}) {
      const name = normalizeTableName(table);
      const values = rows.map((row) => ({ bot_id: botId, table_name: name, row: normalizeRow(row) }));
      return db.transaction(async (tx) => {
        if (options.onlyIfEmpty) {
          // Serialises concurrent seeders of this table until commit, so the emptiness check holds.
          await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${botId}::text || ':' || ${name}::text, 0))`);
          const [existing] = await tx.select({ id: botTableRows.id }).from(botTableRows)
            .where(and(eq(botTableRows.bot_id, botId), eq(botTableRows.table_name, name))).limit(1);
          if (existing) return 0;
        }
        for (let i = 0; i < values.length; i += INSERT_CHUNK) await tx.insert(botTableRows).values(values.slice(i, i + INSERT_CHUNK));
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
      const changes = JSON.stringify(normalizeRow(values));
      const changed = await db.update(botTableRows)
        .set({ row: sql`${botTableRows.row} || ${changes}::jsonb` })
        .where(where(table, conditions)).returning({ id: botTableRows.id });
      return changed.length;
    },
    async delete(table, conditions) {
      const removed = await db.delete(botTableRows).where(where(table, conditions)).returning({ id: botTableRows.id });
      return removed.length;
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
