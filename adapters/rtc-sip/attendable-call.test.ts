import type { CallMedia, SipCall } from '../../telephony/index.js';
import { openToAttendants } from './attendable-call.js';
import type { CallSpeaker } from './call-speaker.js';
import type { LiveCall } from './live-calls.js';

// A call handed to attendance (docs/attendance/calls.md): an attendant's leg joins it through
// `live.waiting`; once the call is bridged to a number (a refused REFER's transfer), the leg is
// let go and no browser can join it again.

function handedOff() {
  const stopped: string[] = [];
  const live: LiveCall = { bot: 'desk', caller: '+15550111', deliver: async () => undefined };
  const media = { stopPlayback: () => stopped.push('playback') } as unknown as CallMedia;
  const speaker = { background: (pcm: Int16Array | undefined) => stopped.push(pcm ? 'music on' : 'music off') } as unknown as CallSpeaker;
  const call = { onEnded: () => undefined } as unknown as SipCall;
  const attendance = openToAttendants(live, { media, speaker, call, now: () => new Date('2026-11-28T12:00:00Z') });
  return { live, attendance, stopped };
}

test('an attendant joining stops the hold sound; the call is attended', () => {
  const { live, attendance, stopped } = handedOff();
  expect(attendance.attended()).toBe(false);
  live.waiting?.attend();
  expect(attendance.attended()).toBe(true);
  expect(stopped).toEqual(['music off', 'playback']);
});

test('leaving lets the attendant\'s leg go once and closes the call to attendants', () => {
  const { live, attendance } = handedOff();
  const left: string[] = [];
  live.waiting?.onLeft(() => left.push('leg closed'));
  attendance.leave();
  attendance.leave();
  expect(left).toEqual(['leg closed']);
  expect(live.waiting).toBeUndefined();
});
