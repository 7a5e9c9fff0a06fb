import { isObjectValue, type ObjectValue, type Value } from '../values.js';
import type { EffectBody } from './effects.js';
import type { TableStore } from './stores.js';

/** How the bot's model reads free text into a record (an `unstructured.read` effect of the host's conversation). */
type ReadRow = (request: Omit<Extract<EffectBody, { type: 'unstructured.read' }>, 'type'>) => Promise<Value>;

/**
 * SAVE FROM UNSTRUCTURED "table", source (docs/basic.md, "SAVE FROM UNSTRUCTURED"): a row of the
 * table from an object, from text that is a JSON object (the templates pass `FORMAT x AS JSON`),
 * or from free text, which the bot's model reads into the table's columns. A list of objects adds
 * a row each. The row (or the rows) stored is the result.
 */
export async function saveFromUnstructured(tables: TableStore, readRow: ReadRow, effect: Extract<EffectBody, { type: 'table.extract' }>): Promise<Value> {
  const given = structured(effect.source);
  const rows = given?.rows ?? [await readByModel(tables, readRow, effect.table, typeof effect.source === 'string' ? effect.source : JSON.stringify(effect.source))];
  for (const row of rows) await tables.insert(effect.table, row);
  return given?.list ? rows : rows[0]!;
}

/** The rows a source already holds (an object, a list of them, or JSON text of either), and whether it was a list; undefined for free text. */
function structured(source: Value): { rows: ObjectValue[]; list: boolean } | undefined {
  let value = source;
  if (typeof source === 'string') {
    const text = source.trim();
    if (!text.startsWith('{') && !text.startsWith('[')) return undefined;
    try {
      value = JSON.parse(text) as Value;
    } catch {
      return undefined; // braces around prose: the model reads it
    }
  }
  if (isObjectValue(value)) return { rows: [value], list: false };
  if (Array.isArray(value) && value.length > 0 && value.every(isObjectValue)) return { rows: value, list: true };
  if (typeof source === 'string') return undefined;
  throw new Error('SAVE FROM UNSTRUCTURED needs text, an object or a list of objects');
}

/** The model's reading of free text as one row: the table's defined columns only, those it gave a value. */
async function readByModel(tables: TableStore, readRow: ReadRow, table: string, text: string): Promise<ObjectValue> {
  const columns = tables.columns?.(table);
  const row = await readRow({ table, ...(columns ? { columns } : {}), text });
  if (!isObjectValue(row)) throw new Error(`SAVE FROM UNSTRUCTURED: the model's answer is not a JSON object for the table "${table}"`);
  if (!columns) return row;
  // Only the defined columns: the model may add keys the table does not have.
  const known = new Set(columns.map((c) => c.name.toLowerCase()));
  return Object.fromEntries(Object.entries(row).filter(([key, value]) => known.has(key.toLowerCase()) && value !== null));
}
