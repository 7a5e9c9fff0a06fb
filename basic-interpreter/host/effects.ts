import type { ObjectValue, Value } from '../values.js';

/**
 * Effects: everything a script does to the world outside the VM. The VM never performs them; it
 * hands each one to the host (the engine in the server, an in-memory host in the CLI and tests)
 * and continues with the value the host returns. `file` and `line` say where in the script it
 * came from (for `--trace` and logs).
 */
export type Effect = EffectBody & { file: string; line: number };

export type EffectBody =
  /** `r = GET url` etc. `headers` are those set by SET HEADER. Resolves to the parsed JSON body, or the text. */
  | { type: 'http'; method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; url: string; body?: Value; headers: Record<string, string> }
  /** SAVE and INSERT: add one row. Resolves to null. */
  | { type: 'table.insert'; table: string; row: ObjectValue }
  /** FIND: resolves to an array of row objects. `filter` is the text as written, e.g. "age>=18 AND city=Lisbon". */
  | { type: 'table.find'; table: string; filter: string }
  /** UPDATE: resolves to the number of rows changed. */
  | { type: 'table.update'; table: string; filter: string; values: ObjectValue }
  /** DELETE "table", "filter": resolves to the number of rows removed. */
  | { type: 'table.delete'; table: string; filter: string }
  /** SET BOT MEMORY / GET BOT MEMORY(k): per bot. get resolves to the value or null. */
  | { type: 'memory.bot.set'; key: string; value: Value }
  | { type: 'memory.bot.get'; key: string }
  /** REMEMBER / RECALL(k): per user of the bot. */
  | { type: 'memory.user.set'; key: string; value: Value }
  | { type: 'memory.user.get'; key: string }
  /** SET SESSION / GET SESSION(k): the session keys a script may set (docs/basic.md). */
  | { type: 'session.set'; key: string; value: Value }
  | { type: 'session.get'; key: string }
  /** SET CONTEXT text: background for later LLM calls. */
  | { type: 'context.set'; text: string }
  /** TRANSFER TO HUMAN. Resolves to {success, status, queue_position, assigned_to, assigned_to_name, estimated_wait_seconds, message}. */
  | { type: 'transfer'; target?: string; department?: string; priority?: string; reason?: string; destination?: string }
  /** CREATE MEETING options. Resolves to {success, room_id, join_url}. */
  | { type: 'meeting.create'; options: ObjectValue }
  | { type: 'mail.send'; to: string; subject: string; body: string }
  /** TALK TO address, text: a message to someone other than the current customer. */
  | { type: 'talk.to'; address: string; text: string }
  /** r = LLM prompt: resolves to the model's text. */
  | { type: 'llm'; prompt: string }
  /** SET SCHEDULE "cron": run this script on that schedule. */
  | { type: 'schedule.set'; cron: string }
  /** An answer to HEAR was invalid 3 times in a row: the session's failed-attempt counter grows. */
  | { type: 'hear.failed'; variable: string };

/** Carries out effects. A rejection becomes a runtime error of the script at that line. */
export interface EffectHost {
  perform(effect: Effect): Promise<Value>;
}
