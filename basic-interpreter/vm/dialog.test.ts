import type { DialogState, TurnResult } from './dialog.js';
import type { HearPrompt } from '../keywords/index.js';
import { resumeDialog, startDialog } from './run-dialog.js';
import {
  arr, asMenu, asType, bin, call, callStmt, cmd, converse, forEach, forTo, hear, iff, interp, obj, program, RecordingHost, set, sub, talk, TestLibrary, v, wait,
} from '../../test/support/basic-ast.js';

const now = () => new Date('2026-03-10T12:00:00Z');

/** A dialog with HEARs in loops, procedures, a called script, live temporaries and a WAIT. */
const survey = [
  program('start.bas', [
    talk('What is your name?'),
    hear('name'),
    set('answers', arr()),
    forTo('i', 1, 2, [
      talk(interp('Question ', v('i'))),
      callStmt('ask', v('i')),
    ]),
    forEach('q', arr('red', 'blue'), [talk(interp('Like ', v('q'), '?')), hear('yes', asType('BOOLEAN')), set('answers', call('push', v('answers'), v('yes')))]),
    set('total', bin('+', 100, call('confirm', v('name')))),
    wait(30),
    talk(interp(v('name'), ' ', v('answers'), ' ', v('total'), ' ', v('extra'))),
  ], { procedures: [sub('ask', ['n'], [hear('a'), set('answers', call('push', v('answers'), bin('*', v('a'), v('n'))))])] }),
  program('confirm.bas', [talk(interp('Sure, ', v('who'), '?')), hear('ok', asMenu('Yes', 'No')), set('score', 0), iff(bin('=', v('ok'), 'Yes'), [set('score', 1)]), { kind: 'return', value: v('score'), loc: { line: 1, column: 1 } }], {
    params: [{ name: 'who', type: 'STRING', loc: { line: 1, column: 1 } }],
  }),
];
const inputs = ['Ana', '3', '4', 'yes', 'nope', 'no', 'Yes'];

