/**
 * A call's facts in the attendance event log, which the call KPIs read
 * (attendance/insights/call-kpis.ts): `call_started`, `call_queued`, `call_ended` come from the
 * call itself (through the calls' port, app/call-ports.ts); `call_held`, `call_resumed`,
 * `call_transferred` from the attendants' actions (call-actions.ts). A call with video also writes
 * the lines the video KPIs read (video-kpis.ts), marked `call: true` and keyed by the session:
 * `video_requested` as it starts, `video_started` when an attendant first receives the video,
 * `video_ended` with its `duration_seconds` as it ends.
 */
import type { AttendanceEventRow } from '../../db/index.js';
import type { AttendanceRepositories } from '../attendance-repositories.js';

export type CallFactType = Extract<AttendanceEventRow['type'], `call_${string}`>;
/** The video KPIs' lines a call with video writes too. */
type VideoFactType = Extract<AttendanceEventRow['type'], 'video_requested' | 'video_started' | 'video_ended'>;

/** What the call tells of itself (the rtc_sip adapter's `CallFact`, by session). */
export interface CallLifeFact {
  sessionId: string;
  kind: 'started' | 'queued' | 'ended' | 'video_started';
  at: Date;
  reason?: string;
  direction: 'inbound' | 'outbound';
  /** The call has video; on `ended`, the seconds since an attendant first received it, if one did. */
  video?: { seconds?: number };
}

/** Appends one line; the bot is the session's. A session that no longer exists logs nothing. */
export async function logCallFact(
  repos: Pick<AttendanceRepositories, 'events' | 'sessions'>,
  fact: { sessionId: string; type: CallFactType | VideoFactType; at: Date; attendantId?: string | null; data?: Record<string, unknown> },
): Promise<void> {
  const session = await repos.sessions.findById(fact.sessionId);
  if (!session) return;
  await repos.events.append({
    session_id: fact.sessionId, bot_id: session.bot_id, attendant_id: fact.attendantId ?? null, type: fact.type, at: fact.at, data: fact.data ?? {},
  });
}

/** A fact of the call's life, as the adapter reports it. */
export async function recordCallFact(repos: Pick<AttendanceRepositories, 'events' | 'sessions'>, fact: CallLifeFact): Promise<void> {
  const { sessionId, at, video } = fact;
  const asVideo = (type: VideoFactType, data: Record<string, unknown> = {}) => logCallFact(repos, { sessionId, type, at, data: { media: 'video', call: true, ...data } });
  if (fact.kind === 'video_started') return asVideo('video_started');
  const type: CallFactType = fact.kind === 'started' ? 'call_started' : fact.kind === 'queued' ? 'call_queued' : 'call_ended';
  await logCallFact(repos, {
    sessionId, type, at, data: { direction: fact.direction, ...(fact.reason ? { reason: fact.reason } : {}), ...(video ? { video: true } : {}) },
  });
  if (video && fact.kind === 'started') await asVideo('video_requested');
  if (video?.seconds !== undefined && fact.kind === 'ended') await asVideo('video_ended', { duration_seconds: video.seconds });
}
