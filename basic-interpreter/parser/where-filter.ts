/**
 * `WHERE a = x AND b >= y` of FIND, UPDATE and DELETE (docs/basic.md, "Data"): the left of each
 * comparison names a column, the right is a value of the script. Built here into the filter the
 * stores read (host/table-filter.ts) by the internal phrase `WHERE` (vm/phrases.ts), which quotes
 * each value at run time, so a value holding `AND` or a quote stays one value. A WHERE that is
 * not such a list (a string, a variable) is the filter text itself, as in `FIND "t", "a=1"`.
 */
import type { Expr, Loc } from './ast.js';

const COMPARISONS = new Set(['=', '<>', '<', '>', '<=', '>=']);

/** The filter expression for `condition`, or a message saying what cannot be a condition. */
export function whereFilter(condition: Expr): Expr | { error: string; loc: Loc } {
  if (condition.kind !== 'binary') return condition;
  const values: Expr[] = [];
  const labels: string[] = [];
  const visit = (e: Expr): { error: string; loc: Loc } | undefined => {
    if (e.kind === 'binary' && e.op === 'AND') return visit(e.left) ?? visit(e.right);
    if (e.kind === 'binary' && e.op === 'OR') {
      return { error: 'WHERE joins conditions with AND only: for OR, FIND each and join the lists, or FILTER the rows', loc: e.loc };
    }
    if (e.kind !== 'binary' || !COMPARISONS.has(e.op)) return { error: 'WHERE expects comparisons of a column with a value: WHERE status = "open" AND total > 10', loc: e.loc };
    if (e.left.kind !== 'variable') return { error: 'WHERE expects a column name left of the comparison: WHERE status = "open"', loc: e.left.loc };
    labels.push(`${e.left.name} ${e.op}`);
    values.push(e.right);
    return undefined;
  };
  // A comparison of two values that is no column test (`WHERE "a" = "b"`) is refused by visit.
  if (!['AND', 'OR', ...COMPARISONS].includes(condition.op)) return condition;
  const problem = visit(condition);
  if (problem !== undefined) return problem;
  return { kind: 'phrase', phrase: 'WHERE', args: values, labels, loc: condition.loc };
}
