import type { Stmt } from '../parser/index.js';
import type { Effect } from '../host/index.js';
import {
  arr, bin, call, cmd, converse, doLoop, forTo, hear, idx, interp, kw, line, lines, mem, obj, program, RecordingHost, save, set, talk, v, whileWend,
} from '../../test/support/basic-ast.js';
import type { Value } from '../values.js';

/** Runs `body`, answering effects from `answers`; returns the transcript and the effects without file/line. */
async function run(body: Stmt[], answers: ConstructorParameters<typeof RecordingHost>[0] = {}, limits = {}) {
  const host = new RecordingHost(answers);
  const out = await converse([program('start.bas', body)], 'start', { host, limits });
  return { out, effects: host.effects.map(({ file: _f, line: _l, ...rest }) => rest as Record<string, Value>) };
}

describe('effects', () => {
  test('data keywords: SAVE by variable names or object, INSERT, FIND, UPDATE, DELETE', async () => {
    const { out, effects } = await run(
      [
        set('name', 'Ana'), set('age', 30), set('p', obj({ city: 'Porto' })),
        save('people', v('name'), v('age'), mem(v('p'), 'city')),
        save('people', obj({ name: 'Bia' })),
        save('log', v('name')),
        cmd('insert', 'people', obj({ name: 'Caio' })),
        set('rows', kw('find', 'people', 'age>=18')),
        talk(mem(idx(v('rows'), 0), 'name')),
        cmd('update', 'people', 'name=Bia', obj({ age: 18 })),
        cmd('delete', 'people', 'name=Caio'),
      ],
      { 'table.find': () => [{ name: 'Ana' }] },
    );
    expect(out).toEqual(['< Ana', '= done']);
    expect(effects).toEqual([
      { type: 'table.insert', table: 'people', row: { name: 'Ana', age: 30, city: 'Porto' } },
      { type: 'table.insert', table: 'people', row: { name: 'Bia' } },
      { type: 'table.insert', table: 'log', row: { name: 'Ana' } },
      { type: 'table.insert', table: 'people', row: { name: 'Caio' } },
      { type: 'table.find', table: 'people', filter: 'age>=18' },
      { type: 'table.update', table: 'people', filter: 'name=Bia', values: { age: 18 } },
      { type: 'table.delete', table: 'people', filter: 'name=Caio' },
    ]);
  });

  test('HTTP verbs carry the headers set so far; results are used', async () => {
    const { out, effects } = await run(
      [
        cmd('set_header', 'Authorization', 'Bearer t0k'),
        set('r', kw('http_get', 'http://api/items')),
        talk(mem(v('r'), 'count')),
        set('c', kw('http_post', 'http://api/echo', obj({ tags: arr('a') }))),
        cmd('clear_headers'),
        set('p', kw('http_put', 'http://api/echo', 1)),
        set('q', kw('http_patch', 'http://api/echo', 2)),
        cmd('http_delete', 'http://api/echo'),
      ],
      { http: () => ({ count: 2 }) },
    );
    expect(out).toEqual(['< 2', '= done']);
    const auth = { Authorization: 'Bearer t0k' };
    expect(effects).toEqual([
      { type: 'http', method: 'GET', url: 'http://api/items', headers: auth },
      { type: 'http', method: 'POST', url: 'http://api/echo', body: { tags: ['a'] }, headers: auth },
      { type: 'http', method: 'PUT', url: 'http://api/echo', body: 1, headers: {} },
      { type: 'http', method: 'PATCH', url: 'http://api/echo', body: 2, headers: {} },
      { type: 'http', method: 'DELETE', url: 'http://api/echo', headers: {} },
    ]);
  });

  test('conversation keywords', async () => {
    const queued = { success: true, status: 'queued', queue_position: 1 };
    const { out, effects } = await run(
      [
        cmd('transfer_to_human'),
        cmd('transfer_to_human', 'sales', 'high', 'wants a discount', 'workchat'),
        set('r', kw('transfer_to_human', obj({ department: 'support', destination: 'mobile_msg', skills: 'billing:3, spanish' }))),
        talk(interp(mem(v('r'), 'status'), ' ', mem(v('r'), 'queue_position'))),
        set('m', kw('create_meeting', obj({ title: 'Call', participants: arr('a@example.com') }))),
        cmd('send_mail', 'a@example.com', 'Hello', 'Body'),
        cmd('talk_to', '+15550001', 'Heads up'),
        set('answer', kw('llm', 'Say hi')),
        talk(v('answer')),
        cmd('set_schedule', '0 9 * * 1'),
        cmd('set_schedule', '0 6 * * *', 'erp-jobs.bas', 'inventory_reorder'),
        cmd('set_schedule', '0 9 * * *', '2026-03-12T09:00:00.000Z', 'send-welcome-2.bas'),
        cmd('set_bot_memory', 'visits', 1), set('x', kw('get_bot_memory', 'visits')),
        cmd('remember', 'color', 'blue'), set('x', kw('recall', 'color')),
        cmd('set_session', 'customer_tier', 'gold'), set('x', kw('get_session', 'customer_tier')),
        cmd('set_context', 'gold member'),
      ],
      { transfer: () => queued, llm: (e) => `LLM: ${(e as Extract<Effect, { type: 'llm' }>).prompt}` },
    );
    expect(out).toEqual(['< queued 1', '< LLM: Say hi', '= done']);
    expect(effects).toEqual([
      { type: 'transfer' },
      { type: 'transfer', target: 'sales', priority: 'high', reason: 'wants a discount', destination: 'workchat' },
      { type: 'transfer', department: 'support', destination: 'mobile_msg', skills: 'billing:3, spanish' },
      { type: 'meeting.create', options: { title: 'Call', participants: ['a@example.com'] } },
      { type: 'mail.send', to: 'a@example.com', subject: 'Hello', body: 'Body' },
      { type: 'talk.to', address: '+15550001', text: 'Heads up' },
      { type: 'llm', prompt: 'Say hi' },
      { type: 'schedule.set', cron: '0 9 * * 1' },
      { type: 'schedule.set', cron: '0 6 * * *', script: 'erp-jobs.bas' },
      { type: 'schedule.set', at: '2026-03-12T09:00:00.000Z', script: 'send-welcome-2.bas' },
      { type: 'memory.bot.set', key: 'visits', value: 1 },
      { type: 'memory.bot.get', key: 'visits' },
      { type: 'memory.user.set', key: 'color', value: 'blue' },
      { type: 'memory.user.get', key: 'color' },
      { type: 'session.set', key: 'customer_tier', value: 'gold' },
      { type: 'session.get', key: 'customer_tier' },
      { type: 'context.set', text: 'gold member' },
    ]);
  });

  test('TRANSFER TO HUMAN with a skills text that is not a list of name[:level 1-5] is a runtime error at its line', async () => {
    for (const skills of ['billing:7', 'spanish:high', 'billing:3, :2', 'a=b']) {
      const { out, effects } = await run([line(1, talk('hi')), line(4, set('r', kw('transfer_to_human', obj({ department: 'support', skills }))))]);
      expect(out).toEqual(['< hi', expect.stringMatching(new RegExp(`^= error start\\.bas:4: TRANSFER TO HUMAN skills needs a list like .*\\(line 4\\)$`))]);
      expect(effects).toEqual([]);
    }
    const { effects } = await run([set('r', kw('transfer_to_human', obj({ skills: ' Billing : 2 ,  spanish , ' })))], { transfer: () => ({ status: 'queued' }) });
    expect(effects).toEqual([{ type: 'transfer', skills: ' Billing : 2 ,  spanish , ' }]);
  });

  test('effects name their file and line; a rejected effect is a runtime error there', async () => {
    const host = new RecordingHost({
      http: () => Promise.reject(new Error('Requests to 169.254.169.254 are not allowed')),
    });
    const out = await converse([program('start.bas', lines(talk('a'), cmd('set_context', 'x'), set('r', kw('http_get', 'http://169.254.169.254/'))))], 'start', { host });
    expect(out).toEqual(['< a', '= error start.bas:3: Requests to 169.254.169.254 are not allowed (line 3)']);
    expect(host.effects[0]).toMatchObject({ type: 'context.set', file: 'start.bas', line: 2 });
  });

  test('the host never sees later changes to values it was given, nor shares its answers', async () => {
    const stored: Value[] = [];
    const shared = { n: 1 };
    const { out } = await run(
      [set('o', obj({ n: 1 })), cmd('insert', 't', v('o')), set(mem(v('o'), 'n'), 2), set('a', kw('find', 't', '')), set(mem(v('a'), 'n'), 5), set('b', kw('find', 't', '')), talk(mem(v('b'), 'n'))],
      { 'table.insert': (e) => (stored.push((e as Extract<Effect, { type: 'table.insert' }>).row), null), 'table.find': () => shared },
    );
    expect(stored).toEqual([{ n: 1 }]);
    expect(out).toEqual(['< 1', '= done']);
  });
});