describe('HEAR', () => {
  test('resuming from JSON after every HEAR and WAIT gives the same transcript as one run', async () => {
    const straight = await converse(survey, 'start', { inputs });
    expect(straight).toEqual([
      '< What is your name?', '> Ana', '< Question 1', '> 3', '< Question 2', '> 4', '< Like red?', '> yes', '< Like blue?', '> nope',
      '< Please answer yes or no.', '> no', '< Sure, Ana?', '> Yes', '= sleeping 30', '< Ana [3,8,true,false] 101 ', '= done',
    ]);
    expect(await converse(survey, 'start', { inputs, fresh: true })).toEqual(straight);
  });

  test('the saved state is plain JSON', async () => {
    const result = await startDialog({ library: new TestLibrary(...survey), host: new RecordingHost(), entry: 'start', now });
    expect(result.status).toBe('waiting');
    const state = (result as Extract<TurnResult, { status: 'waiting' }>).state;
    expect(JSON.parse(JSON.stringify(state))).toEqual(state);
    expect(state).toMatchObject({ version: 1, entry: 'start', status: 'waiting', frames: [{ script: 'start', proc: null }] });
  });

  test('HEAR AS type: the answer is checked and normalised; invalid answers re-ask', async () => {
    const p = program('start.bas', [hear('email', asType('EMAIL')), talk(v('email'))]);
    expect(await converse([p], 'start', { inputs: ['nope', ' Ana@Example.COM '] })).toEqual([
      '> nope', '< Please enter a valid email address, like name@example.com.', '>  Ana@Example.COM ', '< ana@example.com', '= done',
    ]);
  });

  test('after three invalid answers in a row the variable is NULL and hear.failed is reported', async () => {
    const p = program('start.bas', [talk('Age?'), hear('age', asType('INTEGER')), talk(bin('&', 'age=', v('age'))), hear('again', asType('INTEGER')), talk(v('again'))]);
    for (const fresh of [false, true]) {
      const host = new RecordingHost();
      const out = await converse([p], 'start', { inputs: ['old', 'older', 'oldest', 'x', 'y', '5'], fresh, host });
      expect(out.filter((l) => !l.startsWith('< ') || !l.includes('number'))).toEqual(['< Age?', '> old', '> older', '> oldest', '< age=', '> x', '> y', '> 5', '< 5', '= done']);
      expect(host.effects.map(({ type, ...rest }) => ({ type, ...rest }))).toEqual([{ type: 'hear.failed', variable: 'age', file: 'start.bas', line: 1 }]);
    }
  });

  test('HEAR AS QRCODE: the host reads the linked picture; no code re-asks, three misses give up', async () => {
    const p = program('start.bas', [hear('code', asType('QRCODE')), talk(v('code'))]);
    for (const fresh of [false, true]) {
      const host = new RecordingHost({ 'qrcode.read': (e) => (e.type === 'qrcode.read' && e.url.endsWith('/code.png') ? 'TICKET-42' : null) });
      const out = await converse([p], 'start', { inputs: ['TICKET-42', 'https://f.example/cat.png', 'https://f.example/code.png'], fresh, host });
      expect(out).toEqual([
        '> TICKET-42', '< Please send a picture of the QR code.', '> https://f.example/cat.png', '< Please send a picture of the QR code.',
        '> https://f.example/code.png', '< TICKET-42', '= done',
      ]);
      expect(host.effects.map((e) => e.type)).toEqual(['qrcode.read', 'qrcode.read']);
      const gaveUp = new RecordingHost();
      expect(await converse([p], 'start', { inputs: ['https://f.example/a.png', 'https://f.example/b.png', 'https://f.example/c.png'], fresh, host: gaveUp })).toEqual([
        '> https://f.example/a.png', '< Please send a picture of the QR code.', '> https://f.example/b.png', '< Please send a picture of the QR code.',
        '> https://f.example/c.png', '< ', '= done',
      ]);
      expect(gaveUp.effects.map((e) => e.type)).toEqual(['qrcode.read', 'qrcode.read', 'qrcode.read', 'hear.failed']);
    }
  });

  test('HEAR AS menu: options offered as suggestions, matched by text or number', async () => {
    const p = program('start.bas', [hear('choice', asMenu('Sales', 'Support', 'Café')), talk(v('choice')), hear('c2', asMenu('Sales', 'Support', 'Café')), talk(v('c2'))]);
    const library = new TestLibrary(p);
    const first = await startDialog({ library, host: new RecordingHost(), entry: 'start', now });
    expect(first).toMatchObject({ status: 'waiting', outputs: [], waiting_for: { variable: 'choice', menu: [{ key: 'Sales', label: 'Sales' }, { key: 'Support', label: 'Support' }, { key: 'Café', label: 'Café' }] } });
    expect(await converse([p], 'start', { inputs: ['suporte', 'cafe', '2'], fresh: true })).toEqual([
      '> suporte', '< Please choose one of: Sales, Support, Café. [Sales:Sales|Support:Support|Café:Café]', '> cafe', '< Café', '> 2', '< Support', '= done',
    ]);
  });

  test('a host that renders HEAR\'s re-asks gets the prompt\'s key and the menu\'s options', async () => {
    const p = program('start.bas', [hear('choice', asMenu('Sales', 'Support')), hear('mail', asType('EMAIL'))]);
    const library = new TestLibrary(p);
    const host = new RecordingHost();
    const hearPrompt = (prompt: HearPrompt) => `[${prompt.key}${prompt.params ? ` ${prompt.params.options}` : ''}]`;
    type Waiting = Extract<TurnResult, { status: 'waiting' }>;
    const waiting = (await startDialog({ library, host, entry: 'start', now, hearPrompt })) as Waiting;
    const menu = (await resumeDialog({ library, host, state: waiting.state, input: 'nothing', now, hearPrompt })) as Waiting;
    expect(menu.outputs.map((o) => o.text)).toEqual(['[menu Sales, Support]']);
    const chosen = (await resumeDialog({ library, host, state: menu.state, input: 'Sales', now })) as Waiting;
    const email = await resumeDialog({ library, host, state: chosen.state, input: 'x', now, hearPrompt });
    expect(email.outputs.map((o) => o.text)).toEqual(['[email]']);
  });

  test('an unknown HEAR type is a compile-time diagnostic and a runtime error at its line', async () => {
    const p = program('start.bas', [hear('x', asType('COLOUR'))]);
    expect((await converse([p], 'start')).at(-1)).toMatch(/^= error start\.bas:1: unknown HEAR type COLOUR/);
  });

  test('resuming a waiting dialog without input keeps waiting', async () => {
    const library = new TestLibrary(program('start.bas', [talk('hi'), hear('x'), talk(v('x'))]));
    const first = (await startDialog({ library, host: new RecordingHost(), entry: 'start', now })) as Extract<TurnResult, { status: 'waiting' }>;
    const again = await resumeDialog({ library, host: new RecordingHost(), state: first.state, now });
    expect(again).toMatchObject({ status: 'waiting', outputs: [], waiting_for: { variable: 'x' } });
  });
});

