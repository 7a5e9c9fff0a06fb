import net from 'node:net';
import tls from 'node:tls';
import { selfSignedCertificate } from '../../test/support/self-signed-cert.js';
import { createLogger } from '../../infra/logger.js';
import { createSipUserAgent, type IncomingInvite, type SipUserAgent } from './index.js';
import { headerValue, headerValues } from './sip-message.js';
import { collectStream, digestAuthorization, request, SDP_OFFER, SipTestPeer } from './testing/sip-test-peer.js';
import { loadTortureMessage } from './rfc4475/load-torture-message.js';

const ANSWER = 'v=0\r\no=- 2 2 IN IP4 127.0.0.1\r\ns=-\r\nc=IN IP4 127.0.0.1\r\nt=0 0\r\nm=audio 41000 RTP/AVP 0\r\n';
const logger = createLogger({ level: 'silent' });
const certificate = selfSignedCertificate();

let ua: SipUserAgent;
let peer: SipTestPeer;
let invites: IncomingInvite[];
let onInvite: (invite: IncomingInvite) => void;
let seq = 0;
const ids = () => ({ callId: `call-${++seq}@test`, fromTag: `from${seq}`, port: peer.port });

beforeEach(async () => {
  invites = [];
  onInvite = (invite) => invites.push(invite);
  ua = await createSipUserAgent({ host: '127.0.0.1', udpPort: 0, tcpPort: 0, tls: { port: 0, ...certificate }, logger, timers: { t1Ms: 10, t2Ms: 40, t4Ms: 20, sessionSecondMs: 1 }, onInvite: (invite) => onInvite(invite) });
  peer = await SipTestPeer.open(ua.udpPort);
});

afterEach(async () => {
  peer.close();
  await ua.close();
});

async function invited(extra: string[] = []) {
  const call = ids();
  const branch = `z9hG4bKinv${seq}`;
  peer.send(request('INVITE', { ...call, branch }, { body: SDP_OFFER, headers: extra }));
  await peer.response(100, 'INVITE');
  const invite = await waitFor(() => invites.find((i) => i.callId === call.callId));
  return { call, branch, invite };
}

async function established(extra: string[] = []) {
  const { call, invite } = await invited(extra);
  const accepted = invite.accept(ANSWER);
  const ok = await peer.response(200, 'INVITE');
  const toTag = /tag=([^;\s]+)/.exec(headerValue(ok, 'to') ?? '')?.[1] ?? '';
  peer.send(request('ACK', { ...call, toTag }));
  const sipCall = await accepted;
  return { call: { ...call, toTag }, sipCall, ok };
}

