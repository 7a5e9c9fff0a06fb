/**
 * `TABLE name` … `END TABLE` and `CREATE INDEX name ON table(col, …)`: the table definitions of a
 * bot package (docs/basic.md, "Table definitions"). The block is one token (tokens.ts), read here
 * line by line, since its lines are column declarations, not statements:
 *
 *   name TYPE[(n[, m])] [PRIMARY KEY | KEY] [NOT NULL] [UNIQUE] [DEFAULT value] [REFERENCES table]
 *
 * TYPE is an SQL-ish type (UUID, VARCHAR(n), TEXT, INTEGER, NUMBER, DOUBLE, DECIMAL(p,s),
 * BOOLEAN, DATE, TIMESTAMP, STRING(n), JSONB…) or another table's name (a reference to its rows).
 * A line `UNIQUE(a, b)` (or `PRIMARY KEY(a, b)`) makes those columns unique together; a column's
 * `CHECK (…)` and a reference's `ON DELETE …` are read and not enforced; `TYPE[]` is a list.
 * `GENERATED ALWAYS AS (…) STORED` (an SQL expression) marks the column `generated` and is not computed.
 * DEFAULT is a literal (`0`, `'draft'`, `"x"`, TRUE, FALSE, NULL) or a generator: NOW(),
 * CURRENT_TIMESTAMP, TODAY(), UUID(), uuid_generate_v4(), gen_random_uuid().
 */
import type { ColumnDefault, ColumnType, IndexDecl, Loc, TableColumn, TableDecl } from './ast.js';

/** A problem in a definition: where, and what to write instead. */
export interface DefinitionError {
  loc: Loc;
  message: string;
}

const TYPES: Record<string, ColumnType> = {
  uuid: 'uuid', guid: 'uuid',
  varchar: 'text', char: 'text', text: 'text', string: 'text', nvarchar: 'text', email: 'text', phone: 'text',
  integer: 'integer', int: 'integer', bigint: 'integer', smallint: 'integer', serial: 'integer',
  number: 'number', double: 'number', decimal: 'number', numeric: 'number', float: 'number', real: 'number', money: 'number',
  boolean: 'boolean', bool: 'boolean',
  date: 'date',
  timestamp: 'timestamp', datetime: 'timestamp', timestamptz: 'timestamp',
  jsonb: 'json', json: 'json', object: 'json',
};

const GENERATORS: Record<string, ColumnDefault> = {
  'now()': { kind: 'now' }, current_timestamp: { kind: 'now' }, 'current_timestamp()': { kind: 'now' },
  'today()': { kind: 'today' }, current_date: { kind: 'today' },
  'uuid()': { kind: 'uuid' }, 'uuid_generate_v4()': { kind: 'uuid' }, 'gen_random_uuid()': { kind: 'uuid' },
};

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const COLUMN_LINE = /^([A-Za-z_][A-Za-z0-9_]*)[ \t]+([A-Za-z_][A-Za-z0-9_]*)[ \t]*(?:\(([^)]*)\))?[ \t]*(\[\])?(.*)$/;
const COLUMN_USAGE = 'write a column as: name TYPE [PRIMARY KEY] [NOT NULL] [UNIQUE] [DEFAULT value]';

