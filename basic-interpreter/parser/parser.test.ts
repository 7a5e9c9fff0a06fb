import { parserFixtures } from '../../test/support/basic-files.js';
import type { Expr, Program } from './ast.js';
import { parse } from './parse.js';
import { basicParser, checkBasicGrammar } from './grammar.js';

/** Parses a script that must have no errors. */
function ok(source: string): Program {
  const { program, errors } = parse(source, 'test.bas');
  expect(errors).toEqual([]);
  return program;
}

/** The value of `x = <text>`. */
function value(text: string): Expr {
  const stmt = ok(`x = ${text}`).body[0];
  if (stmt?.kind !== 'assign') throw new Error(`not an assignment: ${text}`);
  return stmt.value;
}

/** An expression as a compact s-expression, to check structure and precedence at a glance. */
function show(e: Expr): string {
  const list = (items: Expr[]): string => items.map(show).join(', ');
  switch (e.kind) {
    case 'number': return String(e.value);
    case 'string': return `"${e.parts.map((p) => (typeof p === 'string' ? p : `\${${show(p)}}`)).join('')}"`;
    case 'boolean': return e.value ? 'TRUE' : 'FALSE';
    case 'null': return 'NULL';
    case 'array': return `[${list(e.items)}]`;
    case 'object': return `{${e.entries.map((x) => `${x.key}: ${show(x.value)}`).join(', ')}}`;
    case 'variable': return e.name;
    case 'member': return `${show(e.object)}.${e.name}`;
    case 'index': return `${show(e.object)}[${show(e.index)}]`;
    case 'unary': return `(${e.op} ${show(e.operand)})`;
    case 'binary': return `(${e.op} ${show(e.left)} ${show(e.right)})`;
    case 'call': return `${e.name}(${list(e.args)})`;
    case 'keyword': return `<${e.keyword}>(${list(e.args)})`;
    case 'phrase': return `<${e.phrase}>(${e.args.map((a, i) => `${e.labels[i] ? `${e.labels[i]}: ` : ''}${show(a)}`).join(', ')})`;
  }
}

