import net from 'node:net';
import { createLogger } from '../../infra/logger.js';
import { MAX_MESSAGE_BYTES, nextFrame, SipTransport } from './sip-transport.js';
import type { SipMessage } from './sip-message.js';

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
