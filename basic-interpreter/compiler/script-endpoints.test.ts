import { createInMemoryBotData, createStandardHost, startDialog, type Effect, type Value } from '../index.js';
import { parse } from '../parser/index.js';
import { loadScript } from './load-script.js';
import { formHandlerOf, formsOf, webhookOf } from './script-endpoints.js';

// WEBHOOK "name", ON FORM SUBMIT "form" … END ON and CALL "/name" (docs/basic.md, "Webhooks and
// forms"): top-level declarations the compiled script keeps, a block compiled out of line that a
// run can start at, and the effect a CALL of an endpoint asks the host for.

const errorsOf = (source: string): string[] => parse(source, 'h.bas').errors.map((e) => `${e.line}: ${e.message}`);

function compiled(source: string) {
  const loaded = loadScript(source, 'bots/b.gbdialog/hook.bas');
  if (!loaded.ok) throw new Error(loaded.errors.join('\n'));
  return loaded.script;
}

async function run(source: string, options: { form?: string; variables?: Record<string, Value>; keepVariables?: boolean } = {}) {
  const script = compiled(source);
  const effects: Effect[] = [];
  const data = createInMemoryBotData();
  const host = createStandardHost({
    tables: data.tables('b'), botMemory: data.botMemory('b'), userMemory: data.userMemory('b', 'u'), http: async () => null,
    observe: (e) => effects.push(e),
    conversation: async (e) => (e.type === 'webhook.call' ? { called: e.name, params: e.params, body: e.body } : null),
  });
  const result = await startDialog({ library: { get: (n) => (n === 'hook' ? script : undefined) }, host, entry: 'hook', ...options });
  return { result, effects, talk: result.outputs.map((o) => o.text) };
}

test('WEBHOOK "name" makes the script that endpoint (lower-cased); run directly it does nothing', async () => {
  const script = compiled('WEBHOOK "Order-Received"\nTALK "ran"');
  expect(webhookOf(script)).toBe('order-received');
  expect(webhookOf(compiled('TALK 1'))).toBeUndefined();
  expect((await run('WEBHOOK "status"\nTALK "ran"')).talk).toEqual(['ran']);
  // Only before a string: `webhook` stays a variable.
  expect((await run('webhook = 2\nTALK webhook * 2')).talk).toEqual(['4']);
});

test('WEBHOOK names are checked, once per script, at the top level', () => {
  expect(errorsOf('WEBHOOK "a b"')).toEqual(['1: WEBHOOK: "a b" is not an endpoint name (letters, digits, - and _, starting with a letter or digit, at most 64)']);
  expect(errorsOf('WEBHOOK "a"\nWEBHOOK "b"')).toEqual(['2: WEBHOOK is already declared on line 1: a script is one endpoint']);
  expect(errorsOf('IF 1 THEN\nWEBHOOK "a"\nEND IF')).toEqual(['2: WEBHOOK must be at the top level of the script, not inside a block']);
});

test('WEBHOOK with a name that is no string literal stops the script saying how to write it', async () => {
  const { result } = await run('name = "x"\nWEBHOOK name');
  expect(result.status === 'error' && result.error.message).toContain('not available: WEBHOOK (the endpoint name must be a string in quotes');
});

test('a run that keeps variables gives the top-level ones with its result (a WEBHOOK\'s result_*)', async () => {
  const { result } = await run('WEBHOOK "s"\nresult_status = "ok"\nresult_id = params.id\nEXIT\nresult_late = 1', { keepVariables: true, variables: { params: { id: '7' } } });
  expect(result.status).toBe('done');
  if (result.status !== 'done') return;
  expect(result.variables).toEqual(expect.objectContaining({ result_status: 'ok', result_id: '7', result_late: null }));
  const plain = await run('x = 1');
  expect(plain.result.status === 'done' && plain.result.variables).toBe(undefined);
});

