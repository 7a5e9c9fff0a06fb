/**
 * SIPp (Debian's sip-tester) as the caller, with its built-in `uac` scenario: INVITE with SDP,
 * ACK, a pause of 200 ms, BYE. The call must be established and end with the caller's BYE.
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import { createLogger } from '../../infra/logger.js';
import { freeUdpTcpPort } from '../../test/support/baresip.js';
import { createSipUserAgent, type CallEndReason, type SipCall } from './index.js';

const SIPP = '/usr/bin/sipp';
const ANSWER = 'v=0\r\no=- 2 2 IN IP4 127.0.0.1\r\ns=-\r\nc=IN IP4 127.0.0.1\r\nt=0 0\r\nm=audio 41000 RTP/AVP 0\r\n';


test('a SIPp uac call is answered and ends with remote-bye', async () => {
  let established: (call: SipCall) => void = () => undefined;
  const answered = new Promise<SipCall>((resolve) => (established = resolve));
  const ua = await createSipUserAgent({
    host: '127.0.0.1', udpPort: 0, logger: createLogger({ level: 'silent' }), timers: { t1Ms: 100 },
    onInvite: (invite) => {
      invite.ringing();
      invite.accept(ANSWER).then(established, () => undefined);
    },
  });
  try {
    const controlPort = await freeUdpTcpPort();
    const args = ['-sn', 'uac', `127.0.0.1:${ua.udpPort}`, '-m', '1', '-d', '200', '-i', '127.0.0.1', '-t', 'u1', '-nostdin',
      '-cp', String(controlPort), '-timeout', '20s', '-timeout_error', '-recv_timeout', '10000'];
    const sipp = spawn(SIPP, args, { cwd: os.tmpdir(), stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    sipp.stdout.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
    sipp.stderr.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
    const code = await new Promise<number | null>((resolve) => sipp.on('exit', resolve));
    if (code !== 0) throw new Error(`sipp exited with ${code}:\n${output}`);
    const call = await answered;
    expect(call.remote).toMatchObject({ address: '127.0.0.1', transport: 'udp' });
    expect(await new Promise<CallEndReason>((resolve) => call.onEnded(resolve))).toBe('remote-bye');
  } finally {
    await ua.close();
  }
});
