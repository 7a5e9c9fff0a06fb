import type { CobrowseParty, CobrowseSignal } from '../attendance/index.js';
import type { Logger } from '../infra/logger.js';
import { cobrowseSignalOf, visitorCobrowse, type VisitorCobrowsePort } from './web-socket-cobrowse.js';

// One visitor socket's co-browse state (docs/attendance/co-browse.md): the page never chooses who sees it.

const A = '11111111-2222-4333-8444-555555555555';
const B = '99999999-2222-4333-8444-555555555555';
const at = '2026-01-01T12:00:00.000Z';
const logger = { warn: () => undefined } as unknown as Logger;

function setup(holds = true) {
  const calls: [string, CobrowseParty, unknown?][] = [];
  const port: VisitorCobrowsePort = {
    accept: async (p) => (calls.push(['accept', p]), holds),
    decline: async (p) => void calls.push(['decline', p]),
    events: async (p, part) => (calls.push(['events', p, part]), holds),
    end: async (p) => void calls.push(['end', p]),
    stopped: async (p) => void calls.push(['stopped', p]),
  };
  const pushed: unknown[] = [];
  const state = visitorCobrowse('s-1', port, (f) => void pushed.push(JSON.parse(f)), logger);
  const settle = () => state.close(); // waits for the frames before (and ends what is still on)
  return { calls, pushed, state, settle };
}
const request = (id: string, attendant: string): CobrowseSignal => ({ type: 'cobrowse', action: 'request', cobrowse_id: id, attendant_id: attendant, attendant_name: 'Ana', at });
const events = (id: string) => ({ type: 'cobrowse_events' as const, cobrowse_id: id, seq: 0, part: 0, parts: 1, data: '[]' });

test('page events without an accepted request go nowhere; an unknown id is answered as ended', async () => {
  const { calls, pushed, state, settle } = setup();
  state.frame(events(A));
  state.frame({ type: 'cobrowse_accept', cobrowse_id: A });
  await settle();
  expect(calls).toEqual([]);
  expect(pushed).toEqual([{ type: 'cobrowse_ended', cobrowse_id: A, by: 'system' }]);
});

test('the attendant of the accepted request gets the page; another attendant\'s pointer and stop are ignored', async () => {
  const { calls, pushed, state, settle } = setup();
  expect(state.signal(request(A, 'ana'))).toBe(JSON.stringify({ type: 'cobrowse_request', cobrowse_id: A, attendant: 'Ana' }));
  state.frame({ type: 'cobrowse_accept', cobrowse_id: A });
  state.frame(events(A));
  state.frame(events(B)); // not the accepted one
  await new Promise((r) => setImmediate(r));
  expect(state.signal({ type: 'cobrowse', action: 'pointer', cobrowse_id: A, attendant_id: 'bob', x: 1, y: 1, at })).toBeUndefined();
  expect(state.signal({ type: 'cobrowse', action: 'end', cobrowse_id: A, attendant_id: 'bob', at })).toBeUndefined();
  expect(JSON.parse(state.signal({ type: 'cobrowse', action: 'pointer', cobrowse_id: A, attendant_id: 'ana', x: 5, y: 6, at })!)).toEqual({
    type: 'cobrowse_pointer', cobrowse_id: A, x: 5, y: 6,
  });
  await settle(); // the socket closes: the co-browse ends
  const party = { sessionId: 's-1', cobrowseId: A, attendantId: 'ana' };
  expect(calls).toEqual([['accept', party], ['events', party, { seq: 0, part: 0, parts: 1, data: '[]' }], ['end', party]]);
  expect(pushed).toEqual([]);
});

test('the attendant\'s stop ends it on the page; later page events go nowhere', async () => {
  const { calls, state, settle } = setup();
  state.signal(request(A, 'ana'));
  state.frame({ type: 'cobrowse_accept', cobrowse_id: A });
  await new Promise((r) => setImmediate(r));
  expect(JSON.parse(state.signal({ type: 'cobrowse', action: 'end', cobrowse_id: A, attendant_id: 'ana', at })!)).toEqual({
    type: 'cobrowse_ended', cobrowse_id: A, by: 'attendant',
  });
  state.frame(events(A));
  await settle();
  // The port hears the stop (what is kept of it is finished there), and nothing after it.
  expect(calls.map(([name]) => name)).toEqual(['accept', 'stopped']);
});

test('the visitor declines, or stops: the attendant is told through the port', async () => {
  const { calls, state, settle } = setup();
  state.signal(request(A, 'ana'));
  state.signal(request(B, 'ana'));
  state.frame({ type: 'cobrowse_decline', cobrowse_id: A });
  state.frame({ type: 'cobrowse_accept', cobrowse_id: B });
  state.frame({ type: 'cobrowse_end', cobrowse_id: B });
  await settle();
  expect(calls.map(([name, p]) => `${name} ${p.cobrowseId === A ? 'A' : 'B'}`)).toEqual(['decline A', 'accept B', 'end B']);
});

test('when the attendant no longer holds the conversation, consent starts nothing and the page is told it ended', async () => {
  const { pushed, state, settle } = setup(false);
  state.signal(request(A, 'ana'));
  state.frame({ type: 'cobrowse_accept', cobrowse_id: A });
  await settle();
  expect(pushed).toEqual([{ type: 'cobrowse_ended', cobrowse_id: A, by: 'system' }]);
});

test('only well-formed signals are co-browse signals', () => {
  expect(cobrowseSignalOf({ type: 'message', text: 'hi' })).toBeUndefined();
  expect(cobrowseSignalOf({ type: 'cobrowse', action: 'pointer', cobrowse_id: A, attendant_id: 'ana', at, x: '1', y: 2 })).toBeUndefined();
  expect(cobrowseSignalOf(request(A, 'ana'))).toEqual(request(A, 'ana'));
});
