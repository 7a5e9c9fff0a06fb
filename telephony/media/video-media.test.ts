import { createSocket, type Socket } from 'node:dgram';
import { once } from 'node:events';
import { createLogger } from '../../infra/logger.js';
import { waitFor } from '../../test/support/wait-for.js';
import { createCallMediaHost, type CallMediaHost, type MediaThread } from './call-media-host.js';
import type { NegotiatedVideo } from './negotiated-video.js';
import { parseRtpPacket, serializeRtpPacket } from './rtp-packet.js';
import type { VideoMedia } from './video-media.js';

const logger = createLogger({ level: 'silent' });

async function udp(): Promise<{ socket: Socket; port: number; received: Buffer[] }> {
  const socket = createSocket('udp4');
  socket.bind(0, '127.0.0.1');
  await once(socket, 'listening');
  const received: Buffer[] = [];
  socket.on('message', (bytes) => received.push(bytes));
  return { socket, port: socket.address().port, received };
}

const callerPacket = (sequenceNumber: number, payloadType = 100) => serializeRtpPacket({
  marker: false, payloadType, sequenceNumber, timestamp: 9000 + sequenceNumber * 3000, ssrc: 0x11223344,
  extension: { profile: 0xbede, data: Buffer.from([0x10, 0xff, 0, 0]) }, payload: Buffer.from([0x90, 0xe0, sequenceNumber]),
});

describe.each<MediaThread>(['main', 'worker'])('a call\'s video leg on the %s thread', (thread) => {
  let host: CallMediaHost;
  let video: VideoMedia;
  let rtp: Awaited<ReturnType<typeof udp>>;
  let rtcp: Awaited<ReturnType<typeof udp>>;
  let negotiated: NegotiatedVideo;

  beforeAll(async () => {
    host = createCallMediaHost(thread, logger);
    video = await host.openVideo({ host: '127.0.0.1', logger });
    [rtp, rtcp] = [await udp(), await udp()];
    negotiated = { codec: 'VP8', payloadType: 100, remote: { address: '127.0.0.1', port: rtp.port, rtcpPort: rtcp.port }, rtcpMux: false, direction: 'sendrecv' };
    video.apply(negotiated);
  });

  afterAll(async () => {
    video.close();
    rtp.socket.close();
    rtcp.socket.close();
    await host.close();
  });

  test('the caller\'s packets are dropped until the relay starts, then go on whole; other payload types are not relayed', async () => {
    const send = (bytes: Buffer) => rtp.socket.send(bytes, video.localPort, '127.0.0.1');
    send(callerPacket(1));
    await waitFor(async () => (await video.stats()).received === 1, 'the first packet counted');
    const relayed: Uint8Array[] = [];
    video.startRelay((packet) => relayed.push(packet));
    send(callerPacket(2, 101));
    send(callerPacket(3));
    await waitFor(() => relayed.length === 1, 'the packet relayed');
    expect(Buffer.from(relayed[0]!)).toEqual(callerPacket(3));
    expect(await video.stats()).toMatchObject({ received: 2, relayed: 1 });
    video.stopRelay();
  });

  test('a keyframe request goes to the caller\'s RTCP port as PLI and FIR naming its SSRC', async () => {
    video.requestKeyframe();
    await waitFor(() => rtcp.received.length === 1, 'the keyframe request');
    const bytes = rtcp.received[0]!;
    expect(bytes).toHaveLength(32);
    // PLI: V=2 FMT=1, PSFB (206), 2 words; media source the caller's SSRC.
    expect([bytes[0], bytes[1], bytes.readUInt16BE(2), bytes.readUInt32BE(8)]).toEqual([0x81, 206, 2, 0x11223344]);
    // FIR: FMT=4, 4 words; the caller's SSRC in the FCI with sequence 0.
    expect([bytes[12], bytes[13], bytes.readUInt16BE(14), bytes.readUInt32BE(24), bytes[28]]).toEqual([0x84, 206, 4, 0x11223344, 0]);
  });

  test('the other leg\'s video goes to the caller under our SSRC and the agreed payload type, without header extensions', async () => {
    const browser = serializeRtpPacket({
      marker: true, payloadType: 96, sequenceNumber: 7, timestamp: 1234, ssrc: 0xaabbccdd, extension: { profile: 0xbede, data: Buffer.from([0x22, 1, 2, 0]) }, payload: Buffer.from([1, 2, 3]),
    });
    video.send(browser);
    await waitFor(() => rtp.received.length === 1, 'the packet at the caller');
    const packet = parseRtpPacket(rtp.received[0]!);
    expect(packet).toMatchObject({ marker: true, payloadType: 100, sequenceNumber: 7, timestamp: 1234, payload: Buffer.from([1, 2, 3]) });
    expect(packet?.ssrc).not.toBe(0xaabbccdd);
    expect(packet?.extension).toBeUndefined();
    // While the caller only sends (our direction recvonly), nothing goes to it.
    video.apply({ ...negotiated, direction: 'recvonly' });
    video.send(browser);
    video.apply(negotiated);
    video.send(browser);
    await waitFor(() => rtp.received.length === 2, 'the second packet at the caller');
    expect((await video.stats()).sent).toBe(2);
  });
});
