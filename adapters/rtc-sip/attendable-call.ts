import type { CallMedia, SipCall } from '../../telephony/index.js';
import type { CallSpeaker } from './call-speaker.js';
import type { LiveCall, WaitingCall } from './live-calls.js';
import type { AttendedAudioTap } from './transcribe-attended-call.js';

/** Whether an attendant has joined the call. */
export interface Attendance {
  attended(): boolean;
  /** The call leaves attendants (bridged to a number): an attendant's browser on it is let go, and none joins it again. */
  leave(): void;
}

/**
 * Opens a call handed to attendance to an attendant's leg (docs/attendance/calls.md): from the
 * hand-off on, while the bot may still be saying its last lines and then on hold, `live.waiting`
 * lets attendant-calls.ts join it. Joining stops the hold sound; the rest is the wait's (wait-on-hold.ts).
 */
export function openToAttendants(live: LiveCall, parts: { media: CallMedia; speaker: CallSpeaker; call: SipCall; now: () => Date; tap?: AttendedAudioTap }): Attendance {
  const { media, speaker, call } = parts;
  let attended = false;
  const leaving: (() => void)[] = [];
  const waiting: WaitingCall = {
    media, since: parts.now(), ...(parts.tap ? { tap: parts.tap } : {}),
    attend() {
      attended = true;
      speaker.background(undefined);
      media.stopPlayback();
    },
    onEnded: (listener) => call.onEnded(() => listener()),
    onLeft: (listener) => leaving.push(listener),
  };
  live.waiting = waiting;
  return {
    attended: () => attended,
    leave() {
      // No browser joins it again: the call is bridged elsewhere now.
      if (live.waiting === waiting) delete live.waiting;
      for (const listener of leaving.splice(0)) listener();
    },
  };
}
