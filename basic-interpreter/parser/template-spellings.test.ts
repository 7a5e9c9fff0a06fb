import type { Program, Stmt } from './ast.js';
import { parse } from './parse.js';

/** The templates' further spellings (template-spellings.ts, docs/basic.md "Compatibility") read as the core forms. */
function ok(source: string): Program {
  const { program, errors } = parse(source, 'test.bas');
  expect(errors).toEqual([]);
  return program;
}

const body = (source: string): Stmt[] => ok(source).body;
const str = (text: string): object => ({ kind: 'string', parts: [text] });
const v = (name: string): object => ({ kind: 'variable', name });
const cmd = (keyword: string, ...args: object[]): object => ({ kind: 'command', keyword, args });

describe('template spellings', () => {
  it.each<[string, string, object[]]>([
    ["'text' where a value stands", `TALK '"' + q + '"'\nx = 'f' ' a comment`, [
      { kind: 'talk', value: { kind: 'binary', op: '+', left: { left: str('"'), right: v('q') }, right: str('"') } },
      { kind: 'assign', target: v('x'), value: str('f') },
    ]],
    ['a string over lines, closed before + or the line end', 'x = "a\nb " + y + "\nc"', [
      { kind: 'assign', value: { kind: 'binary', left: { left: str('a\nb '), right: v('y') }, right: str('\nc') } },
    ]],
    ['a statement keyword assigned at a line start is a variable there', 'post = GET "u"\nTALK post.title\nPOST "u", post', [
      { kind: 'assign', target: v('post') },
      { kind: 'talk', value: { kind: 'member', object: v('post'), name: 'title' } },
      { kind: 'command', keyword: 'http_post', args: [str('u'), v('post')] },
    ]],
    ['REMEMBER key = value, a phrase in the key ending at =', 'REMEMBER "po_" + po.id = po\nREMEMBER "f_" + FORMAT NOW() AS "YYYY" = r', [
      cmd('remember', { kind: 'binary', op: '+', left: str('po_') }, v('po')),
      cmd('remember', { kind: 'binary', right: { kind: 'phrase', phrase: 'FORMAT', labels: [null, 'as'] } }, v('r')),
    ]],
    ['SET SCHEDULE with the values side by side', 'SET SCHEDULE "0 6 * * *" "jobs.bas" "reorder"\nSET SCHEDULE "0 9 * * *" DATEADD(TODAY(), 2, "day"), "w.bas"', [
      cmd('set_schedule', str('0 6 * * *'), str('jobs.bas'), str('reorder')),
      cmd('set_schedule', str('0 9 * * *'), { kind: 'call', name: 'dateadd' }, str('w.bas')),
    ]],
    ['HEAR x AS options, * takes any answer', 'HEAR item AS "done", *', [{ kind: 'hear', variable: 'item' }]],
    ['HEAR x AS MENU options', 'HEAR c AS MENU "a", "b"', [{ kind: 'hear', variable: 'c', as: { kind: 'menu', options: [str('a'), str('b')] } }]],
    ['case as a variable, FOR x IN list, WHILE … DO', 'FOR EACH case IN cases DO\n  case.status = "x"\nNEXT\nFOR r IN rows\nNEXT\nWHILE a DO\nEND WHILE', [
      { kind: 'for_each', variable: 'case', list: v('cases'), body: [{ kind: 'assign', target: { kind: 'member', object: v('case'), name: 'status' } }] },
      { kind: 'for_each', variable: 'r', list: v('rows') },
      { kind: 'loop', loop: 'while', condition: v('a') },
    ]],
    ['UPDATE … WITH … WHERE and UPDATE "t", filter, variables', 'UPDATE "p" WITH code AS i.code WHERE id = pid\nUPDATE "d", "id=" + id, stage, prob', [
      cmd('update', str('p'), { kind: 'phrase', phrase: 'WHERE', labels: ['id ='] }, { kind: 'object', entries: [{ key: 'code' }] }),
      cmd('update', str('d'), { kind: 'binary' }, { kind: 'object', entries: [{ key: 'stage', value: v('stage') }, { key: 'prob', value: v('prob') }] }),
    ]],
    ['SET "table", filter, "field=value" and SET name, value', 'SET "companies", "id=" + c.id, "site=" + s\nSET role, role', [
      { kind: 'phrase', phrase: 'UPDATE FIELDS', args: [str('companies'), { kind: 'binary' }, { kind: 'binary' }] },
      { kind: 'assign', target: v('role'), value: v('role') },
    ]],
    ['a phrase called with parentheses, IF(c, a, b), FORMAT (x) AS', 'USE_WEBSITE("https://a.b", "30d")\nt = "x" + IF(ok, "y", "n")\nm = FORMAT (a - b) AS "#,##0"', [
      { kind: 'phrase', phrase: 'USE WEBSITE', args: [str('https://a.b'), str('30d')], labels: [null, null] },
      { kind: 'assign', value: { kind: 'binary', right: { kind: 'call', name: 'iif' } } },
      { kind: 'assign', value: { kind: 'phrase', phrase: 'FORMAT', args: [{ kind: 'binary', op: '-' }, str('#,##0')] } },
    ]],
    ['word phrases: MAX, PUSH (sets the list), JSON PARSE, QUERY, ANSWER, SEARCH PRODUCTS', 'b = MAX a, c\nPUSH list, item\no = JSON PARSE s\nr = QUERY "SELECT * FROM t"\nl = ANSWER "q"\np = SEARCH PRODUCTS d, 5', [
      { kind: 'assign', value: { kind: 'phrase', phrase: 'MAX', args: [v('a'), v('c')] } },
      { kind: 'assign', target: v('list'), value: { kind: 'phrase', phrase: 'PUSH', args: [v('list'), v('item')] } },
      { kind: 'assign', value: { kind: 'phrase', phrase: 'JSON PARSE' } },
      { kind: 'assign', value: { kind: 'phrase', phrase: 'QUERY' } },
      { kind: 'assign', value: { kind: 'phrase', phrase: 'ANSWER' } },
      { kind: 'assign', value: { kind: 'phrase', phrase: 'SEARCH PRODUCTS', args: [v('d'), { kind: 'number', value: 5 }] } },
    ]],
    ['GENERATE SECURE LINK … EXPIRES n DAYS is the link of the shared file', 'k = GENERATE SECURE LINK p + f EXPIRES 7 DAYS', [
      { kind: 'assign', value: { kind: 'member', name: 'url', object: { kind: 'phrase', phrase: 'GENERATE SECURE LINK', labels: [null, 'expires'] } } },
    ]],
    ['soft keywords as a phrase\'s first argument; ADD SUGGESTION "text"', 'CREATE_DRAFT to, subject, body\nADD SUGGESTION "Exit"', [
      { kind: 'phrase', phrase: 'CREATE DRAFT', args: [v('to'), v('subject'), v('body')] },
      cmd('add_suggestion', str('Exit'), str('Exit')),
    ]],
    ['INSERT INTO "t", variables is SAVE; DELETE FROM "t" WHERE …', 'INSERT INTO "log.csv", id, email, "pending"\nDELETE FROM "messages" WHERE user_email = email', [
      { kind: 'save', table: str('log.csv'), fields: [v('id'), v('email'), str('pending')] },
      { kind: 'command', keyword: 'delete', args: [str('messages'), { kind: 'phrase', phrase: 'WHERE', args: [v('email')], labels: ['user_email ='] }] },
    ]],
    ['a key after GET SESSION … , in an object is the object\'s', 'o = {"a": GET SESSION "id", "b": 1}', [
      { kind: 'assign', value: { kind: 'object', entries: [{ key: 'a', value: { kind: 'keyword', keyword: 'get_session', args: [str('id')] } }, { key: 'b' }] } },
    ]],
  ])('%s', (_, source, expected) => {
    expect(body(source)).toMatchObject(expected);
  });

  it('DESCRIPTION without quotes is the text of the line', () => {
    expect(ok('DESCRIPTION It is a web service of "GB".\nTALK 1').description).toBe('It is a web service of "GB".');
  });

  it('an object key called description is still a key; a real unterminated string is still an error', () => {
    expect(body('x = {\n  description: "d",\n  n: 1\n}')).toMatchObject([{ kind: 'assign', value: { kind: 'object', entries: [{ key: 'description' }, { key: 'n' }] } }]);
    expect(parse('TALK "open\nTALK "b" c', 't.bas').errors.map((e) => `${e.line}:${e.column} ${e.message}`))
      .toContain('1:6 unterminated string: a string must end with " on the same line');
  });

  it('UPDATE "t", filter, values that are not variables is refused at the line, with the way to write it', () => {
    expect(parse('UPDATE "t", "id=1", a, b.c', 't.bas').errors.map((e) => `${e.line}:${e.column} ${e.message}`))
      .toEqual(['1:24 UPDATE "table", filter, a, b… takes variables, whose names are the columns: write UPDATE "table", filter, {column: value}']);
  });
});
