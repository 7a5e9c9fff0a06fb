import net from 'node:net';
import tls from 'node:tls';
import { selfSignedCertificate } from '../../test/support/self-signed-cert.js';
import { createLogger } from '../../infra/logger.js';
import { MAX_MESSAGE_BYTES, nextFrame, SipTransport } from './sip-transport.js';
import type { SipMessage } from './sip-message.js';
import type { SipAddress } from './sip-transport.js';
import { request } from './testing/sip-test-peer.js';

const message = (body = '') => `OPTIONS sip:a@b SIP/2.0\r\nContent-Length: ${body.length}\r\n\r\n${body}`;

test('stream framing by Content-Length: CRLF keep-alives, incomplete, complete, and beyond the limit', () => {
  expect(nextFrame(Buffer.from('\r\n\r\nOPTIONS'))).toBe(4);
  expect(nextFrame(Buffer.from(message('hello').slice(0, -2)))).toBe('incomplete');
  expect(nextFrame(Buffer.from(message('hello') + message()))).toBe(message('hello').length);
  expect(nextFrame(Buffer.from('OPTIONS sip:a@b SIP/2.0\r\nVia: x\r\n\r\n'))).toBe('broken');
  expect(nextFrame(Buffer.from(`OPTIONS sip:a@b SIP/2.0\r\nl: ${MAX_MESSAGE_BYTES}\r\n\r\n`))).toBe('broken');
  expect(nextFrame(Buffer.alloc(MAX_MESSAGE_BYTES + 1, 'a'))).toBe('broken');
});

test('TCP: a stream that cannot be framed is reported once and the connection closed; others keep working', async () => {
  const malformed: string[] = [];
  const messages: SipMessage[] = [];
  const transport = await SipTransport.open(
    { host: '127.0.0.1', udpPort: 0, tcpPort: 0, logger: createLogger({ level: 'silent' }) },
    { onMessage: (m) => messages.push(m), onMalformed: (_data, _source, error) => malformed.push(error.message) },
  );
  try {
    const flood = net.connect({ host: '127.0.0.1', port: transport.tcpPort ?? 0 });
    const closed = new Promise((resolve) => flood.on('close', resolve));
    flood.on('error', () => undefined);
    flood.write(Buffer.alloc(MAX_MESSAGE_BYTES + 10, 'x'));
    await closed;
    expect(malformed).toEqual(['stream framing lost']);
  } finally {
    await transport.close();
  }
});

test('TCP: an idle connection is closed after the idle timeout', async () => {
  const transport = await SipTransport.open(
    { host: '127.0.0.1', udpPort: 0, tcpPort: 0, tcpIdleTimeoutMs: 30, logger: createLogger({ level: 'silent' }) },
    { onMessage: () => undefined, onMalformed: () => undefined },
  );
  try {
    const idle = net.connect({ host: '127.0.0.1', port: transport.tcpPort ?? 0 });
    await new Promise((resolve) => idle.on('close', resolve));
    expect(idle.destroyed).toBe(true);
  } finally {
    await transport.close();
  }
});

test('TCP: connections beyond the cap are closed at once', async () => {
  const transport = await SipTransport.open(
    { host: '127.0.0.1', udpPort: 0, tcpPort: 0, maxTcpConnections: 1, logger: createLogger({ level: 'silent' }) },
    { onMessage: () => undefined, onMalformed: () => undefined },
  );
  try {
    const first = net.connect({ host: '127.0.0.1', port: transport.tcpPort ?? 0 });
    await new Promise((resolve) => first.on('connect', resolve));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const second = net.connect({ host: '127.0.0.1', port: transport.tcpPort ?? 0 });
    second.on('error', () => undefined);
    await new Promise((resolve) => second.on('close', resolve));
    expect(first.destroyed).toBe(false);
    first.destroy();
  } finally {
    await transport.close();
  }
});

test('TLS: a plain-text client fails the handshake and is dropped; a TLS client is framed like TCP and answered on its connection', async () => {
  const certificate = selfSignedCertificate();
  const received: { message: SipMessage; source: SipAddress }[] = [];
  const transport = await SipTransport.open(
    { host: '127.0.0.1', udpPort: 0, tls: { port: 0, ...certificate }, logger: createLogger({ level: 'silent' }) },
    { onMessage: (m, source) => received.push({ message: m, source }), onMalformed: () => undefined },
  );
  try {
    const plain = net.connect({ host: '127.0.0.1', port: transport.tlsPort ?? 0 });
    plain.on('error', () => undefined);
    plain.write(message());
    await new Promise((resolve) => plain.on('close', resolve));

    const secure = tls.connect({ host: '127.0.0.1', port: transport.tlsPort ?? 0, ca: certificate.cert });
    await new Promise((resolve) => secure.once('secureConnect', resolve));
    const options = (callId: string, body?: string) => request('OPTIONS', { callId, fromTag: 't', port: 5061, transport: 'TLS' }, body ? { body, contentType: 'text/plain' } : {});
    const first = Buffer.from(options('one', 'hello') + options('two'));
    secure.write(first.subarray(0, 30));
    await new Promise((resolve) => setTimeout(resolve, 20));
    secure.write(first.subarray(30));
    for (let i = 0; i < 100 && received.length < 2; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(received.map((r) => r.message.body.toString())).toEqual(['hello', '']);
    expect(received[0]?.source).toEqual({ address: '127.0.0.1', port: secure.localPort, transport: 'tls' });
    const answer = new Promise<string>((resolve) => secure.once('data', (chunk: Buffer) => resolve(chunk.toString())));
    transport.send(Buffer.from('SIP/2.0 200 OK\r\nContent-Length: 0\r\n\r\n'), received[0]!.source);
    expect(await answer).toMatch(/^SIP\/2.0 200 OK/);
    secure.destroy();
  } finally {
    await transport.close();
  }
});

test('close() ends every connection, a TLS one whose handshake the server side has not finished included', async () => {
  const certificate = selfSignedCertificate();
  const transport = await SipTransport.open(
    { host: '127.0.0.1', udpPort: 0, tcpPort: 0, tls: { port: 0, ...certificate }, logger: createLogger({ level: 'silent' }) },
    { onMessage: () => undefined, onMalformed: () => undefined },
  );
  const secure = tls.connect({ host: '127.0.0.1', port: transport.tlsPort ?? 0, ca: certificate.cert });
  secure.on('error', () => undefined);
  const plain = net.connect({ host: '127.0.0.1', port: transport.tcpPort ?? 0 });
  plain.on('error', () => undefined);
  await Promise.all([new Promise((resolve) => secure.once('secureConnect', resolve)), new Promise((resolve) => plain.once('connect', resolve))]);
  const closed = Promise.all([new Promise((resolve) => secure.once('close', resolve)), new Promise((resolve) => plain.once('close', resolve))]);
  await transport.close();
  await closed;
  expect([secure.destroyed, plain.destroyed]).toEqual([true, true]);
});
