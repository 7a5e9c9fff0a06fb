import { parse } from '../parser/index.js';
import { loadScript } from './load-script.js';
import { handlesTableEvent } from './table-triggers.js';

// ON INSERT/UPDATE/DELETE OF "table" (docs/basic.md, "Event handlers"): a top-level declaration
// the compiled script keeps, so the host knows which scripts handle a table's changes.

const errorsOf = (source: string): string[] => parse(source, 'h.bas').errors.map((e) => `${e.line}: ${e.message}`);

function compiled(source: string) {
  const loaded = loadScript(source, 'bots/b.gbdialog/Orders_Insert.bas');
  if (!loaded.ok) throw new Error(loaded.errors.join('\n'));
  return loaded.script;
}

test('each declaration is a trigger of the script, in any case, the table lower-cased; the rest of the script is ordinary code', () => {
  const { program, errors } = parse('on insert of "Orders"\nON   Update   OF "orders"\nON DELETE OF "stock"\nTALK "x"', 'h.bas');
  expect(errors).toEqual([]);
  expect(program.triggers.map(({ event, table }) => `${event} ${table}`)).toEqual(['insert orders', 'update orders', 'delete stock']);
  expect(program.body).toHaveLength(1);
});

test('handlesTableEvent answers for the declared event and table only', () => {
  const script = compiled('ON INSERT OF "orders"\nON DELETE OF "Stock"\nTALK TRIGGER_TABLE');
  expect(handlesTableEvent(script, 'insert', 'orders')).toBe(true);
  expect(handlesTableEvent(script, 'insert', 'ORDERS')).toBe(true);
  expect(handlesTableEvent(script, 'delete', 'stock')).toBe(true);
  expect(handlesTableEvent(script, 'update', 'orders')).toBe(false);
  expect(handlesTableEvent(script, 'insert', 'stock')).toBe(false);
  expect(handlesTableEvent(compiled('TALK 1'), 'insert', 'orders')).toBe(false);
});

test('`on` stays a variable name; ON "event" is still the General Bots phrase', () => {
  expect(parse('on = 1\nTALK on', 'h.bas').errors).toEqual([]);
  const { program, errors } = parse('ON "message" CALL HandleMessage', 'h.bas');
  expect(errors).toEqual([]);
  expect(program.triggers).toEqual([]);
  expect(program.body[0]).toMatchObject({ kind: 'phrase', phrase: 'ON' });
});

test('a declaration inside a block, a bad table name, a repeat or a missing string is a parse error', () => {
  expect(errorsOf('IF x THEN\n  ON UPDATE OF "orders"\nEND IF')).toEqual(['2: ON UPDATE OF must be at the top level of the script, not inside a block']);
  expect(errorsOf('ON DELETE OF "a b"')).toEqual(['1: ON DELETE OF: "a b" is not a table name (letters, digits and _, not first)']);
  expect(errorsOf('ON INSERT OF "orders"\nON INSERT OF "Orders"')).toEqual(['2: ON INSERT OF "Orders" is already declared on line 1']);
  expect(errorsOf('ON INSERT OF orders')).toEqual(['1: expected the table name in quotes: ON INSERT OF "orders"']);
  expect(errorsOf('ON INSERT OF "${t}"')).toEqual(['1: ON INSERT OF must be a plain string, without ${…}']);
  expect(errorsOf('ON UPDATE "orders"')).toEqual(['1: expected ON UPDATE OF "table"']);
});