test('ON FORM SUBMIT blocks are skipped by an ordinary run; a form run starts at its block, with the script\'s procedures', async () => {
  const source = [
    'greeting = "Hello"',
    'ON FORM SUBMIT "Contact" WITH VALIDATION',
    '    TALK Polite(FORM.name)',
    '    IF FORM.name = "stop" THEN EXIT',
    '    TALK "after"',
    'END ON',
    'ON FORM SUBMIT "signup"',
    '    TALK "signed up " & fields.email',
    'END ON',
    'FUNCTION Polite(n)',
    '    RETURN "Dear " & n',
    'END FUNCTION',
    'TALK greeting',
  ].join('\n');
  const script = compiled(source);
  expect(formsOf(script)).toEqual(['contact', 'signup']);
  expect(formHandlerOf(script, 'CONTACT')).toEqual({ validation: true });
  expect(formHandlerOf(script, 'signup')).toEqual({ validation: false });
  expect(formHandlerOf(script, 'other')).toBeUndefined();

  expect((await run(source)).talk).toEqual(['Hello']);
  expect((await run(source, { form: 'contact', variables: { form: { name: 'Ana' } } })).talk).toEqual(['Dear Ana', 'after']);
  expect((await run(source, { form: 'contact', variables: { form: { name: 'stop' } } })).talk).toEqual(['Dear stop']);
  expect((await run(source, { form: 'signup', variables: { fields: { email: 'a@b.co' } } })).talk).toEqual(['signed up a@b.co']);
  const missing = await run(source, { form: 'nope' });
  expect(missing.result.status === 'error' && missing.result.error.message).toBe('script "hook" has no ON FORM SUBMIT "nope"');
});

test('ON FORM SUBMIT is a block of its own, at the top level, one per form', () => {
  expect(errorsOf('ON FORM SUBMIT "a"\nTALK 1')).toEqual([expect.stringContaining('ON FORM SUBMIT without END ON (opened on line 1)')]);
  expect(errorsOf('END ON')).toEqual(['1: END ON without ON FORM SUBMIT, ON EMAIL or ON CHANGE']);
  expect(errorsOf('IF 1 THEN\nON FORM SUBMIT "a"\nEND ON\nEND IF')).toEqual(['2: ON FORM SUBMIT must be at the top level of the script, not inside a block']);
  expect(errorsOf('ON FORM SUBMIT "a"\nEND ON\nON FORM SUBMIT "A"\nEND ON')).toEqual(['3: ON FORM SUBMIT "A" is already handled on line 1']);
  expect(errorsOf('ON FORM SUBMIT "a" WITH CHECKS\nEND ON')).toEqual(['1: ON FORM SUBMIT "a" WITH CHECKS: the only option is WITH VALIDATION']);
  expect(errorsOf('ON FORM SUBMIT "../x"\nEND ON')).toEqual([expect.stringContaining('is not a form name')]);
});

test('CALL "/name" asks the host for the endpoint, as a statement or a value, query and body mapped', async () => {
  const { talk, effects } = await run('r = CALL "/Status?id=9&x=a", {a: 1}\nTALK r.called & " " & r.params.id & " " & r.body.a\nCALL "/ping"');
  expect(talk).toEqual(['status 9 1']);
  expect(effects.filter((e) => e.type === 'webhook.call')).toEqual([
    expect.objectContaining({ name: 'status', params: { id: '9', x: 'a' }, body: { a: 1 } }),
    expect.objectContaining({ name: 'ping', params: {}, body: null }),
  ]);
  const bad = await run('CALL "/a b"');
  expect(bad.result.status === 'error' && bad.result.error.message).toContain('is not an endpoint name');
  expect(errorsOf('CALL other, 1')).toEqual(['1: CALL takes its arguments in parentheses: CALL name(a, b)']);
  expect(errorsOf('x = CALL "other.bas"')).toEqual([expect.stringContaining('gives no value')]);
});
