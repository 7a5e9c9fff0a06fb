import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api.js';
import { useConsole } from '../live-context.js';
import { EscalateToMeeting } from './EscalateToMeeting.js';
import { CallControls } from './CallControls.js';

type CallState = 'idle' | 'connecting' | 'in_call' | 'ended' | 'denied' | 'no_microphone' | 'failed';

/** How often the call's state is read while the attendant is on it: a caller who hangs up ends the panel's call. */
const STATE_POLL_MS = 2000;
/** ICE candidates the browser has not gathered by then are left out of the offer. */
const GATHER_TIMEOUT_MS = 3000;

/**
 * The attendant's side of a phone call (docs/attendance/calls.md): the microphone (getUserMedia),
 * WebRTC to the instance that holds the call (offer and answer through the REST API), the caller's
 * voice in an audio element, and the call's state and duration, mute and hang up. A refused
 * microphone is explained, with how to allow it. `autoStart`: the attendant has just taken the call.
 */
export function CallPanel({ sessionId, autoStart }: { sessionId: string; autoStart: boolean }) {
  const { t } = useTranslation();
  const { api } = useConsole();
  const [state, setState] = useState<CallState>('idle');
  const [reason, setReason] = useState('');
  const [muted, setMuted] = useState(false);
  const [connectedAt, setConnectedAt] = useState<number>();
  /** Hold as the service said (a /hold command counts too) in the call's state asked at `askedAt`. */
  const [held, setHeld] = useState({ held: false, askedAt: 0 });
  const [now, setNow] = useState(() => Date.now());
  const pc = useRef<RTCPeerConnection>(undefined);
  const microphone = useRef<MediaStream>(undefined);
  const audio = useRef<HTMLAudioElement>(null);
  // The caller's camera, when the call has video (docs/attendance/calls.md, "Video").
  const video = useRef<HTMLVideoElement>(null);
  const [videoCodec, setVideoCodec] = useState<string | null>(null);
  const base = `/api/attendance/conversations/${sessionId}/call`;

  const release = useCallback(() => {
    pc.current?.close();
    pc.current = undefined;
    microphone.current?.getTracks().forEach((track) => track.stop());
    microphone.current = undefined;
  }, []);

  const end = useCallback(() => {
    release();
    setState('ended');
  }, [release]);

  const join = useCallback(async () => {
    release();
    setReason('');
    setMuted(false);
    setState('connecting');
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch (error) {
      const name = error instanceof DOMException ? error.name : '';
      setState(name === 'NotFoundError' || name === 'OverconstrainedError' ? 'no_microphone' : name === 'NotAllowedError' || name === 'SecurityError' ? 'denied' : 'failed');
      if (name !== 'NotAllowedError' && name !== 'SecurityError') setReason(error instanceof Error ? error.message : String(error));
      return;
    }
    microphone.current = stream;
    const connection = new RTCPeerConnection();
    pc.current = connection;
    for (const track of stream.getAudioTracks()) connection.addTrack(track, stream);
    // A video line for the caller's camera, unused when the call has none; the attendant's camera joins it below.
    const videoLine = connection.addTransceiver('video', { direction: 'sendrecv' });
    connection.ontrack = (event) => {
      const element = event.track.kind === 'video' ? video.current : audio.current;
      if (element) element.srcObject = new MediaStream([event.track]);
    };
    connection.onconnectionstatechange = () => {
      if (pc.current !== connection) return;
      if (connection.connectionState === 'connected') {
        setConnectedAt((at) => at ?? Date.now());
        setState('in_call');
      } else if (connection.connectionState === 'failed' || connection.connectionState === 'closed') {
        end();
      }
    };
    try {
      await connection.setLocalDescription(await connection.createOffer());
      await gathered(connection);
      const answer = await api.post<{ sdp: string; video: string | null }>(`${base}/connect`, { sdp: connection.localDescription?.sdp ?? '' });
      if (pc.current !== connection) return;
      setVideoCodec(answer.video);
      if (answer.video) void sendCamera(videoLine.sender, stream);
      await connection.setRemoteDescription({ type: 'answer', sdp: answer.sdp });
    } catch (error) {
      release();
      setState('failed');
      setReason(error instanceof ApiError && error.code === 'call_not_found' ? t('call.not_here') : error instanceof Error ? error.message : String(error));
    }
  }, [api, base, end, release, t]);

  useEffect(() => {
    if (autoStart) void join();
  }, [autoStart, join]);
  useEffect(() => release, [release]);

  // The duration ticks, and the call's state is read, while the attendant is on the call.
  useEffect(() => {
    if (state !== 'in_call') return;
    const ticker = setInterval(() => setNow(Date.now()), 1000);
    const poll = setInterval(() => {
      const askedAt = Date.now();
      api.get<{ held?: boolean }>(base).then((call) => setHeld({ held: call.held === true, askedAt }), (error: unknown) => {
        if (error instanceof ApiError && (error.status === 404 || error.status === 409)) end();
      });
    }, STATE_POLL_MS);
    return () => {
      clearInterval(ticker);
      clearInterval(poll);
    };
  }, [api, base, end, state]);

  const toggleMute = () => {
    const next = !muted;
    microphone.current?.getAudioTracks().forEach((track) => {
      track.enabled = !next;
    });
    setMuted(next);
  };

  const hangUp = async () => {
    try {
      await api.post(`${base}/hangup`);
    } catch {
      // the call has already ended: the panel says so all the same
    }
    end();
  };

  const seconds = connectedAt === undefined ? 0 : Math.max(0, Math.floor((now - connectedAt) / 1000));
  const status = state === 'connecting' ? t('call.connecting') : state === 'in_call' ? t('call.in_call') : state === 'ended' ? t('call.ended') : '';
  return (
    <section className="call-panel" aria-labelledby="call-panel-title">
      <h3 id="call-panel-title">{t('call.panel')}</h3>
      <p role="status" className="call-state">
        {status}
        {(state === 'in_call' || (state === 'ended' && connectedAt !== undefined)) && (
          <> · <span className="sr">{t('call.duration')} </span><span role="timer" aria-live="off">{clock(seconds)}</span></>
        )}
      </p>
      {state === 'denied' && <p role="alert" className="error">{t('call.denied')}</p>}
      {state === 'no_microphone' && <p role="alert" className="error">{t('call.no_microphone')}</p>}
      {state === 'failed' && <p role="alert" className="error">{t('call.failed', { reason })}</p>}
      {muted && state === 'in_call' && <p className="muted-note">{t('call.muted')}</p>}
      <div className="actions">
        {(state === 'idle' || state === 'denied' || state === 'no_microphone' || state === 'failed') && (
          <button type="button" onClick={() => void join()}>{state === 'idle' ? t('call.join') : t('call.retry')}</button>
        )}
        {(state === 'connecting' || state === 'in_call') && (
          <>
            <button type="button" aria-pressed={muted} onClick={toggleMute}>{t('call.mute')}</button>
            <button type="button" className="danger" onClick={() => void hangUp()}>{t('call.hang_up')}</button>
          </>
        )}
        {state === 'in_call' && <CallControls base={base} sessionId={sessionId} reported={held} onGone={end} />}
      </div>
      {state === 'in_call' && <EscalateToMeeting sessionId={sessionId} />}
      {/* The caller's voice; no controls: the call's own buttons are the controls. */}
      <audio ref={audio} autoPlay />
      <video ref={video} className="caller-video" autoPlay playsInline muted hidden={!videoCodec || state !== 'in_call'} aria-label={t('call.caller_video')} />
    </section>
  );
}

