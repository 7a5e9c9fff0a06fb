/**
 * A report definition → one SQL statement (docs/attendance/reports.md, "How a report becomes a
 * query"). Only fragments of the catalogue reach the statement's text; dates, ids, tags and the
 * time zone are bound parameters. A key the catalogue lacks, or one its source does not have, is
 * refused here too, whatever validated the definition before.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  DIMENSIONS, FILTER_KEYS, FILTERS, MEASURES, SOURCES, type DimensionOnSource, type FilterKey, type MeasureKey, type MeasureUnit, type ReportFilterValues,
  type ReportSource,
} from './catalogue.js';

/** A validated definition with its period resolved to instants. */
export interface ReportQuery {
  source: ReportSource;
  measures: readonly MeasureKey[];
  group_by: readonly string[];
  filters: ReportFilterValues;
  /** Inclusive. */
  from: Date;
  /** Exclusive. */
  to: Date;
  /** IANA name: the day and week buckets are this zone's. */
  time_zone: string;
  /** At most this many rows. */
  limit: number;
}

/** One column of the answer: a group-by (with `<key>_label` beside it when it has one) or a measure. */
export interface ReportColumn {
  key: string;
  kind: 'dimension' | 'measure';
  unit?: MeasureUnit;
  /** The dimension has a readable name beside its id, in the `<key>_label` column. */
  labelled?: boolean;
}

export interface CompiledReport {
  query: SQL;
  columns: ReportColumn[];
}

/** Thrown for a key outside the catalogue or its source; the use case validated before, so this is a bug or an attack. */
export class ReportCompileError extends Error {
  override readonly name = 'ReportCompileError';
}

const own = (table: object, key: string) => Object.prototype.hasOwnProperty.call(table, key);

/** Builds the statement; see the module comment. */
export function compileReport(report: ReportQuery): CompiledReport {
  const source = SOURCES[report.source];
  if (!own(SOURCES, report.source)) throw new ReportCompileError(`unknown source ${report.source}`);
  if (report.measures.length === 0) throw new ReportCompileError('a report needs a measure');

  const dimensions = report.group_by.map((key): [string, DimensionOnSource] => {
    const onSource = own(DIMENSIONS, key) ? DIMENSIONS[key]![report.source] : undefined;
    if (!onSource) throw new ReportCompileError(`${report.source} cannot be grouped by ${key}`);
    return [key, onSource(report.time_zone)];
  });
  const measures = report.measures.map((key) => {
    if (!own(MEASURES, key) || MEASURES[key].source !== report.source) throw new ReportCompileError(`${key} is not a measure of ${report.source}`);
    return [key, MEASURES[key]] as const;
  });

  const columns: ReportColumn[] = [];
  const inner: SQL[] = [];
  const outer: SQL[] = [];
  const labelJoins: SQL[] = [];
  for (const [key, dimension] of dimensions) {
    const g = sql`g.${sql.identifier(key)}`;
    const label = dimension.label?.(g);
    columns.push({ key, kind: 'dimension', ...(label ? { labelled: true } : {}) });
    inner.push(sql`${dimension.value} as ${sql.identifier(key)}`);
    outer.push(sql`${dimension.shown ? dimension.shown(g) : sql`${g}::text`} as ${sql.identifier(key)}`);
    if (label) {
      outer.push(sql`${label.name} as ${sql.identifier(`${key}_label`)}`);
      labelJoins.push(label.join);
    }
  }
  for (const [key, measure] of measures) {
    columns.push({ key, kind: 'measure', unit: measure.unit });
    inner.push(sql`${measure.expression} as ${sql.identifier(key)}`);
    outer.push(sql`g.${sql.identifier(key)}`);
  }

  const where: SQL[] = [sql`${source.time} >= ${report.from.toISOString()}::timestamptz`, sql`${source.time} < ${report.to.toISOString()}::timestamptz`];
  for (const key of Object.keys(report.filters) as FilterKey[]) {
    if (!own(FILTERS, key)) throw new ReportCompileError(`unknown filter ${key}`);
  }
  for (const key of FILTER_KEYS) {
    const values = report.filters[key];
    if (!values || values.length === 0) continue;
    const condition = FILTERS[key][report.source];
    if (!condition) throw new ReportCompileError(`${report.source} cannot be filtered by ${key}`);
    where.push(condition(values));
  }

  // The rows are aggregated by their raw keys first (ids, truncated times); names and display
  // forms are computed per group outside, which keeps the per-row work to the aggregates. Grouped
  // and ordered by position: a bucket's expression carries a bound time zone, and the same
  // parameter bound twice is not the same expression to PostgreSQL's GROUP BY.
  const positions = (n: number) => sql.join(Array.from({ length: n }, (_, i) => sql.raw(String(i + 1))), sql`, `);
  const grouped = dimensions.length;
  const joins = dimensions.flatMap(([, d]) => (d.join ? [d.join] : []));
  const aggregate = sql.join([
    sql`select ${sql.join(inner, sql`, `)}`,
    sql`from ${source.from}`,
    ...joins,
    sql`where ${sql.join(where, sql` and `)}`,
    ...(grouped ? [sql`group by ${positions(grouped)}`] : []),
  ], sql` `);
  const query = sql.join([
    sql`select ${sql.join(outer, sql`, `)} from (${aggregate}) g`,
    ...labelJoins,
    ...(grouped ? [sql`order by ${positions(outer.length - measures.length)}`] : []),
    sql`limit ${report.limit}`,
  ], sql` `);
  return { query, columns };
}