async function waitFor<T>(find: () => T | undefined): Promise<T> {
  for (let i = 0; i < 150; i++) {
    const found = find();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('timed out waiting');
}

test('OPTIONS outside a dialog: 200 with Allow, Accept and Supported', async () => {
  peer.send(request('OPTIONS', ids()));
  const ok = await peer.response(200, 'OPTIONS');
  expect(headerValues(ok, 'allow')).toEqual(expect.arrayContaining(['INVITE', 'BYE', 'INFO']));
  expect(headerValue(ok, 'accept')).toBe('application/sdp');
  expect(headerValue(ok, 'supported')).toBe('timer');
  expect(headerValue(ok, 'via')).toMatch(new RegExp(`rport=${peer.port}`));
});

test('INVITE with SDP: 100 at once, the offer reaches onInvite, 180, 200 with the answer retransmitted until the ACK', async () => {
  const { call, invite } = await invited();
  expect(invite.sdpOffer).toBe(SDP_OFFER);
  expect(invite.from).toMatchObject({ displayName: 'Caller', uri: { user: '+15550001' }, tag: call.fromTag });
  expect(invite.requestUri).toMatchObject({ scheme: 'sip', user: 'bot', host: '127.0.0.1' });
  invite.ringing();
  const ringing = await peer.response(180);
  const accepted = invite.accept(ANSWER);
  const ok = await peer.response(200, 'INVITE');
  expect(ok.body.toString()).toBe(ANSWER);
  expect(headerValue(ringing, 'to')).toBe(headerValue(ok, 'to'));
  await peer.response(200, 'INVITE'); // a retransmission: no ACK yet
  const toTag = /tag=(\w+)/.exec(headerValue(ok, 'to') ?? '')?.[1];
  peer.send(request('ACK', { ...call, ...(toTag ? { toTag } : {}) }));
  const sipCall = await accepted;
  expect(sipCall.callId).toBe(call.callId);
  await new Promise((resolve) => setTimeout(resolve, 50));
  const before = peer.count((m) => m.kind === 'response' && m.status === 200);
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(peer.count((m) => m.kind === 'response' && m.status === 200)).toBe(before);
});

test('no ACK within 64·T1: accept rejects and a BYE is sent', async () => {
  const { invite } = await invited();
  const accepted = invite.accept(ANSWER);
  await expect(accepted).rejects.toThrow(/ACK/);
  await peer.request('BYE');
});

test('CANCEL before the answer: 200 to the CANCEL, 487 to the INVITE, onCancel fires, accept rejects', async () => {
  const { call, branch, invite } = await invited();
  let cancelled = false;
  invite.onCancel(() => (cancelled = true));
  peer.send(request('CANCEL', { ...call, branch }));
  await peer.response(200, 'CANCEL');
  await peer.response(487, 'INVITE');
  expect(cancelled).toBe(true);
  await expect(invite.accept(ANSWER)).rejects.toThrow(/cancelled/);
});

test('BYE from the caller: 200 and the call ends with remote-bye', async () => {
  const { call, sipCall } = await established();
  const ended = new Promise((resolve) => sipCall.onEnded(resolve));
  peer.send(request('BYE', { ...call, cseq: 2 }));
  await peer.response(200, 'BYE');
  expect(await ended).toBe('remote-bye');
});

test('hangUp sends BYE (retransmitted until answered, along the Record-Route) and ends with local-bye', async () => {
  const { sipCall, ok: answer } = await established(['Record-Route: <sip:127.0.0.1:5999;lr>']);
  expect(headerValue(answer, 'record-route')).toBe('<sip:127.0.0.1:5999;lr>');
  const reasons: string[] = [];
  sipCall.onEnded((reason) => reasons.push(reason));
  const done = sipCall.hangUp();
  const bye = await peer.request('BYE');
  await peer.request('BYE'); // timer E re-sent it
  expect(headerValue(bye, 'to')).toMatch(/tag=from/);
  expect(bye.uri).toBe(`sip:caller@127.0.0.1:${peer.port}`);
  expect(headerValue(bye, 'route')).toBe('<sip:127.0.0.1:5999;lr>');
  const ok = ['SIP/2.0 200 OK', ...bye.headers.filter((h) => ['via', 'from', 'to', 'call-id', 'cseq'].includes(h.name.toLowerCase())).map((h) => `${h.name}: ${h.value}`), 'Content-Length: 0', '', ''].join('\r\n');
  peer.send(ok);
  await done;
  expect(reasons).toEqual(['local-bye']);
});

test('re-INVITE (hold): the handler answers the new offer; UPDATE too', async () => {
  const { call, sipCall } = await established();
  const offers: string[] = [];
  sipCall.onReoffer((offer) => {
    offers.push(offer);
    return ANSWER.replace('41000', '41002');
  });
  const hold = SDP_OFFER.replace('t=0 0', 't=0 0\r\na=sendonly');
  peer.send(request('INVITE', { ...call, cseq: 2 }, { body: hold }));
  const ok = await peer.response(200, '2 INVITE'); // not a late retransmission of the first 200
  expect(ok.body.toString()).toContain('41002');
  peer.send(request('ACK', { ...call, cseq: 2 }));
  peer.send(request('UPDATE', { ...call, cseq: 3 }, { body: SDP_OFFER }));
  await peer.response(200, 'UPDATE');
  expect(offers).toEqual([hold, SDP_OFFER]);
});

test('INFO goes to the listener with its content type and body', async () => {
  const { call, sipCall } = await established();
  const infos: [string | undefined, string][] = [];
  sipCall.onInfo((type, body) => infos.push([type, body]));
  peer.send(request('INFO', { ...call, cseq: 2 }, { body: 'Signal=5\r\nDuration=160\r\n', contentType: 'application/dtmf-relay' }));
  await peer.response(200, 'INFO');
  expect(infos).toEqual([['application/dtmf-relay', 'Signal=5\r\nDuration=160\r\n']]);
});

test('requests for an unknown dialog: 481; BYE outside a dialog: 481; REGISTER: 405; unknown method: 501', async () => {
  peer.send(request('BYE', { ...ids(), toTag: 'nosuch' }));
  await peer.response(481, 'BYE');
  peer.send(request('INFO', ids()));
  await peer.response(481, 'INFO');
  peer.send(request('REGISTER', ids()));
  expect(headerValue(await peer.response(405, 'REGISTER'), 'allow')).toBe('INVITE');
  peer.send(request('FROBNICATE', ids()));
  await peer.response(501, 'FROBNICATE');
});

test('digest: a challenge, then the retry with credentials verifies (and a wrong password does not)', async () => {
  onInvite = (invite) => {
    if (!invite.digestUsername) return invite.challenge('trunk.example');
    const ok = invite.verifyDigest({ username: invite.digestUsername, password: 'secret', realm: 'trunk.example' });
    invite.reject(ok ? 486 : 403);
  };
  const call = ids();
  peer.send(request('INVITE', call, { body: SDP_OFFER }));
  const challenge = await peer.response(401, 'INVITE');
  const www = headerValue(challenge, 'www-authenticate') ?? '';
  expect(www).toMatch(/^Digest realm="trunk.example", nonce="[0-9a-f]+", algorithm=MD5, qop="auth"$/);
  peer.send(request('ACK', call));
  peer.send(request('INVITE', { ...call, cseq: 2 }, { body: SDP_OFFER, headers: [`Authorization: ${digestAuthorization(www, 'pbx', 'secret', 'INVITE', 'sip:bot@127.0.0.1')}`] }));
  await peer.response(486, 'INVITE');
  peer.send(request('INVITE', { ...call, cseq: 3 }, { body: SDP_OFFER, headers: [`Authorization: ${digestAuthorization(www, 'pbx', 'wrong', 'INVITE', 'sip:bot@127.0.0.1')}`] }));
  await peer.response(403, 'INVITE');
});

test('session timer (a second lasts 1 ms here): answered with Session-Expires and Require: timer; without a refresh the UA sends BYE (session-expired)', async () => {
  const { ok, sipCall } = await established(['Session-Expires: 400', 'Supported: timer']);
  expect(headerValue(ok, 'session-expires')).toBe('400;refresher=uac');
  expect(headerValue(ok, 'require')).toBe('timer');
  const ended = new Promise((resolve) => sipCall.onEnded(resolve));
  await peer.request('BYE');
  expect(await ended).toBe('session-expired');
});

test('session timer below 90 s: 422 with Min-SE', async () => {
  peer.send(request('INVITE', ids(), { body: SDP_OFFER, headers: ['Session-Expires: 30', 'Supported: timer'] }));
  expect(headerValue(await peer.response(422, 'INVITE'), 'min-se')).toBe('90');
});

test('TCP: two messages in one chunk, and one message split over chunks', async () => {
  const socket = net.connect({ host: '127.0.0.1', port: ua.tcpPort ?? 0 });
  await new Promise((resolve) => socket.once('connect', resolve));
  const received = collectStream(socket);
  const port = socket.localPort ?? 0;
  const options = (n: number) => request('OPTIONS', { callId: `tcp-${n}`, fromTag: 't', port, transport: 'TCP' });
  socket.write(options(1) + options(2));
  const third = Buffer.from(options(3));
  socket.write(third.subarray(0, 40));
  await new Promise((resolve) => setTimeout(resolve, 20));
  socket.write(third.subarray(40));
  await waitFor(() => (received.length >= 3 ? true : undefined));
  expect(received.map((m) => [m.kind === 'response' && m.status, headerValue(m, 'call-id')])).toEqual([[200, 'tcp-1'], [200, 'tcp-2'], [200, 'tcp-3']]);
  socket.destroy();
});

test('a call over TCP: 200 on the connection (no retransmission needed), ACK, BYE from the caller', async () => {
  const socket = net.connect({ host: '127.0.0.1', port: ua.tcpPort ?? 0 });
  await new Promise((resolve) => socket.once('connect', resolve));
  const received = collectStream(socket);
  const call = { callId: 'tcp-call', fromTag: 'tcpfrom', port: socket.localPort ?? 0, transport: 'TCP' as const };
  socket.write(request('INVITE', call, { body: SDP_OFFER }));
  const invite = await waitFor(() => invites.find((i) => i.callId === 'tcp-call'));
  expect(invite.source.transport).toBe('tcp');
  const accepted = invite.accept(ANSWER);
  const ok = await waitFor(() => received.find((m) => m.kind === 'response' && m.status === 200));
  expect(headerValue(ok, 'contact')).toMatch(/;transport=tcp>$/);
  const toTag = /tag=(\w+)/.exec(headerValue(ok, 'to') ?? '')?.[1] ?? '';
  socket.write(request('ACK', { ...call, toTag }));
  const sipCall = await accepted;
  const ended = new Promise((resolve) => sipCall.onEnded(resolve));
  socket.write(request('BYE', { ...call, toTag, cseq: 2 }));
  expect(await ended).toBe('remote-bye');
  await waitFor(() => received.find((m) => m.kind === 'response' && headerValue(m, 'cseq') === '2 BYE'));
  socket.destroy();
});

test('a call over TLS (sips: Request-URI): 200 on the connection with a sips: Contact, BYE from us on the same connection', async () => {
  const socket = tls.connect({ host: '127.0.0.1', port: ua.tlsPort ?? 0, ca: certificate.cert });
  await new Promise((resolve) => socket.once('secureConnect', resolve));
  expect(socket.authorized).toBe(true);
  const received = collectStream(socket);
  const call = { callId: 'tls-call', fromTag: 'tlsfrom', port: socket.localPort ?? 0, transport: 'TLS' as const };
  const sips = (message: string) => message.replace(/^(\w+) sip:/, '$1 sips:');
  socket.write(sips(request('INVITE', call, { body: SDP_OFFER })));
  const invite = await waitFor(() => invites.find((i) => i.callId === 'tls-call'));
  expect(invite.source.transport).toBe('tls');
  const accepted = invite.accept(ANSWER);
  const ok = await waitFor(() => received.find((m) => m.kind === 'response' && m.status === 200));
  expect(headerValue(ok, 'contact')).toBe(`<sips:127.0.0.1:${ua.tlsPort}>`);
  const toTag = /tag=(\w+)/.exec(headerValue(ok, 'to') ?? '')?.[1] ?? '';
  socket.write(sips(request('ACK', { ...call, toTag })));
  const sipCall = await accepted;
  expect(sipCall.remote.transport).toBe('tls');
  const hungUp = sipCall.hangUp();
  const bye = await waitFor(() => received.find((m) => m.kind === 'request' && m.method === 'BYE'));
  expect(headerValue(bye, 'via')).toMatch(new RegExp(`^SIP/2.0/TLS 127.0.0.1:${ua.tlsPort};`));
  socket.write(['SIP/2.0 200 OK', `Via: ${headerValue(bye, 'via')}`, `From: ${headerValue(bye, 'from')}`, `To: ${headerValue(bye, 'to')}`,
    `Call-ID: ${headerValue(bye, 'call-id')}`, `CSeq: ${headerValue(bye, 'cseq')}`, 'Content-Length: 0', '', ''].join('\r\n'));
  await hungUp;
  socket.destroy();
});

test('a late offer: INVITE without SDP, our offer in the 200, the answer in the ACK is the call\'s ackSdp', async () => {
  const call = ids();
  peer.send(request('INVITE', call));
  const invite = await waitFor(() => invites.find((i) => i.callId === call.callId));
  expect(invite.sdpOffer).toBeUndefined();
  const accepted = invite.accept(ANSWER);
  const ok = await peer.response(200, 'INVITE');
  expect(ok.body.toString()).toBe(ANSWER);
  const toTag = /tag=(\w+)/.exec(headerValue(ok, 'to') ?? '')?.[1] ?? '';
  peer.send(request('ACK', { ...call, toTag }, { body: SDP_OFFER }));
  expect((await accepted).ackSdp).toBe(SDP_OFFER);
});

test('a sip: call over TLS gets a Contact with ;transport=tls', async () => {
  const socket = tls.connect({ host: '127.0.0.1', port: ua.tlsPort ?? 0, ca: certificate.cert });
  await new Promise((resolve) => socket.once('secureConnect', resolve));
  const received = collectStream(socket);
  socket.write(request('INVITE', { callId: 'tls-sip', fromTag: 'f', port: socket.localPort ?? 0, transport: 'TLS' }, { body: SDP_OFFER }));
  const invite = await waitFor(() => invites.find((i) => i.callId === 'tls-sip'));
  invite.ringing();
  const ringing = await waitFor(() => received.find((m) => m.kind === 'response' && m.status === 180));
  expect(headerValue(ringing, 'contact')).toBe(`<sip:127.0.0.1:${ua.tlsPort};transport=tls>`);
  invite.reject(486);
  socket.destroy();
});

describe('RFC 4475 messages the UA answers', () => {
  // The fixtures' Via names hosts of the RFC; ';rport' makes the answer come back to this test's socket.
  const send = (name: string) => peer.send(Buffer.from(loadTortureMessage(name).toString('latin1').replace(/^(Via:[^\r]*)/im, '$1;rport'), 'latin1'));

  test.each([
    ['unkscm', 416], ['novelsc', 416], ['bext01', 420], ['invut', 415], ['zeromf', 483], ['unksm2', 405],
    ['lwsstart', 400], ['baddate', 400], ['mismatch01', 400], ['scalar02', 400], ['badvers', 505], ['escruri', 400],
  ])('%s → %i', async (name, status) => {
    send(name);
    const answer = await peer.next((m) => m.kind === 'response' && m.status >= 200);
    expect(answer.kind === 'response' && answer.status).toBe(status);
    if (name === 'bext01') expect(headerValues(answer, 'unsupported')).toEqual(['nothingSupportsThis', 'nothingSupportsThisEither']);
  });

  test('bcast (a response nobody asked for) is dropped, and OPTIONS still answered', async () => {
    send('bcast');
    peer.send(request('OPTIONS', ids()));
    const answer = await peer.next();
    expect(answer.kind === 'response' && headerValue(answer, 'cseq')).toMatch(/OPTIONS/);
  });
});
