/**
 * A short Ogg/Opus stream (RFC 7845) for the fake voice service's `opus` speech: the ID header
 * page (`OpusHead`), the comment header page (`OpusTags`) and one page holding a 20 ms silent
 * Opus frame, each with the Ogg CRC a demuxer checks. And the check tests make of spoken replies.
 */
export function oggOpusSpeech(): Buffer {
  const serial = 0x5b0a_7d01;
  const head = Buffer.alloc(19);
  head.write('OpusHead', 0, 'latin1');
  head.writeUInt8(1, 8); // version
  head.writeUInt8(1, 9); // mono
  head.writeUInt16LE(312, 10); // pre-skip
  head.writeUInt32LE(48_000, 12); // input sample rate
  head.writeInt16LE(0, 16); // output gain
  head.writeUInt8(0, 18); // channel mapping family
  const vendor = Buffer.from('switchboard-test', 'latin1');
  const tags = Buffer.concat([Buffer.from('OpusTags', 'latin1'), u32(vendor.length), vendor, u32(0)]);
  const silence = Buffer.from([0xf8, 0xff, 0xfe]); // one 20 ms CELT frame of silence
  return Buffer.concat([
    oggPage(head, { serial, sequence: 0, granule: 0n, flags: 0x02 }),
    oggPage(tags, { serial, sequence: 1, granule: 0n, flags: 0 }),
    oggPage(silence, { serial, sequence: 2, granule: 960n, flags: 0x04 }),
  ]);
}

/** True when `audio` is an Ogg stream whose first page carries an Opus ID header: "OggS" and then "OpusHead". */
export function isOggOpus(audio: Buffer): boolean {
  if (audio.length < 27 || audio.toString('latin1', 0, 4) !== 'OggS') return false;
  const segments = audio.readUInt8(26);
  return audio.toString('latin1', 27 + segments, 27 + segments + 8) === 'OpusHead';
}

function u32(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n);
  return b;
}

function oggPage(packet: Buffer, page: { serial: number; sequence: number; granule: bigint; flags: number }): Buffer {
  const lacing: number[] = [];
  let left = packet.length;
  while (left >= 255) {
    lacing.push(255);
    left -= 255;
  }
  lacing.push(left);
  const header = Buffer.alloc(27 + lacing.length);
  header.write('OggS', 0, 'latin1');
  header.writeUInt8(0, 4);
  header.writeUInt8(page.flags, 5);
  header.writeBigUInt64LE(page.granule, 6);
  header.writeUInt32LE(page.serial, 14);
  header.writeUInt32LE(page.sequence, 18);
  header.writeUInt32LE(0, 22);
  header.writeUInt8(lacing.length, 26);
  Buffer.from(lacing).copy(header, 27);
  const whole = Buffer.concat([header, packet]);
  whole.writeUInt32LE(oggCrc(whole), 22);
  return whole;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, i) => {
  let r = i << 24;
  for (let k = 0; k < 8; k++) r = r & 0x8000_0000 ? (r << 1) ^ 0x04c1_1db7 : r << 1;
  return r >>> 0;
});

/** The Ogg page checksum: CRC-32, polynomial 0x04c11db7, not reflected, starting from 0. */
function oggCrc(data: Buffer): number {
  let crc = 0;
  for (const byte of data) crc = ((crc << 8) ^ CRC_TABLE[((crc >>> 24) ^ byte) & 0xff]!) >>> 0;
  return crc;
}
