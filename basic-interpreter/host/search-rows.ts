import { toText } from '../coercion.js';
import type { ObjectValue } from '../values.js';

/** Lower-case without accents, so `Chocolate` and `chocolaté` both match `chocolate`. */
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * SEARCH "table", query [, limit] (docs/basic.md, "Compatibility"): the rows holding every word
 * of the query in some field (case and accents ignored), those where more of the words start a
 * field's word first, at most `limit` of them (10 by default, as the reference).
 */
export function searchRows(rows: readonly ObjectValue[], query: string, limit = 10): ObjectValue[] {
  const words = fold(query).split(/\s+/).filter((word) => word !== '');
  if (words.length === 0) return [];
  const scored: { row: ObjectValue; score: number; at: number }[] = [];
  rows.forEach((row, at) => {
    const text = fold(Object.values(row).map((value) => toText(value)).join(' \u0000 '));
    if (!words.every((word) => text.includes(word))) return;
    const score = words.filter((word) => new RegExp(`(^|[^\\p{L}\\p{N}])${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'u').test(text)).length;
    scored.push({ row, score, at });
  });
  return scored.sort((a, b) => b.score - a.score || a.at - b.at).slice(0, Math.max(0, Math.floor(limit))).map((s) => s.row);
}
