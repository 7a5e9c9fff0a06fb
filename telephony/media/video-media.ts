import { randomInt } from 'node:crypto';
import type { RemoteInfo, Socket } from 'node:dgram';
import type { Logger } from '../../infra/logger.js';
import { advertisedAddress } from './advertised-address.js';
import type { CallMediaOptions } from './call-media-api.js';
import type { NegotiatedVideo } from './negotiated-video.js';
import { isRtcp, parseRtpPacket, serializeRtpPacket } from './rtp-packet.js';
import { bindRtpPort } from './rtp-port.js';
import { sendableAddress } from './rtp-session.js';

/** What a call's video needs from the process settings: the call's audio's, without listening and clock. */
export type VideoMediaOptions = Pick<CallMediaOptions, 'host' | 'publicAddress' | 'portRange' | 'logger'>;

/** Counts for logs and tests: packets from the caller relayed, packets to it, keyframe requests sent. */
export interface VideoStats {
  received: number;
  relayed: number;
  sent: number;
  keyframeRequests: number;
  droppedForeign: number;
}

/**
 * The video leg of a phone call (docs/channels/rtc-sip.md, "Video"): its own RTP port, relayed and
 * never decoded. Until `startRelay` the caller's packets are counted and dropped (the bot sees no
 * video); while relaying, each goes to the listener as it came (the whole RTP packet). `send`
 * takes the other leg's packets (the attendant's camera) and sends them under our own SSRC and the
 * agreed payload type. Keyframes are asked for with RTCP (PLI and FIR, RFC 4585 and RFC 5104) sent
 * to the caller's RTCP port.
 */
export interface VideoMedia {
  /** Our video RTP port, for the SDP. */
  readonly localPort: number;
  readonly sdpAddress: string;
  /** Applies what the SDP agreed (first answer, or a re-offer). Nothing is sent or relayed before. */
  apply(video: NegotiatedVideo): void;
  /** From now on the caller's video packets go to `listener`; a second call replaces it. */
  startRelay(listener: (packet: Uint8Array) => void): void;
  stopRelay(): void;
  /** A keyframe request from the other leg, passed on to the caller. */
  requestKeyframe(): void;
  /** A packet of the other leg's video (same codec), to the caller; dropped while the caller does not receive. */
  send(packet: Uint8Array): void;
  /** Its counters (from the worker's thread when the leg runs there). */
  stats(): Promise<VideoStats>;
  /** Releases the port. Idempotent. */
  close(): void;
}

/** Opens a call's video leg: binds its RTP port in the call's range. */
export async function openVideoMedia(options: VideoMediaOptions): Promise<VideoMedia> {
  const { socket, port, release } = await bindRtpPort(options.host, options.portRange);
  return new VideoSession(socket, port, release, advertisedAddress(options.host, options.publicAddress), options.logger);
}

const PSFB = 206;
const PLI_FMT = 1;
const FIR_FMT = 4;

class VideoSession implements VideoMedia {
  private video: NegotiatedVideo | undefined;
  private listener: ((packet: Uint8Array) => void) | undefined;
  /** The caller's SSRC, from its first packet: the media source a keyframe request names. */
  private callerSsrc = 0;
  private readonly ssrc = randomInt(1, 2 ** 32 - 1);
  private firSequence = 0;
  private readonly family: string;
  private readonly counts: VideoStats = { received: 0, relayed: 0, sent: 0, keyframeRequests: 0, droppedForeign: 0 };
  private closed = false;

  constructor(
    private readonly socket: Socket,
    readonly localPort: number,
    private readonly releasePort: () => void,
    readonly sdpAddress: string,
    private readonly logger: Logger,
  ) {
    this.family = socket.address().family;
    socket.on('message', (bytes, from) => this.receive(bytes, from));
    socket.on('error', (error) => logger.warn({ err: error }, 'call video: RTP socket error'));
  }

  apply(video: NegotiatedVideo): void {
    this.logger.debug({ port: this.localPort, codec: video.codec, remote: video.remote, direction: video.direction }, 'call video: applied');
    this.video = video;
  }

  startRelay(listener: (packet: Uint8Array) => void): void {
    this.listener = listener;
  }

  stopRelay(): void {
    this.listener = undefined;
  }

  requestKeyframe(): void {
    const video = this.video;
    if (!video || this.closed) return;
    const pli = Buffer.alloc(12);
    pli[0] = 0x80 | PLI_FMT;
    pli[1] = PSFB;
    pli.writeUInt16BE(2, 2);
    pli.writeUInt32BE(this.ssrc, 4);
    pli.writeUInt32BE(this.callerSsrc, 8);
    // FIR (RFC 5104 §4.3.1) for phones that answer FIR and not PLI: media source 0, the request in its FCI.
    const fir = Buffer.alloc(20);
    fir[0] = 0x80 | FIR_FMT;
    fir[1] = PSFB;
    fir.writeUInt16BE(4, 2);
    fir.writeUInt32BE(this.ssrc, 4);
    fir.writeUInt32BE(this.callerSsrc, 12);
    fir[16] = this.firSequence;
    this.firSequence = (this.firSequence + 1) & 0xff;
    this.counts.keyframeRequests += 1;
    this.transmit(Buffer.concat([pli, fir]), video.remote.rtcpPort);
  }

  send(packet: Uint8Array): void {
    const video = this.video;
    if (!video || video.direction === 'recvonly' || video.direction === 'inactive') return;
    const parsed = parseRtpPacket(Buffer.from(packet.buffer, packet.byteOffset, packet.byteLength));
    if (!parsed) return;
    // The browser's header extensions mean nothing to a phone: the packet goes with none.
    const out = serializeRtpPacket({
      marker: parsed.marker, payloadType: video.payloadType, sequenceNumber: parsed.sequenceNumber, timestamp: parsed.timestamp, ssrc: this.ssrc, payload: parsed.payload,
    });
    this.counts.sent += 1;
    this.transmit(out, video.remote.port);
  }

  stats(): Promise<VideoStats> {
    return Promise.resolve({ ...this.counts });
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.listener = undefined;
    this.socket.close(() => this.releasePort());
  }

  private receive(bytes: Buffer, from: RemoteInfo): void {
    const video = this.video;
    if (!video || from.address.replace(/^::ffff:/, '') !== video.remote.address) {
      this.counts.droppedForeign += 1;
      return;
    }
    // RTCP on the RTP port (rtcp-mux): the caller's reports; nothing here acts on them.
    if (isRtcp(bytes)) return;
    const ssrc = bytes.length >= 12 ? bytes.readUInt32BE(8) : 0;
    if (bytes.length < 12 || (bytes[1]! & 0x7f) !== video.payloadType) return;
    this.callerSsrc = ssrc;
    this.counts.received += 1;
    const listener = this.listener;
    if (!listener) return;
    this.counts.relayed += 1;
    listener(new Uint8Array(bytes));
  }

  private transmit(bytes: Buffer, port: number): void {
    const video = this.video;
    if (!video || this.closed) return;
    this.socket.send(bytes, port, sendableAddress(this.family, video.remote.address), (error) => {
      if (error) this.logger.debug({ err: error }, 'call video: send failed');
    });
  }
}