describe('limits', () => {
  test('an endless loop is stopped by the step limit, quickly', async () => {
    const started = Date.now();
    const { out } = await run(lines(set('x', 0), doLoop([set('x', bin('+', v('x'), 1))])), {}, { maxSteps: 200_000 });
    expect(out).toEqual(['= error start.bas:2: script exceeded 200000 steps in one turn (possible infinite loop) (line 2)']);
    expect(Date.now() - started).toBeLessThan(2000);
    const recursion = await run([whileWend(true, [])]);
    expect(recursion.out[0]).toMatch(/exceeded 1000000 steps/);
  });

  test('wall time', async () => {
    const { out } = await run([doLoop([set('s', bin('&', 'x', call('len', v('s'))))])], {}, { maxSteps: 1e12, maxWallMs: 50 });
    expect(out[0]).toMatch(/script ran longer than 50 ms in one turn/);
  });

  test('output characters and HTTP calls per turn', async () => {
    expect((await run([forTo('i', 1, 100, [talk('0123456789')])], {}, { maxOutputChars: 55 })).out.at(-1)).toMatch(/output exceeded 55 characters/);
    const http = await run([forTo('i', 1, 5, [set('r', kw('http_get', 'http://x'))])], {}, { maxHttpCalls: 3 });
    expect(http.effects).toHaveLength(3);
    expect(http.out.at(-1)).toMatch(/more than 3 HTTP calls/);
  });

  test('values cannot grow without bound in a few steps', async () => {
    const text = await run([set('s', 'x'), forTo('i', 1, 40, [set('s', bin('&', v('s'), v('s')))])]);
    expect(text.out.at(-1)).toMatch(/text longer than 10000000 characters/);
    const list = await run([set('l', arr()), forTo('i', 1, 40, [set('l', arr(v('l'), v('l')))])]);
    expect(list.out.at(-1)).toMatch(/value with more than 1000000 items/);
  });

  test('limits count per turn', async () => {
    const p = program('start.bas', [forTo('i', 1, 3, [hear('x'), set('r', kw('http_get', 'http://x'))]), talk('ok')]);
    expect(await converse([p], 'start', { inputs: ['a', 'b', 'c'], limits: { maxHttpCalls: 1 }, fresh: true })).toEqual(['> a', '> b', '> c', '< ok', '= done']);
  });
});

describe('runtime errors', () => {
  test('name the file and the line, keep the output so far', async () => {
    const { out } = await run([line(1, talk('start')), line(7, set('x', idx(arr(), 0))), line(9, set(mem(v('x'), 'name'), 'boom'))]);
    expect(out).toEqual(['< start', '= error start.bas:9: cannot set member "name" of NULL (line 9)']);
  });
});
