/**
 * The call tests' harness against the real programs, without our SIP stack: baresip calls
 * baresip (audio both ways, RFC 4733 key presses), baresip is refused by a SIPp UAS, SIPp's
 * INVITE-and-final-answer scenario reads the answer of a SIPp UAS from a forged source address,
 * and SIPp's bench and SIP INFO scenarios reach an answering baresip.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startBaresipCaller, type BaresipCaller, CallFailedError } from '../support/baresip.js';
import { concatWavs, energyOf, segmentsOfSound, silenceWav, soundMs, toneWav } from '../support/call-audio.js';
import { infoDigitsScenario, rtpStreamWav, runSipp, SIPP_SCENARIOS, startSipp } from '../support/sipp.js';

/** A SIPp UAS that refuses one INVITE with `status` and logs the address in its Via. */
const refusingUas = (status: string) => `<?xml version="1.0" encoding="ISO-8859-1" ?>
<scenario name="refuse">
  <recv request="INVITE">
    <action>
      <ereg regexp="[0-9.]+:[0-9]+" search_in="hdr" header="Via:" assign_to="via"/>
      <log message="via=[$via]"/>
    </action>
  </recv>
  <send><![CDATA[
SIP/2.0 ${status}
[last_Via:]
[last_From:]
[last_To:];tag=[pid]SIPpTag01[call_number]
[last_Call-ID:]
[last_CSeq:]
Content-Length: 0

]]></send>
  <recv request="ACK"/>
</scenario>`;

/** A SIPp UAS that answers one call with a PCMU answer and waits for the BYE (the built-in `uas` lingers 4 s after it). */
const answeringUas = `<?xml version="1.0" encoding="ISO-8859-1" ?>
<scenario name="answer">
  <recv request="INVITE"/>
  <send><![CDATA[
SIP/2.0 200 OK
[last_Via:]
[last_From:]
[last_To:];tag=[pid]SIPpTag01[call_number]
[last_Call-ID:]
[last_CSeq:]
Contact: <sip:[local_ip]:[local_port];transport=[transport]>
Content-Type: application/sdp
Content-Length: [len]

v=0
o=uas 1 1 IN IP4 [local_ip]
s=-
c=IN IP4 [media_ip]
t=0 0
m=audio [media_port] RTP/AVP 0
a=rtpmap:0 PCMU/8000
]]></send>
  <recv request="ACK"/>
  <recv request="BYE"/>
  <send><![CDATA[
SIP/2.0 200 OK
[last_Via:]
[last_From:]
[last_To:]
[last_Call-ID:]
[last_CSeq:]
Content-Length: 0

]]></send>
</scenario>`;

let dir: string;
const phones: BaresipCaller[] = [];

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'sb-call-harness-'));
});
afterAll(async () => {
  await Promise.all(phones.map((phone) => phone.close()));
  await rm(dir, { recursive: true, force: true });
});

