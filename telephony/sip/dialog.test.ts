import { jest } from '@jest/globals';
import { createLogger } from '../../infra/logger.js';
import { Dialog, type DialogHost } from './dialog.js';
import { parseSipMessage, type SipRequest } from './sip-message.js';
import { NonInviteServerTransaction } from './server-transactions.js';
import { sipTimers } from './timers.js';
import { request, SDP_OFFER } from './testing/sip-test-peer.js';

const ids = { callId: 'dialog-test', fromTag: 'caller', port: 5060 };
const parse = (text: string) => parseSipMessage(text.replace(/\r?\n/g, '\r\n')) as SipRequest;

function setUp() {
  const sent: SipRequest[] = [];
  const statuses: number[] = [];
  const host: DialogHost = {
    timers: sipTimers({ t1Ms: 500, sessionSecondMs: 1000 }),
    logger: createLogger({ level: 'silent' }),
    respond: (_tx, status) => statuses.push(status),
    sendRequest: (req) => {
      sent.push(req);
      return Promise.resolve(undefined);
    },
    sendMessage: (req) => {
      sent.push(req);
    },
    sendInvite: () => Promise.resolve(undefined),
    via: (_transport, branch) => `SIP/2.0/UDP 127.0.0.1:5070;branch=${branch};rport`,
    contact: () => '<sip:127.0.0.1:5070>',
    forget: () => undefined,
  };
  const invite = parse(request('INVITE', ids, { body: SDP_OFFER, headers: ['Record-Route: <sip:proxy.example;lr>'] }));
  const dialog = new Dialog(host, invite, 'local', { address: '127.0.0.1', port: 5060, transport: 'udp' }, 'answer');
  const tx = () => new NonInviteServerTransaction(invite, { send: () => undefined, timers: host.timers, reliable: true, onTerminated: () => undefined });
  return { dialog, sent, statuses, tx };
}

afterEach(() => jest.useRealTimers());

test('session timer: each UPDATE restarts the interval; without one, BYE and session-expired', () => {
  jest.useFakeTimers();
  const { dialog, sent, statuses, tx } = setUp();
  const reasons: string[] = [];
  dialog.onEnded((reason) => reasons.push(reason));
  dialog.refreshSession(90);
  jest.advanceTimersByTime(80_000);
  dialog.handle(parse(request('UPDATE', { ...ids, toTag: 'local', cseq: 2 })), tx());
  jest.advanceTimersByTime(80_000);
  expect(sent).toHaveLength(0);
  jest.advanceTimersByTime(10_001);
  expect(statuses).toEqual([200]);
  expect(reasons).toEqual(['session-expired']);
  expect(sent.map((r) => [r.method, r.uri])).toEqual([['BYE', `sip:caller@127.0.0.1:5060`]]);
  expect(sent[0]?.headers.find((h) => h.name === 'Route')?.value).toBe('<sip:proxy.example;lr>');
});

test('a request with an old CSeq gets 500; BYE ends the call once', () => {
  const { dialog, statuses, tx } = setUp();
  const reasons: string[] = [];
  dialog.onEnded((reason) => reasons.push(reason));
  dialog.handle(parse(request('INFO', { ...ids, toTag: 'local', cseq: 1 })), tx());
  dialog.handle(parse(request('BYE', { ...ids, toTag: 'local', cseq: 2 })), tx());
  expect(statuses).toEqual([500, 200]);
  expect(reasons).toEqual(['remote-bye']);
});
