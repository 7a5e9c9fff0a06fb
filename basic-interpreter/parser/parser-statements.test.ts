import type { Program, Stmt } from './ast.js';
import { parse } from './parse.js';

function ok(source: string): Program {
  const { program, errors } = parse(source, 'test.bas');
  expect(errors).toEqual([]);
  return program;
}

const first = (source: string): Stmt | undefined => ok(source).body[0];
const str = (text: string): object => ({ kind: 'string', parts: [text] });
const num = (n: number): object => ({ kind: 'number', value: n });
const v = (name: string): object => ({ kind: 'variable', name });
const cmd = (keyword: string, ...args: object[]): object => ({ kind: 'command', keyword, args });
const kw = (keyword: string, ...args: object[]): object => ({ kind: 'keyword', keyword, args });

describe('statements', () => {
  it.each<[string, object]>([
    // assignments: a variable, a.b, a[i], chained; SET and LET; soft keywords as variables
    ['x = 1', { kind: 'assign', target: v('x'), value: num(1), loc: { line: 1, column: 1 } }],
    ['SET x = 1', { kind: 'assign', target: v('x'), value: num(1), loc: { line: 1, column: 1 } }],
    ['LET x = 1', { kind: 'assign', target: v('x'), value: num(1) }],
    ['a.b = 1', { kind: 'assign', target: { kind: 'member', object: v('a'), name: 'b' } }],
    ['a[0] = 1', { kind: 'assign', target: { kind: 'index', object: v('a'), index: num(0) } }],
    ['a.b[i].C = 1', { target: { kind: 'member', name: 'C', object: { kind: 'index', index: v('i'), object: { name: 'b' } } } }],
    ['header = 1', { kind: 'assign', target: v('header') }],
    ['to = 1', { kind: 'assign', target: v('to') }],
    ['description = "x"', { kind: 'assign', target: v('description') }],
    ['name = type & status & value & date', { kind: 'assign', target: v('name') }],
    // calls
    ['CALL Greet("Ana", 2)', { kind: 'call', name: 'greet', args: [str('Ana'), num(2)] }],
    ['CALL Greet', { kind: 'call', name: 'greet', args: [] }],
    ['Greet("Ana")', { kind: 'call', name: 'greet', args: [str('Ana')] }],
    ['Greet', { kind: 'call', name: 'greet', args: [] }],
    ['RETURN', { kind: 'return' }],
    ['RETURN a + 1', { kind: 'return', value: { kind: 'binary', op: '+' } }],
    // conversation
    ['TALK "hi"', { kind: 'talk', value: str('hi') }],
    ['TALK TO "+351", "hello"', cmd('talk_to', str('+351'), str('hello'))],
    ['HEAR answer', { kind: 'hear', variable: 'answer' }],
    ['HEAR mail AS email', { kind: 'hear', variable: 'mail', as: { kind: 'type', type: 'EMAIL' } }],
    ['HEAR pick AS "Option A", "Option B"', { kind: 'hear', as: { kind: 'menu', options: [str('Option A'), str('Option B')] } }],
    ['HEAR pick AS choices', { kind: 'hear', as: { kind: 'type', type: 'CHOICES' } }],
    ['HEAR pick AS first, second', { kind: 'hear', as: { kind: 'menu', options: [v('first'), v('second')] } }],
    ['ADD SUGGESTION "yes" AS "Yes, please"', cmd('add_suggestion', str('yes'), str('Yes, please'))],
    ['CLEAR SUGGESTIONS', cmd('clear_suggestions')],
    ['WAIT 2.5', { kind: 'wait', seconds: num(2.5) }],
    // HTTP
    ['SET HEADER "Authorization", token', cmd('set_header', str('Authorization'), v('token'))],
    ['CLEAR HEADERS', cmd('clear_headers')],
    ['r = GET url & "/x"', { value: kw('http_get', { kind: 'binary', op: '&' }) }],
    ['r = POST url, {a: 1}', { value: kw('http_post', v('url'), { kind: 'object' }) }],
    ['r = PUT url, body', { value: kw('http_put', v('url'), v('body')) }],
    ['r = PATCH url, body', { value: kw('http_patch', v('url'), v('body')) }],
    ['r = DELETE url', { value: kw('http_delete', v('url')) }],
    ['DELETE url', cmd('http_delete', v('url'))],
    ['DELETE "people", "age<18"', cmd('delete', str('people'), str('age<18'))],
    ['DELETE("people", "age<18")', cmd('delete', str('people'), str('age<18'))],
    ['POST url, body', cmd('http_post', v('url'), v('body'))],
    // data
    ['SAVE "people", name, age', { kind: 'save', table: str('people'), fields: [v('name'), v('age')] }],
    ['SAVE "people", {name: "Ana"}', { kind: 'save', table: str('people'), fields: [{ kind: 'object' }] }],
    ['rows = FIND "people", "age>=18"', { value: kw('find', str('people'), str('age>=18')) }],
    ['n = COUNT(FIND("people", "age>=18"))', { value: { kind: 'call', name: 'count', args: [kw('find', str('people'), str('age>=18'))] } }],
    ['INSERT "people", row', cmd('insert', str('people'), v('row'))],
    ['UPDATE "people", "name=Ana", {age: 31}', cmd('update', str('people'), str('name=Ana'), { kind: 'object' })],
    // memory and session
    ['SET BOT MEMORY "k", 1', cmd('set_bot_memory', str('k'), num(1))],
    ['x = GET BOT MEMORY("k")', { value: kw('get_bot_memory', str('k')) }],
    ['x = GET BOT MEMORY "k" & "x"', { value: kw('get_bot_memory', { kind: 'binary', op: '&' }) }],
    ['x = GET BOT MEMORY("k") & "x"', { value: { kind: 'binary', op: '&', left: kw('get_bot_memory', str('k')) } }],
    ['REMEMBER "k", v', cmd('remember', str('k'), v('v'))],
    ['x = RECALL("k")', { value: kw('recall', str('k')) }],
    ['SET SESSION "k", 1', cmd('set_session', str('k'), num(1))],
    ['x = GET SESSION("k")', { value: kw('get_session', str('k')) }],
    // Called with parentheses, the comma after it is the enclosing list's, not `GET SESSION id, key`.
    ['x = NVL(GET SESSION("k"), "none")', { value: { kind: 'call', name: 'nvl', args: [kw('get_session', str('k')), str('none')] } }],
    ['x = GET SESSION id, "k"', { value: kw('get_session', str('k')) }],
    ['SET CONTEXT "be brief"', cmd('set_context', str('be brief'))],
    // effects
    ['TRANSFER TO HUMAN', cmd('transfer_to_human')],
    ['TRANSFER TO HUMAN "sales", "high", "vip", "whatsapp"', cmd('transfer_to_human', str('sales'), str('high'), str('vip'), str('whatsapp'))],
    ['TRANSFER TO HUMAN {target: "sales"}', cmd('transfer_to_human', { kind: 'object' })],
    ['r = TRANSFER TO HUMAN "sales"', { kind: 'assign', value: kw('transfer_to_human', str('sales')) }],
    ['r = TRANSFER TO HUMAN', { kind: 'assign', value: kw('transfer_to_human') }],
    ['r = CREATE MEETING {title: "x"}', { value: kw('create_meeting', { kind: 'object' }) }],
    ['SEND MAIL to, "Hi", body', cmd('send_mail', v('to'), str('Hi'), v('body'))],
    ['r = LLM "Summarise " & text', { value: kw('llm', { kind: 'binary' }) }],
    ['SET SCHEDULE "0 9 * * 1"', cmd('set_schedule', str('0 9 * * 1'))],
    ['EXIT FOR', { kind: 'exit', what: 'for' }],
    ['exit function', { kind: 'exit', what: 'function' }],
  ])('%s', (source, expected) => {
    expect(first(source)).toMatchObject(expected);
  });
});