/**
 * The attendant's camera to a caller who has video (docs/attendance/calls.md, "Video"): put on the
 * video line already agreed, so nothing is negotiated again. Refused or missing, the caller sees
 * nothing and the call goes on; the track stops with the microphone's stream.
 */
async function sendCamera(sender: RTCRtpSender, stream: MediaStream): Promise<void> {
  try {
    const camera = await navigator.mediaDevices.getUserMedia({ video: true });
    const [track] = camera.getVideoTracks();
    if (!track) return;
    // The call may have ended while the browser asked: the camera goes off again at once.
    if (stream.getAudioTracks().every((t) => t.readyState === 'ended')) {
      track.stop();
      return;
    }
    stream.addTrack(track);
    await sender.replaceTrack(track);
  } catch {
    // No camera, or not allowed: the attendant is heard, not seen.
  }
}

/** Resolves once the browser has gathered its ICE candidates (the offer carries them: no trickle), or after GATHER_TIMEOUT_MS. */
function gathered(connection: RTCPeerConnection): Promise<void> {
  if (connection.iceGatheringState === 'complete') return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, GATHER_TIMEOUT_MS);
    connection.addEventListener('icegatheringstatechange', () => {
      if (connection.iceGatheringState !== 'complete') return;
      clearTimeout(timer);
      resolve();
    });
  });
}

/** 75 seconds → "1:15". */
function clock(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
