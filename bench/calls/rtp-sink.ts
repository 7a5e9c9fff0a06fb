import { createSocket, type RemoteInfo } from 'node:dgram';
import { randomInt } from 'node:crypto';
import { createInterface } from 'node:readline';
import alawmulaw from 'alawmulaw';
import { percentile, summarizeStreams, withinWindow, type StreamRecord } from './stream-summary.js';

/**
 * The far end of every bench call's audio, as its own process (`node --import tsx
 * bench/calls/rtp-sink.ts`) so the bench's other work (the fake voice service) does not delay
 * its timestamps. One UDP socket on 127.0.0.1, named in every call's SDP: it records each
 * packet the service sends (arrival time, sequence number, per source port = per call) and sends
 * the caller's side back from the same socket every 20 ms, so the service latches onto it
 * (symmetric RTP) and hears a caller: 500 ms of a 440 Hz tone every 5 s, silence between.
 *
 * Prints `{"port":N}`, then answers stdin lines: `reset` forgets every call; `report FROM TO`
 * (epoch ms) prints, as one JSON line, the summary (stream-summary.ts) of the calls since the
 * last reset (`whole`), of their packets that arrived between FROM and TO (`steady`: every call
 * up, none setting up or hanging up), the share of packets that carried sound (`soundShare`), and
 * the p99 lateness of the sink's own 20 ms timer
 * (`sinkTimerLateP99`, the machine's noise floor).
 */
const FRAME_MS = 20;
const FRAME_SAMPLES = 160;
const FRAMES_PER_CYCLE = 250;
const TONE_FRAMES = 25;
/** A call whose service stopped sending this long ago has ended: stop talking to it. */
const QUIET_MS = 1000;

const silence = Buffer.alloc(FRAME_SAMPLES, 0xff);
const tone = Array.from({ length: 2 }, (_, f) => {
  const pcm = new Int16Array(FRAME_SAMPLES);
  // 440 Hz: 11 periods per 2 frames (40 ms) exactly, so frames 0 and 1 alternate seamlessly.
  for (let i = 0; i < FRAME_SAMPLES; i += 1) pcm[i] = Math.round(8000 * Math.sin((2 * Math.PI * 440 * (f * FRAME_SAMPLES + i)) / 8000));
  return Buffer.from(alawmulaw.mulaw.encode(pcm));
});

/** Whether a μ-law packet holds more than silence (0xFF/0x7F, ±0): proof the bot is playing audio. */
function carriesSound(packet: Buffer): boolean {
  for (let i = 12; i < packet.length; i += 8) if ((packet[i]! & 0x7f) < 0x70) return true;
  return false;
}

interface Caller extends StreamRecord {
  readonly port: number;
  soundPackets: number;
  readonly ssrc: number;
  frame: number;
  sequence: number;
  timestamp: number;
}

let calls = new Map<number, Caller>();
/** Milliseconds since the epoch, sub-millisecond and monotonic: the bench's windows are in the same clock. */
const epochNow = () => performance.timeOrigin + performance.now();
// Every call's packets share this one socket: a default buffer (208 KB) overflows when the sink
// is held up for a moment at 150 calls, and the kernel's drops would count as the service's losses.
const socket = createSocket({ type: 'udp4', recvBufferSize: 4 * 1024 * 1024 });

socket.on('message', (bytes: Buffer, from: RemoteInfo) => {
  const now = epochNow();
  if (bytes.length < 12 || bytes[0]! >> 6 !== 2) return;
  const payloadType = bytes[1]! & 0x7f;
  if (payloadType >= 72 && payloadType <= 76) return; // RTCP
  let call = calls.get(from.port);
  if (!call) {
    call = { port: from.port, ssrc: randomInt(0, 2 ** 32 - 1), frame: 200, sequence: randomInt(0, 2 ** 16), timestamp: randomInt(0, 2 ** 32 - 1), arrivals: [], sequences: [], soundPackets: 0 };
    calls.set(from.port, call);
  }
  call.arrivals.push(now);
  call.sequences.push(bytes.readUInt16BE(2));
  if (carriesSound(bytes)) call.soundPackets += 1;
});

function sendCallerFrames(): void {
  const now = epochNow();
  for (const call of calls.values()) {
    if (now - (call.arrivals.at(-1) ?? 0) > QUIET_MS) continue;
    const cycle = call.frame % FRAMES_PER_CYCLE;
    const payload = cycle < TONE_FRAMES ? tone[cycle % 2]! : silence;
    const packet = Buffer.alloc(12 + FRAME_SAMPLES);
    packet[0] = 0x80;
    packet[1] = (cycle === 0 ? 0x80 : 0) | 0; // marker at each talkspurt, payload type 0 (PCMU)
    packet.writeUInt16BE(call.sequence, 2);
    packet.writeUInt32BE(call.timestamp, 4);
    packet.writeUInt32BE(call.ssrc, 8);
    payload.copy(packet, 12);
    socket.send(packet, call.port, '127.0.0.1');
    call.frame += 1;
    call.sequence = (call.sequence + 1) & 0xffff;
    call.timestamp = (call.timestamp + FRAME_SAMPLES) >>> 0;
  }
}

// Ticks at start + n × 20 ms, as the service's own clock does, so timer lateness does not add up.
const startedAt = performance.now();
let ticks = 0;
/** How late the sink's own timer fires (ms): the machine's scheduling noise, which the sink's arrival times carry too. */
let timerLateness: number[] = [];
function schedule(): void {
  ticks += 1;
  const due = startedAt + ticks * FRAME_MS;
  setTimeout(() => {
    if (calls.size > 0) timerLateness.push(performance.now() - due);
    sendCallerFrames();
    schedule();
  }, Math.max(0, due - performance.now()));
}

socket.bind(0, '127.0.0.1', () => {
  console.log(JSON.stringify({ port: socket.address().port }));
  schedule();
});

const input = createInterface({ input: process.stdin });
input.on('line', (line) => {
  if (line === 'reset') {
    calls = new Map();
    timerLateness = [];
    console.log(JSON.stringify({ ok: true }));
  } else if (line.startsWith('report ')) {
    const [from, to] = line.split(' ').slice(1).map(Number) as [number, number];
    const streams = [...calls.values()];
    const packets = streams.reduce((sum, call) => sum + call.arrivals.length, 0);
    console.log(JSON.stringify({
      soundShare: streams.reduce((sum, call) => sum + call.soundPackets, 0) / Math.max(1, packets),
      whole: summarizeStreams(streams), steady: summarizeStreams(withinWindow(streams, from, to)), sinkTimerLateP99: percentile(timerLateness, 0.99),
    }));
  }
});
input.on('close', () => process.exit(0));
