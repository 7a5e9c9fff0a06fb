import { isRtcp, parseRtpPacket, serializeRtpPacket } from './rtp-packet.js';

describe('RTP packets', () => {
  test('a header written and read back is the same', () => {
    const bytes = serializeRtpPacket({ marker: true, payloadType: 8, sequenceNumber: 65535, timestamp: 0xfffffff0, ssrc: 0xdeadbeef, payload: Buffer.from([1, 2, 3]) });
    expect(bytes.length).toBe(15);
    expect(bytes[0]).toBe(0x80);
    expect(parseRtpPacket(bytes)).toEqual({
      padding: false,
      marker: true,
      payloadType: 8,
      sequenceNumber: 65535,
      timestamp: 0xfffffff0,
      ssrc: 0xdeadbeef,
      csrc: [],
      payload: Buffer.from([1, 2, 3]),
    });
  });

  test('contributing sources and a header extension round-trip', () => {
    const extension = { profile: 0xbede, data: Buffer.from([0x10, 0xaa, 0, 0]) };
    const bytes = serializeRtpPacket({ marker: false, payloadType: 0, sequenceNumber: 7, timestamp: 160, ssrc: 1, csrc: [11, 22], extension, payload: Buffer.from([9]) });
    const packet = parseRtpPacket(bytes);
    expect(packet?.csrc).toEqual([11, 22]);
    expect(packet?.extension).toEqual(extension);
    expect(packet?.payload).toEqual(Buffer.from([9]));
  });

  test('padding is removed from the payload', () => {
    const bytes = serializeRtpPacket({ marker: false, payloadType: 0, sequenceNumber: 1, timestamp: 2, ssrc: 3, payload: Buffer.from([5, 6, 0, 0, 3]) });
    bytes[0] = (bytes[0] ?? 0) | 0x20;
    const packet = parseRtpPacket(bytes);
    expect(packet?.padding).toBe(true);
    expect(packet?.payload).toEqual(Buffer.from([5, 6]));
  });

  test.each([
    ['too short', Buffer.alloc(11, 0x80)],
    ['version 1', Buffer.from([0x40, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])],
    ['CSRC count beyond the end', Buffer.from([0x8f, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])],
    ['extension beyond the end', Buffer.from([0x90, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xbe, 0xde, 0, 9])],
    ['padding longer than the packet', Buffer.from([0xa0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 99])],
  ])('not a packet: %s', (_name, bytes) => {
    expect(parseRtpPacket(bytes)).toBeUndefined();
  });

  test('RTCP on the RTP port is told apart from audio', () => {
    const receiverReport = Buffer.from([0x80, 201, 0, 1, 0, 0, 0, 1]);
    expect(isRtcp(receiverReport)).toBe(true);
    expect(isRtcp(serializeRtpPacket({ marker: true, payloadType: 0, sequenceNumber: 1, timestamp: 1, ssrc: 1, payload: Buffer.alloc(0) }))).toBe(false);
  });
});
