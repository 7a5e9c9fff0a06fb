/**
 * A live call from the widget to the bot (docs/channels/web.md, "Calls"): the microphone into a
 * WebRTC connection whose offer the web channel answers; on the other side the bot's voice loop
 * runs as for a phone caller, and an attendant may take the call. No trickle ICE: the offer goes
 * with its candidates, as the attendant's console does it.
 */
import { MicrophoneError } from './voice-recorder.js';
import type { WebChannelClient } from './widget-client.js';

/** How long candidates may take to gather before the offer goes with what there is. */
const GATHER_TIMEOUT_MS = 3000;

export interface CallEvents {
  /** The call's audio is flowing: the bot's voice (later an attendant's) to play. */
  onConnected(audio: MediaStream): void;
  /** The call is over: `hung-up` by the visitor, `ended` by the other side, `failed` to connect. */
  onEnded(why: 'hung-up' | 'ended' | 'failed'): void;
}

/** A call in progress; `hangUp` ends it (and tells the service). */
export interface BrowserCall {
  hangUp(): void;
}

/** Asks for the microphone (MicrophoneError when refused), then calls; resolves once the service answered. */
export async function placeCall(client: WebChannelClient, token: string, events: CallEvents): Promise<BrowserCall> {
  let stream: MediaStream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({ audio: true });
  } catch (error) {
    const name = (error as { name?: string }).name;
    throw new MicrophoneError(name === 'NotFoundError' ? 'missing' : name === 'NotAllowedError' || name === 'SecurityError' ? 'denied' : 'unsupported');
  }
  const pc = new RTCPeerConnection();
  let over = false;
  let callId: string | undefined;
  const end = (why: 'hung-up' | 'ended' | 'failed') => {
    if (over) return;
    over = true;
    for (const track of stream.getTracks()) track.stop();
    pc.close();
    events.onEnded(why);
  };
  for (const track of stream.getAudioTracks()) pc.addTrack(track, stream);
  let remote: MediaStream | undefined;
  pc.ontrack = (event) => {
    remote = event.streams[0] ?? new MediaStream([event.track]);
  };
  pc.onconnectionstatechange = () => {
    if (pc.connectionState === 'connected' && remote) events.onConnected(remote);
    if (pc.connectionState === 'failed' || pc.connectionState === 'closed' || pc.connectionState === 'disconnected') end('ended');
  };
  try {
    await pc.setLocalDescription(await pc.createOffer());
    await gathered(pc);
    const answer = await client.call(pc.localDescription?.sdp ?? '', token);
    callId = answer.callId;
    await pc.setRemoteDescription({ type: 'answer', sdp: answer.answerSdp });
  } catch (error) {
    end('failed');
    throw error;
  }
  return {
    hangUp() {
      if (over) return;
      if (callId) void client.hangUp(callId, token).catch(() => undefined);
      end('hung-up');
    },
  };
}

function gathered(pc: RTCPeerConnection): Promise<void> {
  if (pc.iceGatheringState === 'complete') return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, GATHER_TIMEOUT_MS);
    pc.addEventListener('icegatheringstatechange', () => {
      if (pc.iceGatheringState !== 'complete') return;
      clearTimeout(timer);
      resolve();
    });
  });
}
