/**
 * A hand-driven SIP peer for tests: a UDP socket (or TCP connection) on 127.0.0.1 that sends
 * hand-written messages and waits for what the UA sends back.
 */
import dgram from 'node:dgram';
import type net from 'node:net';
import { createHash } from 'node:crypto';
import { headerValue, parseSipMessage, type SipMessage, type SipRequest, type SipResponse } from '../sip-message.js';
import { nextFrame } from '../sip-transport.js';

export const SDP_OFFER = ['v=0', 'o=- 1 1 IN IP4 127.0.0.1', 's=-', 'c=IN IP4 127.0.0.1', 't=0 0', 'm=audio 40000 RTP/AVP 0 8 101', 'a=rtpmap:101 telephone-event/8000', ''].join('\r\n');

export class SipTestPeer {
  private readonly received: SipMessage[] = [];
  private waiter: (() => void) | undefined;
  private constructor(private readonly socket: dgram.Socket, readonly port: number, private readonly uaPort: number) {
    socket.on('message', (data) => this.push(data));
  }

  static async open(uaPort: number): Promise<SipTestPeer> {
    const socket = dgram.createSocket('udp4');
    await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', () => resolve()));
    return new SipTestPeer(socket, socket.address().port, uaPort);
  }

  send(message: string | Buffer): void {
    this.socket.send(typeof message === 'string' ? Buffer.from(message.replace(/\r?\n/g, '\r\n')) : message, this.uaPort, '127.0.0.1');
  }

  /** The next message that matches, in order of arrival (earlier non-matching ones are skipped). */
  async next(match: (message: SipMessage) => boolean = () => true, timeoutMs = 3000): Promise<SipMessage> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const index = this.received.findIndex(match);
      if (index >= 0) return this.received.splice(index, 1)[0] as SipMessage;
      if (Date.now() > deadline) throw new Error('no matching SIP message arrived');
      await new Promise<void>((resolve) => {
        this.waiter = resolve;
        setTimeout(resolve, 20);
      });
    }
  }

  response(status: number, method?: string): Promise<SipResponse> {
    return this.next((m) => m.kind === 'response' && m.status === status && (!method || ` ${headerValue(m, 'cseq') ?? ''}`.endsWith(` ${method}`))) as Promise<SipResponse>;
  }

  request(method: string): Promise<SipRequest> {
    return this.next((m) => m.kind === 'request' && m.method === method) as Promise<SipRequest>;
  }

  /** How many messages that match have arrived and not been taken. */
  count(match: (message: SipMessage) => boolean): number {
    return this.received.filter(match).length;
  }

  close(): void {
    this.socket.close();
  }

  private push(data: Buffer): void {
    try {
      this.received.push(parseSipMessage(data));
    } catch {
      // A 400 to a malformed request may copy too little (or a bad Via) to parse: keep its status.
      const status = /^SIP\/2\.0 (\d{3}) /.exec(data.toString('latin1'));
      this.received.push({ kind: 'response', status: Number(status?.[1] ?? 0), reason: '', headers: [], body: data });
    }
    this.waiter?.();
  }
}

/** Reads SIP messages from a TCP connection, framed like the UA frames them. */
export function collectStream(socket: net.Socket): SipMessage[] {
  const messages: SipMessage[] = [];
  let pending = Buffer.alloc(0);
  socket.on('data', (chunk) => {
    pending = Buffer.concat([pending, chunk]);
    for (let frame = nextFrame(pending); typeof frame === 'number'; frame = nextFrame(pending)) {
      messages.push(parseSipMessage(pending.subarray(0, frame), { transport: 'tcp' }));
      pending = pending.subarray(frame);
    }
  });
  return messages;
}

export interface DialogIds {
  callId: string;
  fromTag: string;
  port: number;
  cseq?: number;
  toTag?: string;
  branch?: string;
  transport?: 'UDP' | 'TCP' | 'TLS';
}

/** A request from the test peer (the caller side of the dialog). */
export function request(method: string, ids: DialogIds, options: { headers?: string[]; body?: string; contentType?: string; cseqMethod?: string } = {}): string {
  const body = options.body ?? '';
  return [
    `${method} sip:bot@127.0.0.1 SIP/2.0`,
    `Via: SIP/2.0/${ids.transport ?? 'UDP'} 127.0.0.1:${ids.port};branch=${ids.branch ?? `z9hG4bK${Math.random().toString(36).slice(2)}`};rport`,
    'Max-Forwards: 70',
    `From: "Caller" <sip:+15550001@127.0.0.1>;tag=${ids.fromTag}`,
    `To: <sip:bot@127.0.0.1>${ids.toTag ? `;tag=${ids.toTag}` : ''}`,
    `Call-ID: ${ids.callId}`,
    `CSeq: ${ids.cseq ?? 1} ${options.cseqMethod ?? method}`,
    `Contact: <sip:caller@127.0.0.1:${ids.port}>`,
    ...(options.headers ?? []),
    ...(body ? [`Content-Type: ${options.contentType ?? 'application/sdp'}`] : []),
    `Content-Length: ${Buffer.byteLength(body)}`,
    '',
    body,
  ].join('\r\n');
}

/** The Authorization a SIP client computes for a digest challenge (RFC 2617, qop=auth). */
export function digestAuthorization(challenge: string, username: string, password: string, method: string, uri: string): string {
  const field = (name: string) => new RegExp(`${name}="([^"]*)"`).exec(challenge)?.[1] ?? '';
  const md5 = (text: string) => createHash('md5').update(text).digest('hex');
  const realm = field('realm');
  const nonce = field('nonce');
  const cnonce = 'abcdef';
  const nc = '00000001';
  const response = md5(`${md5(`${username}:${realm}:${password}`)}:${nonce}:${nc}:${cnonce}:auth:${md5(`${method}:${uri}`)}`);
  return `Digest username="${username}", realm="${realm}", nonce="${nonce}", uri="${uri}", response="${response}", algorithm=MD5, qop=auth, nc=${nc}, cnonce="${cnonce}"`;
}
