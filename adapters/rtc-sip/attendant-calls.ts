import { ConflictError, NotFoundError } from '../../infra/errors.js';
import type { Logger } from '../../infra/logger.js';
import type { VideoCodec } from '../../telephony/index.js';
import type { AttendantLeg } from './attendant-leg.js';
import type { LiveCalls } from './live-calls.js';

/** A call as the attendant's console sees it: still waiting, or with an attendant's browser on it since `connected_at`. */
export interface AttendantCallState {
  state: 'waiting' | 'connected';
  waiting_since: string;
  connected_at: string | null;
  codec: 'PCMU' | 'PCMA' | null;
  /** The caller's video codec relayed to the browser; null when the call has no video (or no browser is on it). */
  video: VideoCodec | null;
  /** An attendant put the call on hold (live-call-control.ts). */
  held: boolean;
}

/**
 * Attendants on calls (docs/attendance/calls.md): the browser of the attendant who holds a call's
 * conversation joins the call while the caller waits on hold (attendant-leg.ts); hanging up is
 * attendance's call control (live-call-control.ts).
 * A call lives on the instance that answered it; asked on another, the call is not found here.
 * Who may join is the caller's (the HTTP route's) check: the conversation must be theirs.
 */
export interface AttendantCalls {
  /** Joins the browser whose SDP offer this is; a browser already on the call is replaced (a reload). */
  connect(sessionId: string, offerSdp: string): Promise<{ answerSdp: string; codec: 'PCMU' | 'PCMA'; video: VideoCodec | null }>;
  state(sessionId: string): AttendantCallState;
  /**
   * The conversation went to another attendant (`call.transferred_to_attendant`): the browser on the
   * call leaves it, so the previous attendant no longer hears or speaks; the new one joins with
   * `connect`. Nothing happens when no browser is on the call here.
   */
  release(sessionId: string): void;
}

export function createAttendantCalls(deps: { liveCalls: LiveCalls; logger: Logger; now?: () => Date }): AttendantCalls {
  const now = deps.now ?? (() => new Date());
  const legs = new Map<string, { leg: AttendantLeg; at: Date }>();
  const waitingCall = (sessionId: string) => {
    const call = deps.liveCalls.ofSession(sessionId);
    if (!call) throw new NotFoundError('No call of this conversation is in progress on this instance', 'call_not_found');
    if (!call.waiting) throw new ConflictError('The caller is not waiting for a person (the bot still has the call)', 'call_not_waiting');
    return { waiting: call.waiting, video: call.video };
  };
  return {
    async connect(sessionId, offerSdp) {
      const { waiting: call, video } = waitingCall(sessionId);
      legs.get(sessionId)?.leg.close();
      // werift (WebRTC, with its certificate and ASN.1 libraries) loads when the first attendant joins a call (docs/performance.md, "Start-up").
      const { openAttendantLeg } = await import('./attendant-leg.js');
      const leg = await openAttendantLeg({ offerSdp, media: call.media, ...(video ? { video } : {}), ...(call.tap ? { tap: call.tap } : {}), logger: deps.logger.child({ session: sessionId }) });
      const entry = { leg, at: now() };
      legs.set(sessionId, entry);
      leg.onClosed(() => {
        if (legs.get(sessionId) === entry) legs.delete(sessionId);
      });
      call.onEnded(() => leg.close());
      call.onLeft(() => leg.close());
      call.attend();
      if (leg.video) video?.attended(entry.at);
      return { answerSdp: leg.answerSdp, codec: leg.codec, video: leg.video };
    },
    release(sessionId) {
      legs.get(sessionId)?.leg.close();
    },
    state(sessionId) {
      const { waiting: call } = waitingCall(sessionId);
      const entry = legs.get(sessionId);
      return {
        state: entry ? 'connected' : 'waiting', waiting_since: call.since.toISOString(),
        connected_at: entry ? entry.at.toISOString() : null, codec: entry ? entry.leg.codec : null, video: entry ? entry.leg.video : null,
        held: deps.liveCalls.ofSession(sessionId)?.control?.held ?? false,
      };
    },
  };
}
