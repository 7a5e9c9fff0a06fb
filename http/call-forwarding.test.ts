import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { ConflictError, NotFoundError } from '../infra/errors.js';
import { commandOnCallHolder, onCallHolder } from './call-forwarding.js';

// A call request on an instance that does not hold the call (docs/operations/kamailio.md,
// "Attendants on another instance"), with two real HTTP servers on 127.0.0.1: `here` runs the
// request, and on `call_not_found`/`no_live_call` passes it to `holder`, which answers as it will.

interface Seen { path: string; authorization: string | undefined; forwarded: string | undefined; body: unknown }

async function listen(app: express.Express): Promise<{ url: string; close(): Promise<void> }> {
  const server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

let seen: Seen[];
let holder: Awaited<ReturnType<typeof listen>>;
let here: Awaited<ReturnType<typeof listen>>;
/** What the local run of each request throws, by the session in its path. */
const local: Record<string, () => Promise<unknown>> = {
  'held-here': async () => ({ sdp: 'local answer' }),
  elsewhere: () => Promise.reject(new NotFoundError('No call of this conversation is in progress on this instance', 'call_not_found')),
  refused: () => Promise.reject(new ConflictError('This conversation has no live phone call on this instance', 'no_live_call')),
  'not-yours': () => Promise.reject(new ConflictError('Take the conversation first', 'not_holder')),
  nowhere: () => Promise.reject(new NotFoundError('No call here', 'call_not_found')),
};

beforeAll(async () => {
  seen = [];
  const holderApp = express();
  holderApp.use(express.json());
  holderApp.post('/api/attendance/conversations/:id/call/:action', (req, res) => {
    seen.push({ path: req.originalUrl, authorization: req.get('authorization'), forwarded: req.get('x-switchboard-call-forwarded'), body: req.body });
    if (req.params.id === 'refused') res.status(409).json({ error: 'transfer_refused', message: 'The far end did not accept the transfer (REFER)' });
    else res.json({ sdp: 'the holder\'s answer', codec: 'PCMA' });
  });
  holderApp.post('/api/attendance/commands', (req, res) => {
    seen.push({ path: req.originalUrl, authorization: req.get('authorization'), forwarded: req.get('x-switchboard-call-forwarded'), body: req.body });
    const { text, session_id } = req.body as { text: string; session_id: string };
    if (session_id === 'refused') res.status(403).json({ error: 'forbidden', message: 'Not in your queues' });
    else res.json({ ok: true, reply: `ran ${text}`, session_id });
  });
  holder = await listen(holderApp);
  const hereApp = express();
  hereApp.use(express.json());
  hereApp.post('/api/attendance/conversations/:id/call/:action', (req, res) => {
    const sessionId = String(req.params.id);
    onCallHolder({
      holders: { url: async (id) => (id === 'nowhere' ? undefined : holder.url), fetch: globalThis.fetch }, req, sessionId, body: req.body,
    }, local[sessionId]!).then((answer) => res.json(answer), (error: NotFoundError | ConflictError) => {
      res.status(error instanceof NotFoundError ? 404 : 409).json({ error: error.code, message: error.message });
    });
  });
  here = await listen(hereApp);
});

afterAll(async () => {
  await here.close();
  await holder.close();
});

async function post(sessionId: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${here.url}/api/attendance/conversations/${sessionId}/call/connect`, {
    method: 'POST', headers: { authorization: 'Bearer attendant-token', 'content-type': 'application/json', ...headers }, body: JSON.stringify({ sdp: 'offer' }),
  });
  return { status: res.status, body: await res.json() as Record<string, unknown> };
}

test('a call held here is answered here; one held elsewhere is passed to its holder with the attendant\'s token, the body and the forwarded mark', async () => {
  expect(await post('held-here')).toEqual({ status: 200, body: { sdp: 'local answer' } });
  expect(seen).toEqual([]);
  expect(await post('elsewhere')).toEqual({ status: 200, body: { sdp: 'the holder\'s answer', codec: 'PCMA' } });
  expect(seen).toEqual([{
    path: '/api/attendance/conversations/elsewhere/call/connect', authorization: 'Bearer attendant-token', forwarded: '1', body: { sdp: 'offer' },
  }]);
});

test('the holder\'s error comes back with its status and code; other errors, no holder, or an already forwarded request are not passed on', async () => {
  seen = [];
  expect(await post('refused')).toEqual({ status: 409, body: { error: 'transfer_refused', message: 'The far end did not accept the transfer (REFER)' } });
  expect(await post('not-yours')).toMatchObject({ status: 409, body: { error: 'not_holder' } });
  expect(await post('nowhere')).toMatchObject({ status: 404, body: { error: 'call_not_found' } });
  expect(await post('elsewhere', { 'x-switchboard-call-forwarded': '1' })).toMatchObject({ status: 404, body: { error: 'call_not_found' } });
  expect(seen.map((s) => s.path)).toEqual(['/api/attendance/conversations/refused/call/connect']);
});

test('a typed call command for a call held elsewhere runs on the holder as /api/attendance/commands, with the minted token and the forwarded mark; none held: undefined', async () => {
  seen = [];
  const holders = { url: async (id: string) => (id === 'nowhere' ? undefined : holder.url), fetch: globalThis.fetch };
  let minted = 0;
  const token = async () => { minted += 1; return 'minted-for-ana'; };
  expect(await commandOnCallHolder(holders, { sessionId: 'elsewhere', text: '/hold on', token })).toEqual({ ok: true, reply: 'ran /hold on', session_id: 'elsewhere' });
  expect(seen).toEqual([{
    path: '/api/attendance/commands', authorization: 'Bearer minted-for-ana', forwarded: '1', body: { text: '/hold on', session_id: 'elsewhere' },
  }]);
  await expect(commandOnCallHolder(holders, { sessionId: 'refused', text: '/hangup', token })).rejects.toMatchObject({ message: 'Not in your queues' });
  expect(await commandOnCallHolder(holders, { sessionId: 'nowhere', text: '/hangup', token })).toBeUndefined();
  // No token is minted when no instance holds the call.
  expect(minted).toBe(2);
});
