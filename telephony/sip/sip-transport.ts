/**
 * SIP over UDP, TCP and TLS (RFC 3261 §18, §26.2): one UDP socket and, optionally, a TCP and a
 * TLS listener on the configured host. Stream messages (TCP and TLS alike) are framed by
 * Content-Length. Every input is bounded so a flood
 * cannot exhaust memory: 64 KiB per message, 256 header lines, a cap on open connections and an
 * idle timeout. Parsed messages and malformed input go to the handlers; nothing here answers.
 */
import dgram from 'node:dgram';
import net from 'node:net';
import tls from 'node:tls';
import type { Logger } from '../../infra/logger.js';
import { findHeaderEnd, parseSipMessage, SipParseError, type SipMessage } from './sip-message.js';

export interface SipAddress {
  address: string;
  port: number;
  transport: 'udp' | 'tcp' | 'tls';
}

export interface TransportHandlers {
  onMessage(message: SipMessage, source: SipAddress): void;
  /** Bytes that did not parse (a request among them may still deserve a 400). */
  onMalformed(data: Buffer, source: SipAddress, error: SipParseError): void;
}

export interface TransportOptions {
  host: string;
  udpPort: number;
  tcpPort?: number;
  /** SIP over TLS: its port (0: any free one) and the PEM certificate chain and private key it presents. */
  tls?: { port: number; cert: string | Buffer; key: string | Buffer };
  logger: Logger;
  tcpIdleTimeoutMs?: number;
  maxTcpConnections?: number;
}

export const MAX_MESSAGE_BYTES = 64 * 1024;
const CONTENT_LENGTH = /^(?:content-length|l)[ \t]*:[ \t]*(\d{1,10})[ \t]*$/im;

export class SipTransport {
  private readonly connections = new Map<string, net.Socket>();
  /** Every accepted socket, TLS handshakes still under way included, so close() ends them all. */
  private readonly accepted = new Set<net.Socket>();
  private closed = false;

  private constructor(
    private readonly options: TransportOptions,
    private readonly handlers: TransportHandlers,
    private readonly udp: dgram.Socket,
    private readonly tcp: net.Server | undefined,
    private readonly tlsServer: tls.Server | undefined,
  ) {}

  static async open(options: TransportOptions, handlers: TransportHandlers): Promise<SipTransport> {
    const udp = dgram.createSocket({ type: net.isIPv6(options.host) ? 'udp6' : 'udp4' });
    await new Promise<void>((resolve, reject) => {
      udp.once('error', reject);
      udp.bind(options.udpPort, options.host, () => resolve());
    });
    const tcp = options.tcpPort === undefined ? undefined : await listen(net.createServer(), options.tcpPort, options.host);
    // A handshake that stalls is dropped like an idle connection; its errors are the peer's, not ours.
    const secure = options.tls === undefined ? undefined
      : await listen(tls.createServer({ cert: options.tls.cert, key: options.tls.key, handshakeTimeout: 10_000 }), options.tls.port, options.host);
    const transport = new SipTransport(options, handlers, udp, tcp, secure);
    udp.on('message', (data, rinfo) => transport.receive(data, { address: rinfo.address, port: rinfo.port, transport: 'udp' }));
    udp.on('error', (err) => options.logger.debug({ err }, 'sip: udp socket error'));
    tcp?.on('connection', (socket) => transport.track(socket) && transport.adopt(socket, 'tcp'));
    secure?.on('connection', (socket) => transport.track(socket));
    secure?.on('secureConnection', (socket) => transport.adopt(socket, 'tls'));
    secure?.on('tlsClientError', (err, socket) => {
      options.logger.debug({ err, peer: socket.remoteAddress }, 'sip: tls handshake failed');
      socket.destroy();
    });
    return transport;
  }

  get udpPort(): number {
    return this.udp.address().port;
  }

  get tcpPort(): number | undefined {
    const address = this.tcp?.address();
    return address && typeof address === 'object' ? address.port : undefined;
  }

  get tlsPort(): number | undefined {
    const address = this.tlsServer?.address();
    return address && typeof address === 'object' ? address.port : undefined;
  }

