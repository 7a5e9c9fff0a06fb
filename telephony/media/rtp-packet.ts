/**
 * One RTP packet (RFC 3550 §5.1): the 12-byte fixed header, the contributing sources, an optional
 * header extension, and the payload with any padding removed.
 */
export interface RtpPacket {
  padding: boolean;
  marker: boolean;
  payloadType: number;
  sequenceNumber: number;
  timestamp: number;
  ssrc: number;
  csrc: number[];
  extension?: { profile: number; data: Buffer };
  payload: Buffer;
}

const FIXED_HEADER = 12;

/**
 * Reads an RTP packet, or undefined when the bytes are not one (wrong version, truncated header,
 * padding longer than the packet). Never throws: the bytes come from the network.
 */
export function parseRtpPacket(bytes: Buffer): RtpPacket | undefined {
  if (bytes.length < FIXED_HEADER) return undefined;
  const first = bytes[0] ?? 0;
  if (first >> 6 !== 2) return undefined;
  const padding = (first & 0x20) !== 0;
  const hasExtension = (first & 0x10) !== 0;
  const csrcCount = first & 0x0f;
  const second = bytes[1] ?? 0;
  let offset = FIXED_HEADER + csrcCount * 4;
  if (bytes.length < offset) return undefined;
  const csrc: number[] = [];
  for (let i = 0; i < csrcCount; i++) csrc.push(bytes.readUInt32BE(FIXED_HEADER + i * 4));
  let extension: RtpPacket['extension'];
  if (hasExtension) {
    if (bytes.length < offset + 4) return undefined;
    const profile = bytes.readUInt16BE(offset);
    const words = bytes.readUInt16BE(offset + 2);
    const end = offset + 4 + words * 4;
    if (bytes.length < end) return undefined;
    extension = { profile, data: bytes.subarray(offset + 4, end) };
    offset = end;
  }
  let end = bytes.length;
  if (padding) {
    const count = bytes[bytes.length - 1] ?? 0;
    if (count === 0 || end - count < offset) return undefined;
    end -= count;
  }
  return {
    padding,
    marker: (second & 0x80) !== 0,
    payloadType: second & 0x7f,
    sequenceNumber: bytes.readUInt16BE(2),
    timestamp: bytes.readUInt32BE(4),
    ssrc: bytes.readUInt32BE(8),
    csrc,
    ...(extension ? { extension } : {}),
    payload: bytes.subarray(offset, end),
  };
}

/** What a sender sets; padding is never added, and the header extension is written when given. */
export type RtpPacketFields = Omit<RtpPacket, 'padding' | 'csrc' | 'payload'> & { csrc?: number[]; payload: Uint8Array };

/** Writes an RTP packet (version 2, no padding). */
export function serializeRtpPacket(packet: RtpPacketFields): Buffer {
  const csrc = packet.csrc ?? [];
  const extensionData = packet.extension?.data;
  if (extensionData && extensionData.length % 4 !== 0) throw new RangeError('an RTP header extension is a whole number of 32-bit words');
  const extensionLength = extensionData ? 4 + extensionData.length : 0;
  const header = FIXED_HEADER + csrc.length * 4;
  const bytes = Buffer.allocUnsafe(header + extensionLength + packet.payload.length);
  bytes[0] = 0x80 | (extensionData ? 0x10 : 0) | (csrc.length & 0x0f);
  bytes[1] = (packet.marker ? 0x80 : 0) | (packet.payloadType & 0x7f);
  bytes.writeUInt16BE(packet.sequenceNumber & 0xffff, 2);
  bytes.writeUInt32BE(packet.timestamp >>> 0, 4);
  bytes.writeUInt32BE(packet.ssrc >>> 0, 8);
  csrc.forEach((source, i) => bytes.writeUInt32BE(source >>> 0, FIXED_HEADER + i * 4));
  if (packet.extension && extensionData) {
    bytes.writeUInt16BE(packet.extension.profile, header);
    bytes.writeUInt16BE(extensionData.length / 4, header + 2);
    bytes.set(extensionData, header + 4);
  }
  bytes.set(packet.payload, header + extensionLength);
  return bytes;
}

/**
 * True for RTCP sent on the RTP port (rtcp-mux, RFC 5761 §4): its second byte is a packet type
 * 192–223, which RTP payload types with the marker bit would alias; such packets are not audio.
 */
export function isRtcp(bytes: Buffer): boolean {
  const type = bytes[1] ?? 0;
  return bytes.length >= 2 && type >= 192 && type <= 223;
}