/** Reads one `TABLE` block (its whole text, first line `TABLE name`) at `loc`. */
export function readTableBlock(text: string, loc: Loc, errors: DefinitionError[]): TableDecl | undefined {
  const [first = '', ...rest] = text.split(/\r\n|\r|\n/);
  const name = /^[ \t]*TABLE[ \t]+([A-Za-z_][A-Za-z0-9_]*)[ \t]*(?:'.*)?$/i.exec(first)?.[1];
  if (name === undefined) {
    errors.push({ loc, message: 'expected a table name: TABLE leads' });
    return undefined;
  }
  const closed = rest.length > 0 && /^[ \t]*END[ \t]+TABLE/i.test(rest[rest.length - 1]!);
  const lines = closed ? rest.slice(0, -1) : rest;
  const columns: TableColumn[] = [];
  const table: TableDecl = { name: name.toLowerCase(), columns, loc };
  // A line that starts with "(" goes on from the line before (a long GENERATED … AS expression).
  const joined = lines.map(withoutComment).map((line, i, all) => (all[i + 1]?.trim().startsWith('(') ? `${line} ${all[i + 1]!.trim()}` : line.trim().startsWith('(') ? '' : line));
  joined.forEach((text, i) => {
    const raw = lines[i]!;
    const line = text.trim().replace(/,$/, '');
    if (line === '' || /^(?:CONSTRAINT[ \t]+[A-Za-z_][A-Za-z0-9_]*[ \t]+)?CHECK[ \t]*\(/i.test(line)) return;
    const at = { line: loc.line + i + 1, column: raw.length - raw.trimStart().length + 1 };
    const together = /^(?:CONSTRAINT[ \t]+[A-Za-z_][A-Za-z0-9_]*[ \t]+)?(UNIQUE|PRIMARY[ \t]+KEY)[ \t]*\(([^)]*)\)$/i.exec(line);
    if (together !== null) {
      const names = together[2]!.split(',').map((c) => c.trim().toLowerCase());
      if (names.some((c) => !NAME.test(c))) errors.push({ loc: at, message: `expected column names: ${together[1]!.toUpperCase()}(a, b)` });
      else (table.unique ??= []).push(names);
      return;
    }
    const column = readColumn(line, at, errors);
    if (column === undefined) return;
    if (columns.some((c) => c.name === column.name)) errors.push({ loc: at, message: `column "${column.name}" is already defined in TABLE ${name}` });
    else columns.push(column);
  });
  if (columns.length === 0) errors.push({ loc, message: `TABLE ${name} defines no column: ${COLUMN_USAGE}` });
  for (const names of table.unique ?? []) {
    const unknown = names.find((c) => !columns.some((column) => column.name === c));
    if (unknown !== undefined) errors.push({ loc, message: `UNIQUE(${names.join(', ')}) in TABLE ${name} names no column "${unknown}"` });
  }
  return table;
}

/** The line without its `'`, `#` or `//` comment; quoted DEFAULT values are kept whole. */
function withoutComment(line: string): string {
  return line.replace(/('(?:[^']|'')*'|"(?:[^"]|"")*")|(?<=^|[ \t])(?:'|#|\/\/).*$/g, (_whole, quoted: string | undefined) => quoted ?? '');
}

function readColumn(line: string, loc: Loc, errors: DefinitionError[]): TableColumn | undefined {
  const match = COLUMN_LINE.exec(line);
  if (match === null) {
    errors.push({ loc, message: `cannot read the column "${line}": ${COLUMN_USAGE}` });
    return undefined;
  }
  const [, name = '', typeWord = '', size, list, modifiers = ''] = match;
  const type = list === undefined ? TYPES[typeWord.toLowerCase()] : 'json';
  const column: TableColumn = { name: name.toLowerCase(), type: type ?? 'reference', loc };
  if (type === undefined) column.references = typeWord.toLowerCase();
  if (size !== undefined && size.trim().toLowerCase() !== 'max') {
    const numbers = size.split(',').map((n) => Number(n.trim()));
    if (numbers.some((n) => !Number.isInteger(n) || n <= 0)) {
      errors.push({ loc, message: `the size of "${name}" must be whole numbers: ${typeWord}(255) or ${typeWord}(10, 2)` });
    } else if (column.type === 'text') column.maxLength = numbers[0];
  }
  // SQL's computed columns: the expression is SQL, not BASIC; the column holds what scripts write.
  let rest = modifiers.trim().replace(/GENERATED[ \t]+ALWAYS[ \t]+AS[ \t]*\(.*\)[ \t]*(?:STORED)?/i, () => {
    column.generated = true;
    return '';
  }).replace(/CHECK[ \t]*\(.*\)/i, '').trim();
  while (rest !== '') {
    const word = /^(PRIMARY[ \t]+KEY|KEY|NOT[ \t]+NULL|NULL|UNIQUE|DEFAULT|REFERENCES)(?![A-Za-z0-9_])[ \t]*/i.exec(rest);
    if (word === null) {
      errors.push({ loc, message: `unknown "${rest.split(/\s/)[0]}" in the column "${name}": after the type come PRIMARY KEY, NOT NULL, UNIQUE, DEFAULT value` });
      return column;
    }
    rest = rest.slice(word[0].length);
    const what = word[1]!.toUpperCase().replace(/[ \t]+/g, ' ');
    if (what === 'PRIMARY KEY' || what === 'KEY') column.primaryKey = true;
    else if (what === 'NOT NULL') column.notNull = true;
    else if (what === 'UNIQUE') column.unique = true;
    else if (what === 'REFERENCES') {
      const target = /^([A-Za-z_][A-Za-z0-9_]*)(?:[ \t]*\([^)]*\))?[ \t]*/.exec(rest);
      if (target === null) {
        errors.push({ loc, message: `expected a table after REFERENCES in the column "${name}"` });
        return column;
      }
      column.references = target[1]!.toLowerCase();
      rest = rest.slice(target[0].length).replace(/^ON[ \t]+(?:DELETE|UPDATE)[ \t]+(?:CASCADE|SET[ \t]+NULL|SET[ \t]+DEFAULT|RESTRICT|NO[ \t]+ACTION)[ \t]*/i, '');
    } else if (what === 'DEFAULT') {
      const value = readDefault(rest);
      if (value === undefined) {
        errors.push({ loc, message: `cannot read the DEFAULT of "${name}": use a number, 'text', TRUE, FALSE, NULL, NOW(), TODAY() or UUID()` });
        return column;
      }
      column.default = value.value;
      rest = rest.slice(value.length).trimStart();
    }
  }
  return column;
}

