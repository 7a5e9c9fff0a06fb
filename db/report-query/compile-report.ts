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
  const selected: SQL[] = [];
  for (const [key, dimension] of dimensions) {
    columns.push({ key, kind: 'dimension', ...(dimension.label ? { labelled: true } : {}) });
    selected.push(sql`${dimension.value} as ${sql.identifier(key)}`);
    if (dimension.label) selected.push(sql`${dimension.label} as ${sql.identifier(`${key}_label`)}`);
  }
  for (const [key, measure] of measures) {
    columns.push({ key, kind: 'measure', unit: measure.unit });
    selected.push(sql`${measure.expression} as ${sql.identifier(key)}`);
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

  // Grouped and ordered by position: a bucket's expression carries a bound time zone, and the same
  // parameter bound twice is not the same expression to PostgreSQL's GROUP BY.
  const grouped = selected.length - measures.length;
  const positions = Array.from({ length: grouped }, (_, i) => sql.raw(String(i + 1)));
  const joins = dimensions.flatMap(([, d]) => (d.join ? [d.join] : []));
  const query = sql.join([
    sql`select ${sql.join(selected, sql`, `)}`,
    sql`from ${source.from}`,
    ...joins,
    sql`where ${sql.join(where, sql` and `)}`,
    ...(grouped ? [sql`group by ${sql.join(positions, sql`, `)}`, sql`order by ${sql.join(positions, sql`, `)}`] : []),
    sql`limit ${report.limit}`,
  ], sql` `);
  return { query, columns };
}