describe('blocks', () => {
  it('IF with ELSE IF, ELSEIF and ELSE', () => {
    expect(first('IF a THEN\n  x = 1\nELSE IF b THEN\n  x = 2\nELSEIF c THEN\nELSE\n  x = 4\nEND IF')).toMatchObject({
      kind: 'if',
      branches: [{ condition: v('a'), body: [{ value: num(1) }] }, { condition: v('b'), body: [{ value: num(2) }] }, { condition: v('c'), body: [] }],
      elseBody: [{ value: num(4) }],
    });
  });

  it('one-line IF, with ELSE and ELSEIF', () => {
    expect(first('IF a THEN TALK "yes" ELSE TALK "no"')).toMatchObject({
      kind: 'if', branches: [{ condition: v('a'), body: [{ kind: 'talk', value: str('yes') }] }], elseBody: [{ kind: 'talk', value: str('no') }],
    });
    expect(first('IF a THEN x = 1 ELSEIF b THEN x = 2')).toMatchObject({ branches: [{ body: [{ value: num(1) }] }, { condition: v('b') }], elseBody: [] });
    expect(first('IF done THEN EXIT FOR')).toMatchObject({ branches: [{ body: [{ kind: 'exit', what: 'for' }] }] });
  });

  it.each<[string, object]>([
    ['FOR i = 1 TO 10 STEP 2\n  x = i\nNEXT i', { kind: 'for', variable: 'i', from: num(1), to: num(10), step: num(2), body: [{ value: v('i') }] }],
    ['FOR i = a TO b\nNEXT', { kind: 'for', variable: 'i', from: v('a'), to: v('b'), body: [] }],
    ['FOR EACH item IN items\n  TALK item\nNEXT item', { kind: 'for_each', variable: 'item', list: v('items'), body: [{ kind: 'talk' }] }],
    ['DO WHILE x < 3\n  x = x + 1\nLOOP', { kind: 'loop', loop: 'do', test: 'before', mode: 'while', condition: { op: '<' }, body: [{}] }],
    ['DO UNTIL done\nLOOP', { kind: 'loop', loop: 'do', test: 'before', mode: 'until', condition: v('done') }],
    ['DO\n  x = 1\nLOOP WHILE x < 3', { kind: 'loop', loop: 'do', test: 'after', mode: 'while', condition: { op: '<' } }],
    ['DO\nLOOP UNTIL done', { kind: 'loop', loop: 'do', test: 'after', mode: 'until', condition: v('done') }],
    ['DO\n  EXIT DO\nLOOP', { kind: 'loop', loop: 'do', test: 'none', body: [{ kind: 'exit', what: 'do' }] }],
    ['WHILE x < 3\n  x = x + 1\nWEND', { kind: 'loop', loop: 'while', test: 'before', mode: 'while', condition: { op: '<' }, body: [{}] }],
  ])('%s', (source, expected) => {
    expect(first(source)).toMatchObject(expected);
  });

  it('SELECT CASE with several values per CASE and CASE ELSE', () => {
    expect(first('SELECT CASE answer\n  CASE 1, 2\n    x = "low"\n  CASE "a"\n  CASE ELSE\n    x = "other"\nEND SELECT')).toMatchObject({
      kind: 'select',
      subject: v('answer'),
      cases: [{ values: [num(1), num(2)], body: [{ value: str('low') }] }, { values: [str('a')], body: [] }],
      elseBody: [{ value: str('other') }],
    });
  });

  it('hoists SUB and FUNCTION out of the body, callable before they are defined', () => {
    const program = ok('CALL Hello("Ana")\nx = Twice(2)\nSUB Hello(Name)\n  TALK Name\nEND SUB\nFUNCTION Twice(n)\n  RETURN n * 2\nEND FUNCTION');
    expect(program.body).toMatchObject([{ kind: 'call', name: 'hello' }, { kind: 'assign' }]);
    expect(program.procedures).toMatchObject([
      { kind: 'sub', name: 'hello', params: ['name'], body: [{ kind: 'talk', value: v('name') }], loc: { line: 3, column: 1 } },
      { kind: 'function', name: 'twice', params: ['n'], body: [{ kind: 'return' }] },
    ]);
    expect(ok('SUB Nothing\nEND SUB\nSUB Empty()\nEND SUB').procedures).toMatchObject([{ params: [] }, { params: [] }]);
  });

  it('PARAM and DESCRIPTION declare the script as a tool', () => {
    const program = ok('DESCRIPTION "Books a table"\nPARAM guests AS integer LIKE 4 DESCRIPTION "How many"\nPARAM day AS DATE\nTALK guests');
    expect(program.description).toBe('Books a table');
    expect(program.params).toMatchObject([
      { name: 'guests', type: 'INTEGER', like: num(4), description: 'How many', loc: { line: 2, column: 1 } },
      { name: 'day', type: 'DATE' },
    ]);
    expect(program.params[1]).not.toHaveProperty('like');
    expect(program.body).toHaveLength(1);
  });

  it('BEGIN TALK … END TALK: raw lines, dedented, joined by newlines, with ${…}', () => {
    const source = 'IF a THEN\n  begin talk\n    Dear ${name},\n      it\'s "done" - $5, ${COUNT(items)} items.\n\n    Bye\n  End Talk\nEND IF';
    const stmt = first(source);
    expect(stmt).toMatchObject({ kind: 'if', branches: [{ body: [{ kind: 'talk', loc: { line: 2, column: 3 } }] }] });
    const talk = stmt?.kind === 'if' ? stmt.branches[0]?.body[0] : undefined;
    expect(talk).toMatchObject({
      value: {
        kind: 'string',
        parts: ['Dear ', { kind: 'variable', name: 'name', loc: { line: 3, column: 12 } }, ',\n  it\'s "done" - $5, ', { kind: 'call', name: 'count' }, ' items.\n\nBye'],
      },
    });
  });

  it('keywords win after SET; a soft keyword still works as a variable elsewhere', () => {
    const { body } = ok('SET HEADER "a", "b"\nheader = 1\nSET SESSION "k", session\nTALK TO to, "hi"');
    expect(body).toMatchObject([cmd('set_header', str('a'), str('b')), { kind: 'assign', target: v('header') }, cmd('set_session', str('k'), v('session')), cmd('talk_to', v('to'), str('hi'))]);
  });
});