  /**
   * Sends to `destination`; over TCP or TLS on the open connection with that peer, or a new one
   * (a new TLS connection checks the peer's certificate against the system's trusted CAs).
   */
  send(data: Buffer, destination: SipAddress): void {
    if (this.closed) return;
    if (destination.transport === 'udp') {
      this.udp.send(data, destination.port, destination.address, (err) => {
        if (err) this.options.logger.debug({ err, to: destination.address }, 'sip: udp send failed');
      });
      return;
    }
    let socket = this.connections.get(key(destination));
    if (!socket || socket.destroyed) {
      socket = destination.transport === 'tls'
        ? tls.connect({ host: destination.address, port: destination.port, ...(net.isIP(destination.address) ? {} : { servername: destination.address }) })
        : net.connect({ host: destination.address, port: destination.port });
      this.adopt(socket, destination.transport, destination);
    }
    if (socket.writable) socket.write(data);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const socket of this.connections.values()) socket.destroy();
    for (const socket of this.accepted) socket.destroy();
    this.connections.clear();
    this.accepted.clear();
    await Promise.all([
      new Promise<void>((resolve) => this.udp.close(() => resolve())),
      this.tcp ? new Promise<void>((resolve) => this.tcp?.close(() => resolve())) : undefined,
      this.tlsServer ? new Promise<void>((resolve) => this.tlsServer?.close(() => resolve())) : undefined,
    ]);
  }

  private receive(data: Buffer, source: SipAddress): void {
    if (data.every((byte) => byte === 13 || byte === 10)) return; // a CRLF keep-alive (RFC 5626 §4.4.1)
    let message: SipMessage;
    try {
      message = parseSipMessage(data, { transport: source.transport === 'udp' ? 'udp' : 'tcp' });
    } catch (err) {
      if (!(err instanceof SipParseError)) throw err;
      this.handlers.onMalformed(data, source, err);
      return;
    }
    this.handlers.onMessage(message, source);
  }

  /** Remembers an accepted socket until it closes; false (and destroyed) when the transport is closing. */
  private track(socket: net.Socket): boolean {
    if (this.closed) {
      socket.destroy();
      return false;
    }
    this.accepted.add(socket);
    socket.once('close', () => this.accepted.delete(socket));
    return true;
  }

  private adopt(socket: net.Socket, transport: 'tcp' | 'tls', remote?: SipAddress): void {
    socket.on('error', (err) => this.options.logger.debug({ err, peer: socket.remoteAddress }, `sip: ${transport} connection error`));
    if (this.connections.size >= (this.options.maxTcpConnections ?? 1024)) {
      socket.destroy();
      return;
    }
    const peer: SipAddress = remote ?? { address: socket.remoteAddress ?? '', port: socket.remotePort ?? 0, transport };
    const id = key(peer);
    this.connections.set(id, socket);
    socket.setTimeout(this.options.tcpIdleTimeoutMs ?? 180_000, () => socket.destroy());
    socket.on('close', () => {
      if (this.connections.get(id) === socket) this.connections.delete(id);
    });
    let pending = Buffer.alloc(0);
    socket.on('data', (chunk) => {
      pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
      for (;;) {
        const frame = nextFrame(pending);
        if (frame === 'incomplete') break;
        if (frame === 'broken') {
          this.handlers.onMalformed(pending.subarray(0, MAX_MESSAGE_BYTES), peer, new SipParseError('stream framing lost'));
          // Nothing after this point can be framed: flush the answer, then close.
          socket.removeAllListeners('data');
          socket.end();
          return;
        }
        const data = pending.subarray(0, frame);
        pending = pending.subarray(frame);
        this.receive(data, peer);
      }
    });
  }
}

/**
 * The length of the first message in a stream buffer (leading CRLF keep-alives count as a frame
 * of their own); 'incomplete' until it has all arrived; 'broken' when no length can be known or
 * it exceeds the limit.
 */
export function nextFrame(buffer: Buffer): number | 'incomplete' | 'broken' {
  let start = 0;
  while (start < buffer.length && (buffer[start] === 13 || buffer[start] === 10)) start++;
  if (start > 0) return start;
  const end = findHeaderEnd(buffer, 0);
  if (!end) return buffer.length > MAX_MESSAGE_BYTES ? 'broken' : 'incomplete';
  const length = CONTENT_LENGTH.exec(buffer.toString('latin1', 0, end.headerEnd));
  if (!length) return 'broken';
  const total = end.bodyStart + Number(length[1]);
  if (total > MAX_MESSAGE_BYTES) return 'broken';
  return buffer.length >= total ? total : 'incomplete';
}

function key(address: SipAddress): string {
  return `${address.transport}|${address.address}|${address.port}`;
}

async function listen<T extends net.Server>(server: T, port: number, host: string): Promise<T> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}