describe('WAIT', () => {
  test('sleeps with resume_at = now + seconds and continues after it', async () => {
    const library = new TestLibrary(program('start.bas', [talk('waiting'), wait(bin('*', 2, 15)), talk('awake')]));
    const first = await startDialog({ library, host: new RecordingHost(), entry: 'start', now });
    expect(first).toMatchObject({ status: 'sleeping', resume_at: '2026-03-10T12:00:30.000Z', outputs: [{ type: 'talk', text: 'waiting' }] });
    const state = JSON.parse(JSON.stringify((first as Extract<TurnResult, { status: 'sleeping' }>).state)) as DialogState;
    expect(await resumeDialog({ library, host: new RecordingHost(), state, now })).toEqual({ status: 'done', outputs: [{ type: 'talk', text: 'awake' }], value: null });
  });
});

describe('suggestions', () => {
  test('ADD SUGGESTION attaches to the next TALK only; CLEAR SUGGESTIONS drops them', async () => {
    const p = program('start.bas', [
      cmd('add_suggestion', 'yes', 'Yes please'), cmd('add_suggestion', 'no', 'No thanks'), talk('Continue?'), talk('plain'),
      cmd('add_suggestion', 'a', 'A'), cmd('clear_suggestions'), talk('cleared'), cmd('add_suggestion', 'k', 'K'), hear('x'), talk(v('x')),
    ]);
    expect(await converse([p], 'start', { inputs: ['go'], fresh: true })).toEqual(['< Continue? [yes:Yes please|no:No thanks]', '< plain', '< cleared', '> go', '< go [k:K]', '= done']);
  });
});

describe('changed scripts', () => {
  test('a saved dialog whose script changed restarts from the top with its start variables and a notice', async () => {
    const v1 = program('start.bas', [talk(interp('v1 ', v('user_name'))), hear('x'), talk('v1 end')]);
    const v2 = program('start.bas', [talk(interp('v2 ', v('user_name'))), hear('y'), talk(v('y'))]);
    const first = (await startDialog({ library: new TestLibrary(v1), host: new RecordingHost(), entry: 'start', now, variables: { user_name: 'Ana' } })) as Extract<TurnResult, { status: 'waiting' }>;
    const next = await resumeDialog({ library: new TestLibrary(v2), host: new RecordingHost(), state: first.state, input: 'hello', now });
    expect(next).toMatchObject({ status: 'waiting', notice: 'script start changed since this dialog was saved; restarted from the top', outputs: [{ text: 'v2 Ana' }] });
  });

  test('a called script that changed (or is gone) also restarts the entry script', async () => {
    const start = program('start.bas', [talk('top'), set('r', call('inner')), talk(v('r'))]);
    const inner = program('inner.bas', [hear('x'), { kind: 'return', value: v('x'), loc: { line: 1, column: 1 } }]);
    const first = (await startDialog({ library: new TestLibrary(start, inner), host: new RecordingHost(), entry: 'start', now })) as Extract<TurnResult, { status: 'waiting' }>;
    const gone = await resumeDialog({ library: new TestLibrary(start), host: new RecordingHost(), state: first.state, input: 'x', now });
    expect(gone).toMatchObject({ status: 'error', notice: 'script inner changed since this dialog was saved; restarted from the top', outputs: [{ text: 'top' }] });
    const same = await resumeDialog({ library: new TestLibrary(start, inner), host: new RecordingHost(), state: first.state, input: 'fine', now });
    expect(same).toMatchObject({ status: 'done', outputs: [{ text: 'fine' }] });
  });

  test('a state that is not ours is an error result, not an exception', async () => {
    const r = await resumeDialog({ library: new TestLibrary(), host: new RecordingHost(), state: { version: 1 } as DialogState, input: 'x' });
    expect(r.status).toBe('error');
    expect((await startDialog({ library: new TestLibrary(), host: new RecordingHost(), entry: 'nope' })).status).toBe('error');
    const library = new TestLibrary(program('start.bas', [hear('x')]));
    const waiting = (await startDialog({ library, host: new RecordingHost(), entry: 'start', now })) as Extract<TurnResult, { status: 'waiting' }>;
    const damaged = JSON.parse(JSON.stringify(waiting.state)) as { frames: { temps: unknown }[] };
    damaged.frames[0]!.temps = 'x';
    expect(await resumeDialog({ library, host: new RecordingHost(), state: damaged as unknown as DialogState, input: 'a' })).toMatchObject({
      status: 'error',
      error: { message: expect.stringMatching(/state is damaged/) },
    });
  });

  test('state keeps object variables intact', async () => {
    const p = program('start.bas', [set('o', obj({ a: arr(1, obj({ b: null })) })), hear('x'), talk(v('o'))]);
    expect(await converse([p], 'start', { inputs: ['go'], fresh: true })).toEqual(['> go', '< {"a":[1,{"b":null}]}', '= done']);
  });
});
