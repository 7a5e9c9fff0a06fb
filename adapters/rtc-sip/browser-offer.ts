import { MediaStreamTrack, type RTCPeerConnection } from 'werift';
import { ValidationError } from '../../infra/errors.js';

/** How long ICE candidates may take to gather before the answer goes with what there is. */
const GATHER_TIMEOUT_MS = 5000;

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

/**
 * The answer to the browser's offer taken on `pc`, with the candidates gathered (no trickle: the
 * HTTP answer carries them all). No answer closes the leg (`close`) and is refused with ValidationError.
 */
export async function answerBrowserOffer(pc: RTCPeerConnection, close: () => void): Promise<string> {
  await pc.setLocalDescription(await pc.createAnswer());
  await gathered(pc);
  const answerSdp = pc.localDescription?.sdp;
  if (!answerSdp) {
    close();
    throw new ValidationError('No answer could be made to the browser\'s SDP offer');
  }
  return answerSdp;
}

/** Resolves once ICE gathering is complete, or after GATHER_TIMEOUT_MS with the candidates found so far. */
async function gathered(pc: RTCPeerConnection): Promise<void> {
  if (pc.iceGatheringState === 'complete') return;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, GATHER_TIMEOUT_MS);
    pc.iceGatheringStateChange.subscribe((state) => {
      if (state !== 'complete') return;
      clearTimeout(timer);
      resolve();
    });
  });
}
