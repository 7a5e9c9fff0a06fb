/**
 * `POST /webhooks/rtc/{bot}`: the rtc server's signed room and participant events. A forged
 * signature is refused (401); a verified event moves the room: two participants connected start
 * the call, a screen-share track is logged, `room_finished` ends it.
 */
import { UnauthorizedError } from '../infra/errors.js';
import { endMeeting } from './end-meeting.js';
import { markCallStarted, markScreenShare } from './meeting-events.js';
import type { MeetingsContext } from './meetings-context.js';
import { verifyRtcWebhook, type RtcSettings } from './providers/rtc-provider.js';

export interface RtcWebhookInput {
  bot: string;
  body: string;
  authorization: string | undefined;
}

/** The event as handled: its name, and the room it moved when that room is ours. */
export async function receiveRtcWebhook(
  ctx: MeetingsContext,
  rtcOf: (botId: string) => RtcSettings | undefined,
  input: RtcWebhookInput,
): Promise<{ event: string; room_id: string | null }> {
  const botId = ctx.botId(input.bot);
  const rtc = botId ? rtcOf(botId) : undefined;
  // An unknown bot and a bot without rtc answer like a forged signature: nothing to verify against.
  const event = rtc ? await verifyRtcWebhook(rtc, input.body, input.authorization) : undefined;
  if (!event) throw new UnauthorizedError('The webhook signature does not verify');
  const room = event.room ? await ctx.repo.find(event.room) : undefined;
  if (!room || room.bot_id !== botId) return { event: event.event, room_id: null };
  switch (event.event) {
    case 'participant_joined':
      if ((event.participants ?? 0) >= 2) await markCallStarted(ctx, room, event.at);
      break;
    case 'track_published':
      if (event.screenShare) await markScreenShare(ctx, room, event.at);
      break;
    case 'room_finished':
      await endMeeting(ctx, room);
      break;
    default:
      break;
  }
  return { event: event.event, room_id: room.id };
}