function readDefault(text: string): { value: ColumnDefault; length: number } | undefined {
  const quoted = /^(['"])((?:(?!\1).|\1\1)*)\1/.exec(text);
  if (quoted !== null) return { value: { kind: 'value', value: quoted[2]!.replaceAll(quoted[1]! + quoted[1]!, quoted[1]!) }, length: quoted[0].length };
  const number = /^-?\d+(?:\.\d+)?(?![A-Za-z0-9_])/.exec(text);
  if (number !== null) return { value: { kind: 'value', value: Number(number[0]) }, length: number[0].length };
  const word = /^[A-Za-z_][A-Za-z0-9_]*(?:[ \t]*\(\))?/.exec(text);
  if (word === null) return undefined;
  const spelled = word[0].toLowerCase().replace(/[ \t]+/g, '');
  const generator = GENERATORS[spelled];
  if (generator !== undefined) return { value: generator, length: word[0].length };
  if (spelled === 'true' || spelled === 'false') return { value: { kind: 'value', value: spelled === 'true' }, length: word[0].length };
  if (spelled === 'null') return { value: { kind: 'value', value: null }, length: word[0].length };
  return undefined;
}

/** Reads `CREATE [UNIQUE] INDEX name ON table(col, …)`. */
export function readIndexLine(text: string, loc: Loc, errors: DefinitionError[]): IndexDecl | undefined {
  const match = /^CREATE[ \t]+(UNIQUE[ \t]+)?INDEX[ \t]+(?:IF[ \t]+NOT[ \t]+EXISTS[ \t]+)?([A-Za-z_][A-Za-z0-9_]*)[ \t]+ON[ \t]+([A-Za-z_][A-Za-z0-9_]*)[ \t]*\(([^)]*)\)[ \t]*(?:'.*)?$/i.exec(text.trim());
  const columns = match?.[4]?.split(',').map((c) => c.trim().replace(/[ \t]+(?:ASC|DESC)$/i, '')) ?? [];
  if (match === null || columns.some((c) => !NAME.test(c))) {
    errors.push({ loc, message: 'expected CREATE INDEX name ON table(column, …)' });
    return undefined;
  }
  return { name: match[2]!.toLowerCase(), table: match[3]!.toLowerCase(), columns: columns.map((c) => c.toLowerCase()), unique: match[1] !== undefined, loc };
}
