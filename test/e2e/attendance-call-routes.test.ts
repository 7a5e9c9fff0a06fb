import { startKit, UNKNOWN_ID, type Kit, type User } from '../support/attendance-kit.js';

// The call routes of a conversation (docs/attendance/calls.md, "REST") on a service without phone
// calls: the checks before the call is reached, the error bodies, and the OpenAPI document.

let kit: Kit;
let ana: User;
let bob: User;
beforeAll(async () => {
  kit = await startKit();
  ana = await kit.user('ana', ['attendant']);
  bob = await kit.user('bob', ['attendant']);
});
afterAll(async () => { await kit.service.dispose(); });

const path = (id: string, action: string) => `/api/attendance/conversations/${id}/call/${action}`;

test('unknown conversation 404, someone else\'s 409 not_holder, one without a live call 409 no_live_call, bad bodies 400', async () => {
  const { sessionId } = await kit.handoff();
  expect((await kit.command(ana.headers, `/take ${sessionId}`)).ok).toBe(true);

  const unknown = await kit.call('POST', path(UNKNOWN_ID, 'hangup'), ana.headers);
  expect([unknown.status, unknown.body.error]).toEqual([404, 'session_not_found']);
  const notHers = await kit.call('POST', path(sessionId, 'hold'), bob.headers, { on: true });
  expect([notHers.status, notHers.body.error]).toEqual([409, 'not_holder']);

  for (const [action, body] of [['hold', { on: true }], ['dtmf', { digits: '12#' }], ['hangup', undefined], ['transfer', { number: '+1 555 555 0199' }], ['transfer', { attendant_id: bob.id }]] as const) {
    const res = await kit.call('POST', path(sessionId, action), ana.headers, body);
    expect({ action, status: res.status, error: res.body.error, message: typeof res.body.message }).toEqual({ action, status: 409, error: 'no_live_call', message: 'string' });
  }
  for (const [action, body] of [['hold', {}], ['dtmf', { digits: '12x' }], ['dtmf', { digits: '1'.repeat(33) }], ['transfer', { number: '555' }], ['transfer', { attendant_id: bob.id, number: '+15555550199' }]] as const) {
    const res = await kit.call('POST', path(sessionId, action), ana.headers, body);
    expect({ action, status: res.status, error: res.body.error }).toEqual({ action, status: 400, error: 'validation_error' });
  }
  // The conversation stays Ana's: a call transfer without a call moves nothing.
  expect(await kit.item(sessionId)).toMatchObject({ assigned_to: ana.id });
  const commands = await kit.command(ana.headers, '/hold on', sessionId);
  expect(commands).toMatchObject({ ok: false, reply: expect.stringMatching(/no live phone call/) });
});

test('the routes are in the OpenAPI document with their bodies', async () => {
  const doc = (await (await fetch(`${kit.service.url}/api/openapi.json`)).json()) as { paths: Record<string, Record<string, { requestBody?: unknown; responses: Record<string, unknown> }>> };
  for (const action of ['hold', 'dtmf', 'hangup', 'transfer']) {
    const operation = doc.paths[`/api/attendance/conversations/{session_id}/call/${action}`]?.post;
    expect({ action, responses: Object.keys(operation?.responses ?? {}).sort() }).toEqual({ action, responses: expect.arrayContaining(['200', '403', '404', '409']) });
    expect({ action, body: operation?.requestBody !== undefined }).toEqual({ action, body: action !== 'hangup' });
  }
});
