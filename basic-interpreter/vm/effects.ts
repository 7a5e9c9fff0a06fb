import type { CommandKeyword } from '../parser/index.js';
import { toText } from '../coercion.js';
import type { EffectBody } from '../host/index.js';
import { isObjectValue, type ObjectValue, type Value } from '../values.js';
import { cloneValue, describeValue, ScriptError, setKey } from './operators.js';

/**
 * Keyword arguments to the Effect objects of host/effects.ts. Values are copied, so a host that keeps
 * what it is given never sees the script change it afterwards.
 */

const TRANSFER_FIELDS = ['target', 'department', 'priority', 'reason', 'destination', 'skills'] as const;
type TransferField = (typeof TRANSFER_FIELDS)[number];

function text(args: readonly Value[], i: number): string {
  return toText(args[i] ?? null);
}

/** A table as General Bots scripts name it: `"products.csv"` (a file of the bot's drive there) is table `products`. */
export function tableName(args: readonly Value[], i: number): string {
  return text(args, i).replace(/^.*[\\/]/, '').replace(/\.(?:csv|tsv|xlsx?|json)$/i, '');
}

function object(keyword: string, value: Value | undefined): ObjectValue {
  if (value === undefined || value === null) return {};
  if (isObjectValue(value)) return cloneValue(value) as ObjectValue;
  throw new ScriptError(`${keyword.toUpperCase().replace(/_/g, ' ')} needs an object like {name: "x"}, got ${describeValue(value)}`);
}

/** A cron expression: five or six fields (docs/basic.md, "Scheduling"). */
const CRON = /^\S+(?:\s+\S+){4,5}$/;

/**
 * SET SCHEDULE when [, "script.bas"]: `when` a cron expression, or a date for one run. The
 * templates' three-value forms (docs/basic.md, "Compatibility"): `"cron", "script.bas", "job"`
 * is the cron and the script (the job is the script); `"cron", date, "script.bas"` is one run of
 * the script at the date.
 */
function schedule(args: readonly Value[]): EffectBody {
  if (args.length > 2) {
    const second = text(args, 1).trim();
    const dated = !/\.bas$/i.test(second) && !Number.isNaN(Date.parse(second));
    return schedule(dated ? [args[1] ?? null, args[2] ?? null] : [args[0] ?? null, args[1] ?? null]);
  }
  const when = text(args, 0).trim();
  const script = args.length > 1 ? text(args, 1).trim() : undefined;
  const target = script ? { script } : {};
  if (CRON.test(when)) return { type: 'schedule.set', cron: when, ...target };
  const at = Date.parse(when);
  if (Number.isNaN(at)) throw new ScriptError(`SET SCHEDULE needs a cron expression ("0 9 * * *") or a date (DATEADD(NOW(), 1, "day")), got "${when}"`);
  if (!script) throw new ScriptError('SET SCHEDULE at a date runs another script: SET SCHEDULE date, "script.bas"');
  return { type: 'schedule.set', at: new Date(at).toISOString(), script };
}

/** TRANSFER TO HUMAN: positional (target, priority, reason, destination) or one object. NULL fields are left out. */
function transfer(args: readonly Value[]): EffectBody {
  const effect: { type: 'transfer' } & Partial<Record<TransferField, string>> = { type: 'transfer' };
  const first = args[0];
  if (args.length === 1 && first !== undefined && isObjectValue(first)) {
    for (const field of TRANSFER_FIELDS) {
      const value = first[field];
      if (value !== undefined && value !== null) effect[field] = toText(value);
    }
    if (effect.skills !== undefined) checkSkills(effect.skills);
    return effect;
  }
  (['target', 'priority', 'reason', 'destination'] as const).forEach((field, i) => {
    const value = args[i];
    if (value !== undefined && value !== null) effect[field] = toText(value);
  });
  return effect;
}

/**
 * One `name[:level]` of TRANSFER TO HUMAN's `skills` (docs/attendance/skills-routing.md, "What a
 * conversation needs"): a name of up to 50 characters without `:` or `=`, a level from 1 to 5.
 */
