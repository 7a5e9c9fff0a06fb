import { MediaStreamTrack, type RTCPeerConnection } from 'werift';
import { ValidationError } from '../../infra/errors.js';

/**
 * A browser's SDP offer taken on `pc` (an attendant's or a web visitor's leg), and the track the
 * answer sends its audio on, the offer's audio transceiver set both ways. An offer that cannot be
 * used, or has no audio, closes the leg (`close`) and is refused with ValidationError (400).
 */
export async function takeBrowserOffer(pc: RTCPeerConnection, offerSdp: string, close: () => void): Promise<MediaStreamTrack> {
  try {
    await pc.setRemoteDescription({ type: 'offer', sdp: offerSdp });
  } catch (error) {
    close();
    throw new ValidationError(`The browser's SDP offer cannot be used: ${error instanceof Error ? error.message : String(error)}`);
  }
  const transceiver = pc.getTransceivers().find((t) => t.kind === 'audio');
  if (!transceiver) {
    close();
    throw new ValidationError('The browser\'s SDP offer has no audio');
  }
  const outgoing = new MediaStreamTrack({ kind: 'audio' });
  await transceiver.sender.replaceTrack(outgoing);
  transceiver.setDirection('sendrecv');
  return outgoing;
}
