import { createSocket, type Socket } from 'node:dgram';
import { RTCPeerConnection, RTCRtpCodecParameters, RtpHeader, RtpPacket } from 'werift';
import { ValidationError } from '../../infra/errors.js';
import type { Logger } from '../../infra/logger.js';
import { negotiateAudio, type AudioCodec, type CallMedia } from '../../telephony/index.js';
import { attendantCodec, g711Of, G711_PAYLOAD_TYPES } from './attendant-codecs.js';
import { answerBrowserOffer, takeBrowserOffer } from './browser-offer.js';

/** A web visitor's browser as the caller of a call (docs/channels/web.md, "Calls"). */
export interface VisitorLeg {
  /** The SDP answer for the browser, with our ICE candidates (no trickle). */
  readonly answerSdp: string;
  readonly codec: AudioCodec;
  /** Ends the leg: the WebRTC connection and the loop socket closed. Idempotent. */
  close(): void;
  /** Called once when the leg ends, by `close` or because the browser's connection went. */
  onClosed(listener: () => void): void;
}

/**
 * The caller's end of a browser call: WebRTC from the visitor's browser (werift answers its offer,
 * G.711 only), tied to a call's RTP media over a loopback UDP socket, so the call's media — the
 * bot's playback, listening, key presses, an attendant's relay — runs exactly as for a phone
 * caller: the media takes the socket for the far end of an agreed SDP (`negotiateAudio`), the
 * browser's packets go to it from there and its packets go to the browser. `address` is where the
 * media's RTP socket listens (loopback when it binds every address).
 */
export async function openVisitorLeg(input: { offerSdp: string; media: CallMedia; address: string; logger: Logger }): Promise<VisitorLeg> {
  const { media, logger } = input;
  const codec = attendantCodec(input.offerSdp, undefined);
  if (!codec) throw new ValidationError('The browser offers neither PCMU nor PCMA: calls are G.711');
  const payloadType = G711_PAYLOAD_TYPES[codec];
  const loop = await bindLoop(input.address);
  const loopPort = loop.address().port;
  const agreed = negotiateAudio(loopOffer(input.address, loopPort, codec), { address: input.address, port: media.localPort });
  if (!agreed.ok) {
    loop.close();
    throw new Error(`the call's media refused the browser leg: ${agreed.reason}`);
  }
  media.apply(agreed.audio);

  const pc = new RTCPeerConnection({ codecs: { audio: [new RTCRtpCodecParameters({ mimeType: `audio/${codec}`, clockRate: 8000, channels: 1, payloadType })] }, iceServers: [] });
  const closedListeners: (() => void)[] = [];
  let closed = false;
  const close = (): void => {
    if (closed) return;
    closed = true;
    loop.close();
    pc.close().catch((error: unknown) => logger.debug({ err: error }, 'visitor leg: closing the WebRTC connection failed'));
    for (const listener of closedListeners) listener();
  };
  // The browser's audio, to the call's media as a phone's RTP would come (only the basic header: no extensions).
  pc.onTrack.subscribe((track) => {
    if (track.kind !== 'audio') return;
    track.onReceiveRtp.subscribe((rtp) => {
      if (closed || g711Of(rtp.header.payloadType) !== codec) return;
      const { sequenceNumber, timestamp, ssrc, marker } = rtp.header;
      const packet = new RtpPacket(new RtpHeader({ payloadType, sequenceNumber, timestamp, ssrc, marker }), rtp.payload).serialize();
      loop.send(packet, media.localPort, input.address);
    });
  });
  const outgoing = await takeBrowserOffer(pc, input.offerSdp, close);
  // The call's audio (the bot's voice, hold music, an attendant), to the browser.
  loop.on('message', (bytes) => {
    if (closed) return;
    try {
      const rtp = RtpPacket.deSerialize(bytes);
      if (rtp.header.payloadType !== payloadType) return; // key-press events stay on the call's side
      const { sequenceNumber, timestamp, marker } = rtp.header;
      outgoing.writeRtp(new RtpPacket(new RtpHeader({ payloadType, sequenceNumber, timestamp, marker }), rtp.payload));
    } catch {
      // not RTP: nothing to pass on
    }
  });
  const answerSdp = await answerBrowserOffer(pc, close);
  pc.connectionStateChange.subscribe((state) => {
    if (state === 'failed' || state === 'closed') close();
  });
  logger.info({ codec }, 'visitor leg: a browser is calling');
  return {
    answerSdp, codec, close,
    onClosed(listener) {
      if (closed) listener();
      else closedListeners.push(listener);
    },
  };
}

/** The loop socket's side as an SDP offer: the browser's codec at the loop's address and port. */
function loopOffer(address: string, port: number, codec: AudioCodec): string {
  const pt = G711_PAYLOAD_TYPES[codec];
  return ['v=0', `o=- 1 1 IN IP4 ${address}`, 's=-', `c=IN IP4 ${address}`, 't=0 0', `m=audio ${port} RTP/AVP ${pt}`, `a=rtpmap:${pt} ${codec}/8000`, 'a=ptime:20', 'a=sendrecv', ''].join('\r\n');
}

function bindLoop(address: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = createSocket('udp4');
    socket.once('error', reject);
    socket.bind(0, address, () => {
      socket.off('error', reject);
      socket.on('error', () => undefined);
      resolve(socket);
    });
  });
}