const SKILL = /^([^:=]{1,50}?)\s*(?::\s*([1-5]))?$/;

/** A `skills` text that is not such a list would route as if nothing were asked: the script hears of it instead. */
function checkSkills(text: string): void {
  for (const part of text.split(',').map((p) => p.trim()).filter((p) => p !== '')) {
    if (!SKILL.test(part)) {
      throw new ScriptError(`TRANSFER TO HUMAN skills needs a list like "billing:3, spanish" (a name, then :level from 1 to 5), got "${part}" in "${text}"`);
    }
  }
}

function http(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', args: readonly Value[], headers: Record<string, string>): EffectBody {
  const url = text(args, 0);
  if (url === '') throw new ScriptError(`${method} needs a URL`);
  const effect: Extract<EffectBody, { type: 'http' }> = { type: 'http', method, url, headers: { ...headers } };
  if (args.length > 1 && method !== 'GET' && method !== 'DELETE') effect.body = cloneValue(args[1]!);
  return effect;
}

/** The effect a keyword with these argument values asks of the host (without file and line). */
export function buildEffect(keyword: CommandKeyword, args: readonly Value[], headers: Record<string, string>): EffectBody {
  const value = (i: number) => cloneValue(args[i] ?? null);
  switch (keyword) {
    case 'http_get':
      return http('GET', args, headers);
    case 'http_post':
      return http('POST', args, headers);
    case 'http_put':
      return http('PUT', args, headers);
    case 'http_patch':
      return http('PATCH', args, headers);
    case 'http_delete':
      return http('DELETE', args, headers);
    case 'find':
      return { type: 'table.find', table: tableName(args, 0), filter: text(args, 1) };
    case 'insert':
      return { type: 'table.insert', table: tableName(args, 0), row: object(keyword, args[1]) };
    case 'update':
      return { type: 'table.update', table: tableName(args, 0), filter: text(args, 1), values: object(keyword, args[2]) };
    case 'delete':
      return { type: 'table.delete', table: tableName(args, 0), filter: text(args, 1) };
    case 'transfer_to_human':
      return transfer(args);
    case 'create_meeting':
      return { type: 'meeting.create', options: object(keyword, args[0]) };
    case 'llm':
      return { type: 'llm', prompt: text(args, 0) };
    case 'get_bot_memory':
      return { type: 'memory.bot.get', key: text(args, 0) };
    case 'set_bot_memory':
      return { type: 'memory.bot.set', key: text(args, 0), value: value(1) };
    case 'recall':
      return { type: 'memory.user.get', key: text(args, 0) };
    case 'remember':
      return { type: 'memory.user.set', key: text(args, 0), value: value(1) };
    case 'get_session':
      return { type: 'session.get', key: text(args, 0) };
    case 'set_session':
      return { type: 'session.set', key: text(args, 0), value: value(1) };
    case 'set_context':
      return { type: 'context.set', text: text(args, 0) };
    case 'send_mail':
      return { type: 'mail.send', to: text(args, 0), subject: text(args, 1), body: text(args, 2) };
    case 'talk_to':
      return { type: 'talk.to', address: text(args, 0), text: text(args, 1) };
    case 'set_schedule':
      return schedule(args);
    case 'set_header':
    case 'clear_headers':
    case 'add_suggestion':
    case 'clear_suggestions':
      throw new Error(`VM: ${keyword} is not an effect`);
  }
}

/** SAVE "table", a, b → a row {a, b} named after the variables; SAVE "table", object → that object. */
export function saveEffect(args: readonly Value[], columns: readonly string[]): EffectBody {
  const table = tableName(args, 0);
  const fields = args.slice(1);
  const only = fields[0];
  if (fields.length === 1 && only !== undefined && isObjectValue(only)) return { type: 'table.insert', table, row: cloneValue(only) as ObjectValue };
  const row: ObjectValue = {};
  fields.forEach((v, i) => {
    setKey(row, columns[i] ?? `field${i + 1}`, cloneValue(v));
  });
  return { type: 'table.insert', table, row };
}
