/**
 * CREATE MEETING (docs/basic.md; docs/meetings.md, "CREATE MEETING") as the engine's MeetingsPort: the script's options
 * become a room of the bot tied to the conversation. A wrong option is the script's error; a
 * provider that fails answers `success: false` with its message, so the script can tell the
 * customer. The engine sets `meeting_room` and `meeting_url` from the answer.
 */
import type { ObjectValue, Value } from '../basic-interpreter/index.js';
import { DomainError } from '../infra/errors.js';
import { createMeeting, type CreateMeetingInput } from './create-meeting.js';
import { joinUrlOf } from './meeting-room.js';
import type { RoomsContext } from './meetings-context.js';

export function createScriptMeetings(ctx: RoomsContext) {
  return {
    async create(options: ObjectValue, session: { id: string; bot_id: string }): Promise<Value> {
      const input = scriptOptions(options);
      try {
        const room = await createMeeting(ctx, { ...input, turn_session: session });
        return { success: true, room_id: room.name, join_url: joinUrlOf(ctx.publicUrl(), room.name), expires_at: room.expires_at.toISOString() };
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        return { success: false, room_id: null, join_url: null, message: error.message };
      }
    },
  };
}

/** The room options (docs/meetings.md, "Rooms"), checked by type; unknown options are refused so a typo is seen. */
function scriptOptions(options: ObjectValue): CreateMeetingInput {
  const input: CreateMeetingInput = {};
  for (const [key, value] of Object.entries(options)) {
    const wrong = (what: string) => new Error(`CREATE MEETING: option ${key} must be ${what}`);
    switch (key.toLowerCase()) {
      case 'title':
      case 'type':
        if (typeof value !== 'string') throw wrong('text');
        input[key.toLowerCase() as 'title' | 'type'] = value;
        break;
      case 'expires_in':
      case 'max_participants':
        if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) throw wrong('a whole number');
        input[key.toLowerCase() as 'expires_in' | 'max_participants'] = value;
        break;
      case 'recording':
      case 'transcription':
        if (typeof value !== 'boolean') throw wrong('TRUE or FALSE');
        input[key.toLowerCase() as 'recording' | 'transcription'] = value;
        break;
      case 'participants':
        if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) throw wrong('an array of addresses');
        input.participants = value as string[];
        break;
      default:
        throw new Error(`CREATE MEETING: unknown option ${key}; the options are title, type, expires_in, max_participants, recording, transcription, participants`);
    }
  }
  return input;
}