describe('call harness', () => {
  test('baresip calls baresip: the tone is heard, key presses arrive, hanging up ends both', async () => {
    // The far end answers by itself and plays 300 ms of silence, then 1 s of tone.
    const tone = await concatWavs([await silenceWav(300, path.join(dir, 'lead.wav')), await toneWav(1000, path.join(dir, 'tone.wav'))], path.join(dir, 'greeting.wav'));
    const [caller, answerer] = await Promise.all([startBaresipCaller({ user: '+15550199' }), startBaresipCaller({ user: 'bot', answerMode: 'auto', playWav: tone })]);
    phones.push(caller, answerer);

    // baresip answers only calls to its own user (404 otherwise).
    await caller.dial(`${answerer.uri};transport=udp`);
    await answerer.waitForEstablished();
    await caller.sendDigits('12#');
    await answerer.waitForDigits('12#');
    expect(answerer.digitsReceived).toBe('12#');
    await caller.waitForSound(900);
    // Mid-call, the caller says something: the far end hears it.
    await caller.play(await toneWav(500, path.join(dir, 'answer.wav'), { hz: 700 }));
    await answerer.waitForSound(400);
    await caller.hangUp();
    expect((await answerer.waitForClosed()).reason).toMatch(/reset by peer|BYE/i);

    const heard = caller.recordingPath;
    const segments = await segmentsOfSound(heard);
    expect(segments).toHaveLength(1);
    // The tone starts 300 ms into the far end's audio; the recording starts with the first packet.
    expect(segments[0]!.fromMs).toBeGreaterThanOrEqual(200);
    expect(segments[0]!.toMs - segments[0]!.fromMs).toBeGreaterThanOrEqual(900);
    expect(await energyOf(heard, { fromMs: 0, toMs: 200 })).toBeLessThan(0.01);
  });

  test('a refused call rejects dial with the SIP status, and SIPp sees where the INVITE came from', async () => {
    const uas = await startSipp({ scenario: { xml: refusingUas('486 Busy Here') } });
    const caller = await startBaresipCaller();
    phones.push(caller);
    const refused = await caller.dial(`sip:+15550100@127.0.0.1:${uas.port}`).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(CallFailedError);
    expect(refused).toMatchObject({ status: 486 });
    const result = await uas.done;
    expect(result.exitCode).toBe(0);
    expect(result.requests).toEqual(['INVITE', 'ACK']);
    expect(result.logs).toEqual([`via=127.0.0.1:${caller.sipPort}`]);
  });

  test('the forged-source INVITE scenario reports the final answer, from 127.0.0.2', async () => {
    const uas = await startSipp({ scenario: { xml: refusingUas('403 Forbidden') } });
    const forged = await runSipp({ scenario: { file: SIPP_SCENARIOS.inviteFinalAnswer }, target: `127.0.0.1:${uas.port}`, sourceAddress: '127.0.0.2', service: '+15550100' });
    expect(forged.logs).toEqual(['final=403']);
    expect(forged.responses.at(-1)).toBe(403);
    expect(forged.exitCode).toBe(0);
    const seen = await uas.done;
    expect(seen.logs).toEqual([expect.stringMatching(/^via=127\.0\.0\.2:\d+$/)]);
  });

  test('the same scenario against an answering UAS ACKs the 200 and hangs up', async () => {
    const uas = await startSipp({ scenario: { xml: answeringUas } });
    const answered = await runSipp({ scenario: { file: SIPP_SCENARIOS.inviteFinalAnswer }, target: `127.0.0.1:${uas.port}` });
    expect(answered.logs).toEqual(['final=200']);
    expect(answered.exitCode).toBe(0);
    expect((await uas.done).requests).toEqual(['INVITE', 'ACK', 'BYE']);
  });

  test('the bench scenario streams a μ-law WAV as RTP to the far end for the call length', async () => {
    const answerer = await startBaresipCaller({ user: 'bot', answerMode: 'auto' });
    phones.push(answerer);
    const audio = await rtpStreamWav(await toneWav(500, path.join(dir, 'bench-tone.wav')), path.join(dir, 'bench.wav'));
    const call = await runSipp({
      scenario: { file: SIPP_SCENARIOS.callRtpBothWays },
      substitutions: { AUDIO: audio },
      target: `127.0.0.1:${answerer.sipPort}`,
      service: 'bot',
      callMs: 1200,
    });
    expect(call.exitCode).toBe(0);
    expect(call.responses).toContain(200);
    expect((await answerer.waitForClosed()).reason).toMatch(/reset by peer|BYE/i);
    // The 500 ms file looped for the whole call.
    expect(await soundMs(answerer.recordingPath)).toBeGreaterThanOrEqual(1000);
  });

  test('SIPp presses keys as SIP INFO (the fallback), and the far end reads them', async () => {
    const answerer = await startBaresipCaller({ user: 'bot', answerMode: 'auto' });
    phones.push(answerer);
    const call = await runSipp({ scenario: { xml: infoDigitsScenario('4#') }, target: `127.0.0.1:${answerer.sipPort}`, service: 'bot', callMs: 50 });
    expect(call.exitCode).toBe(0);
    await answerer.waitForClosed();
    expect(answerer.digitsReceived).toBe('4#');
  });
});