describe('expressions', () => {
  it.each([
    ['1 + 2 * 3 ^ 2', '(+ 1 (* 2 (^ 3 2)))'],
    ['a & b + c', '(& a (+ b c))'],
    ['NOT a = b AND c', '(AND (NOT (= a b)) c)'],
    ['a OR b AND c', '(OR a (AND b c))'],
    ['-2 ^ 2', '(- (^ 2 2))'],
    ['2 ^ -1', '(^ 2 (- 1))'],
    ['2 ^ 3 ^ 2', '(^ (^ 2 3) 2)'],
    ['10 - 4 - 3', '(- (- 10 4) 3)'],
    ['7 \\ 2 MOD 3', '(MOD (\\ 7 2) 3)'],
    ['a MOD b + c * d / e', '(+ (MOD a b) (/ (* c d) e))'],
    ['x * -y', '(* x (- y))'],
    ['+x', '(+ x)'],
    ['1 + 2 < 3 & 4', '(< (+ 1 2) (& 3 4))'],
    ['a <> b OR c >= d AND e <= f', '(OR (<> a b) (AND (>= c d) (<= e f)))'],
    ['(1 + 2) * 3', '(* (+ 1 2) 3)'],
    ['NOT NOT a', '(NOT (NOT a))'],
    ['a > 1 = TRUE', '(= (> a 1) TRUE)'],
    ['a.b[c + 1].d', 'a.b[(+ c 1)].d'],
    ['f(x, g(1), [])', 'f(x, g(1), [])'],
    ['Obj.MyField', 'obj.MyField'],
    ['a.type + a.name + a.delete', '(+ (+ a.type a.name) a.delete)'],
    // Operators are read flat and folded by precedence: the cases where that is easy to get wrong.
    ['a * -b ^ 2', '(* a (- (^ b 2)))'],
    ['2 ^ -1 ^ 2', '(^ (^ 2 (- 1)) 2)'],
    ['- -a ^ 2', '(- (- (^ a 2)))'],
    ['-a * b', '(* (- a) b)'],
    ['1 - 2 ^ 2 * 3', '(- 1 (* (^ 2 2) 3))'],
    ['a ^ 2 ^ -b * c', '(* (^ (^ a 2) (- b)) c)'],
    ['a & b = c & d', '(= (& a b) (& c d))'],
    ['a = b <> c', '(<> (= a b) c)'],
    ['a OR b AND c OR d', '(OR (OR a (AND b c)) d)'],
    ['NOT a AND NOT b OR c', '(OR (AND (NOT a) (NOT b)) c)'],
    ['a + b * c - d \\ e MOD f & g', '(& (- (+ a (* b c)) (MOD (\\ d e) f)) g)'],
  ])('%s → %s', (text, expected) => {
    expect(show(value(text))).toBe(expected);
  });

  it.each([
    ['3', { kind: 'number', value: 3 }],
    ['3.5', { kind: 'number', value: 3.5 }],
    ['.5', { kind: 'number', value: 0.5 }],
    ['1e3', { kind: 'number', value: 1000 }],
    ['1.5E-2', { kind: 'number', value: 0.015 }],
    ['"say ""hi"""', { kind: 'string', parts: ['say "hi"'] }],
    ['""', { kind: 'string', parts: [''] }],
    ['"cost: $5 {x}"', { kind: 'string', parts: ['cost: $5 {x}'] }],
    ['TRUE', { kind: 'boolean', value: true }],
    ['false', { kind: 'boolean', value: false }],
    ['Null', { kind: 'null' }],
    ['[1, "a", [2]]', { kind: 'array', items: [{ value: 1 }, { parts: ['a'] }, { kind: 'array' }] }],
    ['{name: "x", "Full Name": 1, Type: 2}', { kind: 'object', entries: [{ key: 'name' }, { key: 'Full Name' }, { key: 'Type' }] }],
    ['{}', { kind: 'object', entries: [] }],
  ])('literal %s', (text, expected) => {
    expect(value(text)).toMatchObject(expected);
  });

  it('interpolates ${…} as full expressions, placed where they are in the file', () => {
    const text = value('"Hi ${name}, you owe ${a.total * 2}! ${"}" & {k: 1}.k}"');
    expect(show(text)).toBe('"Hi ${name}, you owe ${(* a.total 2)}! ${(& "}" {k: 1}.k)}"');
    expect(text.loc).toEqual({ line: 1, column: 5 });
    expect(text.kind === 'string' && text.parts[1]).toMatchObject({ kind: 'variable', loc: { line: 1, column: 11 } });
  });

  it('lower-cases variable, function and procedure names, keeps member names and keys', () => {
    const { body } = ok('MyVar = Left(Name.First, 2) & Other.Last\nCALL DoIt(MyVar)');
    expect(body[0]).toMatchObject({
      target: { kind: 'variable', name: 'myvar' },
      value: { left: { kind: 'call', name: 'left', args: [{ name: 'First', object: { name: 'name' } }, { value: 2 }] }, right: { name: 'Last' } },
    });
    expect(body[1]).toMatchObject({ kind: 'call', name: 'doit', args: [{ name: 'myvar' }] });
  });

  it('reads keywords in any case', () => {
    const { body } = ok('if X then\n  talk "a"\nElse\n  Talk "b"\nEnD iF\nfor I = 1 To 3 sTeP 1\nnext i');
    expect(body).toMatchObject([
      { kind: 'if', branches: [{ condition: { name: 'x' }, body: [{ kind: 'talk' }] }], elseBody: [{ kind: 'talk' }] },
      { kind: 'for', variable: 'i', step: { value: 1 } },
    ]);
  });

  it('gives every node its line and column', () => {
    const { body } = ok('\n  total = price * 2');
    expect(body[0]).toMatchObject({
      loc: { line: 2, column: 3 },
      value: { kind: 'binary', loc: { line: 2, column: 11 }, right: { loc: { line: 2, column: 19 } } },
    });
  });
});

describe('the parser', () => {
  it.each(parserFixtures())('parses fixture $file without errors', ({ source }) => {
    const program = ok(source);
    expect(program.body.length).toBeGreaterThan(3);
  });

  it('has a grammar chevrotain finds no fault in (the checks the shared parser skips at start-up)', () => {
    expect(() => checkBasicGrammar()).not.toThrow();
  });

  it('is built once and reused for every parse', async () => {
    const again = await import('./grammar.js');
    expect(again.basicParser).toBe(basicParser);
    expect(ok('x = 1').body).toHaveLength(1);
    expect(ok('y = 2').body).toHaveLength(1);
  });

  it('accepts empty sources, blank lines, comments and CRLF line ends', () => {
    expect(ok('').body).toEqual([]);
    expect(ok('\n\n  \r\n').body).toEqual([]);
    const { body } = ok("REM a comment\r\nx = 1 ' note\r\n\r\nrem another\r\nremark = 2 REM trailing\r\n");
    expect(body).toMatchObject([{ target: { name: 'x' } }, { target: { name: 'remark' } }]);
  });

  it('lets arrays and objects span lines', () => {
    const { body } = ok('o = {\n  name: "x",\n  tags: [1,\n    2]\n}\nTALK o.name');
    expect(body).toHaveLength(2);
    expect(show((body[0] as { value: Expr }).value)).toBe('{name: "x", tags: [1, 2]}');
  });
});
