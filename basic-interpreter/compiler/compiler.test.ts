import { loadScript } from './load-script.js';
import { createHash } from 'node:crypto';
import { arr, asType, bin, call, exit, fn, forTo, hear, iff, line, param, program, ret, set, sub, talk, v } from '../../test/support/basic-ast.js';
import { disassemble, Op } from '../vm/index.js';
import { compileScript } from './compiler.js';
import { toolSchema } from './tool-schema.js';

describe('compileScript', () => {
  test('name, file and hash come from the file name and the source', () => {
    const script = compileScript(program('bots/x.gbdialog/Add_Tax.bas', []), 'TALK 1');
    expect(script).toMatchObject({ name: 'add_tax', file: 'bots/x.gbdialog/Add_Tax.bas', hash: createHash('sha256').update('TALK 1').digest('hex') });
  });

  test('a FOR loop with arithmetic is three instructions per iteration', () => {
    const loop = program('start.bas', [set('s', 0), forTo('i', 1, 10, [set('s', bin('+', v('s'), bin('*', v('i'), 2)))]), talk(v('s'))]);
    const code = compileScript(loop, '').code;
    const prep = code.findIndex((i) => i.op === Op.ForPrep1);
    expect(code.slice(prep, prep + 4).map((i) => i.op)).toEqual([Op.ForPrep1, Op.Mul, Op.Add, Op.ForNext1]);
    expect(code[prep + 3]).toMatchObject({ a: code[prep]!.a, d: prep + 1 });
    expect(disassemble(code)).toMatch(/Add r0 r0 r\d+ {3}; line 1/);
  });

  test('comparisons in conditions are fused with the jump', () => {
    const script = compileScript(program('start.bas', [iff(bin('<', v('a'), 3), [talk(1)])]), '');
    expect(script.code.map((i) => i.op)).toContain(Op.JumpUnlessLt);
    expect(script.code.map((i) => i.op)).not.toContain(Op.Lt);
  });

  test('problems become diagnostics (and runtime errors), not exceptions', () => {
    const script = compileScript(
      program('start.bas', [line(3, exit('do')), line(4, hear('x', asType('COLOUR'))), line(5, talk(call('f', 1, 2)))], { procedures: [fn('f', ['a'], [ret(v('a'))])] }),
      '',
    );
    expect(script.diagnostics.map((d) => [d.line, d.message.slice(0, 30)])).toEqual([
      [3, 'EXIT DO outside a DO loop'],
      [4, 'unknown HEAR type COLOUR (know'],
      [5, 'FUNCTION f takes 1 argument, g'],
    ]);
  });

  test('scoping: module variables, locals, and procedure writes to module variables', () => {
    const script = compileScript(
      program('start.bas', [set('count', 0), talk(v('shown'))], {
        params: [param('amount', 'NUMBER')],
        procedures: [sub('s', ['p'], [set('count', 1), set('tmp', v('p')), set('shown', 2), talk(v('other'))]), fn('f', [], [set('f', 1)])],
      }),
      '',
    );
    expect(script.units.map((u) => [u.name, u.varNames])).toEqual([
      ['', ['amount', 'count', 'shown', 'other']],
      ['s', ['p', 'tmp', 'shown']],
      ['f', ['f']],
    ]);
  });

  test('constants are preloaded registers, one per distinct value', () => {
    const script = compileScript(program('start.bas', [talk(bin('+', 1, 1)), talk('1'), talk(arr(true, null))]), '');
    expect(script.units[0]!.template).toEqual([1, '1', true, null, null, null, null]);
  });
});

describe('toolSchema', () => {
  test('PARAM and DESCRIPTION make a JSON Schema', () => {
    const script = compileScript(
      program('bots/b.gbdialog/book.bas', [], {
        description: 'Books a table',
        params: [
          param('name', 'NAME', { description: 'Who', like: 'Ana' }),
          param('email', 'EMAIL'),
          param('people', 'INTEGER', { like: 2 }),
          param('budget', 'MONEY'),
          param('day', 'DATE', { like: '2026-03-10' }),
          param('vip', 'BOOLEAN'),
          param('note', 'SOMETHING'),
        ],
      }),
      '',
    );
    expect(toolSchema(script)).toEqual({
      name: 'book',
      description: 'Books a table',
      parameters: {
        type: 'object',
        properties: {
          name: { type: 'string', description: 'Who', examples: ['Ana'] },
          email: { type: 'string', format: 'email' },
          people: { type: 'integer', examples: [2] },
          budget: { type: 'number' },
          day: { type: 'string', format: 'date', examples: ['2026-03-10'] },
          vip: { type: 'boolean' },
          note: { type: 'string' },
        },
        required: ['name', 'email', 'people', 'budget', 'day', 'vip', 'note'],
      },
    });
  });

  test('PARAM … OPTIONAL is left out of required', () => {
    const loaded = loadScript('PARAM csv_path AS string\nPARAM limit AS INTEGER LIKE 10 DESCRIPTION "At most" OPTIONAL\nDESCRIPTION "Import"\n', 'bots/b.gbdialog/import.bas');
    if (!loaded.ok) throw new Error(loaded.errors.join('\n'));
    expect(toolSchema(loaded.script)).toMatchObject({
      name: 'import',
      parameters: { properties: { limit: { type: 'integer', description: 'At most' } }, required: ['csv_path'] },
    });
  });
});
