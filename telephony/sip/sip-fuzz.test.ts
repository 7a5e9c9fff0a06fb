/**
 * A seeded fuzz of the SIP parser and of the running UA: valid messages (RFC 4475's and our own)
 * mutated at random. The seed is printed; replay a failure with SIP_FUZZ_SEED=<seed>.
 */
import dgram from 'node:dgram';
import { createLogger } from '../../infra/logger.js';
import { createSipUserAgent, type SipUserAgent } from './index.js';
import { parseSipMessage, SipParseError } from './sip-message.js';
import { answerMalformed } from './malformed-request.js';
import { loadTortureMessage } from './rfc4475/load-torture-message.js';
import { request, SDP_OFFER } from './testing/sip-test-peer.js';
import { seededRandom } from '../../test/support/seeded-random.js';

const SEED = Number(process.env.SIP_FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const VALID = ['wsinv', 'intmeth', 'esc01', 'escnull', 'esc02', 'lwsdisp', 'longreq', 'dblreq', 'semiuri', 'transports', 'mpart01', 'unreason', 'noreason', 'inv2543'];


function mutate(input: Buffer, next: () => number): Buffer {
  const int = (n: number) => Math.floor(next() * n);
  let data = Buffer.from(input);
  const rounds = 1 + int(3);
  for (let r = 0; r < rounds; r++) {
    const at = int(data.length + 1);
    switch (int(8)) {
      case 0: // flip a byte
        if (data.length > 0) data[Math.min(at, data.length - 1)] = int(256);
        break;
      case 1: // insert random bytes (often separators)
        data = Buffer.concat([data.subarray(0, at), Buffer.from(Array.from({ length: 1 + int(8) }, () => (next() < 0.5 ? ' \t\r\n:;,<>"@%='.charCodeAt(int(13)) : int(256)))), data.subarray(at)]);
        break;
      case 2: // delete a range
        data = Buffer.concat([data.subarray(0, at), data.subarray(at + 1 + int(20))]);
        break;
      case 3: // truncate
        data = data.subarray(0, at);
        break;
      case 4: { // duplicate a header line
        const lines = data.toString('latin1').split('\r\n');
        const line = 1 + int(Math.max(1, lines.length - 2));
        lines.splice(line, 0, lines[line] ?? '');
        data = Buffer.from(lines.join('\r\n'), 'latin1');
        break;
      }
      case 5: // a huge value
        data = Buffer.concat([data.subarray(0, at), Buffer.alloc(1 + int(20_000), next() < 0.5 ? 'a' : '9'), data.subarray(at)]);
        break;
      case 6: // a huge number where a number was
        data = Buffer.from(data.toString('latin1').replace(/\d+/, '99999999999999999999'), 'latin1');
        break;
      default: // swap two lines
      {
        const lines = data.toString('latin1').split('\r\n');
        const a = int(lines.length);
        const b = int(lines.length);
        [lines[a], lines[b]] = [lines[b] ?? '', lines[a] ?? ''];
        data = Buffer.from(lines.join('\r\n'), 'latin1');
      }
    }
  }
  return data.subarray(0, 65_000);
}

test('the parser only ever throws SipParseError', () => {
  console.log(`SIP fuzz seed ${SEED} (replay: SIP_FUZZ_SEED=${SEED})`);
  const next = seededRandom(SEED);
  const corpus = VALID.map(loadTortureMessage);
  let rejected = 0;
  for (let i = 0; i < 2000; i++) {
    const data = mutate(corpus[i % corpus.length] as Buffer, next);
    for (const transport of ['udp', 'tcp'] as const) {
      try {
        parseSipMessage(data, { transport });
      } catch (err) {
        if (!(err instanceof SipParseError)) throw new Error(`seed ${SEED}, iteration ${i}: ${String(err)}\n${data.toString('latin1').slice(0, 500)}`, { cause: err });
        rejected++;
      }
    }
  }
  expect(rejected).toBeGreaterThan(0);
});

describe('the running UA under fuzzed UDP requests', () => {
  let ua: SipUserAgent;
  let socket: dgram.Socket;
  const received: Buffer[] = [];

  beforeAll(async () => {
    ua = await createSipUserAgent({
      host: '127.0.0.1', udpPort: 0, logger: createLogger({ level: 'silent' }), timers: { t1Ms: 5, t2Ms: 20, t4Ms: 10 },
      onInvite: (invite) => invite.reject(486),
    });
    socket = dgram.createSocket('udp4');
    await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', () => resolve()));
    socket.on('message', (data) => received.push(data));
  });

  afterAll(async () => {
    socket.close();
    await ua.close();
  });

  async function answerTo(callId: string, timeoutMs = 2000): Promise<Buffer | undefined> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const found = received.find((data) => data.includes(`Call-ID: ${callId}\r\n`));
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    return undefined;
  }

  test('never crashes, answers 400 to malformed requests whose Via can be read, and keeps answering OPTIONS', async () => {
    const next = seededRandom(SEED + 1);
    const port = socket.address().port;
    let answered400 = 0;
    for (let i = 0; i < 300; i++) {
      const callId = `fuzz-${i}`;
      const ids = { callId, fromTag: 'f', port, branch: `z9hG4bKfuzz${i}` };
      const base = i % 2 === 0 ? request('OPTIONS', ids) : request('INVITE', ids, { body: SDP_OFFER });
      const data = mutate(Buffer.from(base), next);
      socket.send(data, ua.udpPort, '127.0.0.1');
      let malformed: SipParseError | undefined;
      try {
        parseSipMessage(data);
      } catch (err) {
        malformed = err as SipParseError;
      }
      const text = data.toString('latin1');
      const head = text.split(/\r?\n\r?\n/)[0] ?? '';
      const routable = head.includes(`\r\nVia: SIP/2.0/UDP 127.0.0.1:${port};branch=z9hG4bKfuzz${i};rport\r\n`) && `${head}\r\n`.includes(`\r\nCall-ID: ${callId}\r\n`);
      if (malformed && routable && answerMalformed(data, malformed, 'x')) {
        const answer = await answerTo(callId);
        if (!answer) throw new Error(`seed ${SEED}, iteration ${i}: no answer to\n${text.slice(0, 800)}`);
        expect(answer.toString('latin1')).toMatch(/^SIP\/2\.0 (400|505) /);
        answered400++;
      }
    }
    expect(answered400).toBeGreaterThan(10);
    const ids = { callId: 'after-fuzz', fromTag: 'f', port };
    socket.send(Buffer.from(request('OPTIONS', ids)), ua.udpPort, '127.0.0.1');
    expect((await answerTo('after-fuzz'))?.toString('latin1')).toMatch(/^SIP\/2\.0 200 OK/);
  });
});
