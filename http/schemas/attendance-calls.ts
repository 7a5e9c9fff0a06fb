import { z } from 'zod';

/** The attendant's side of a phone call (docs/attendance/calls.md). */
export const CallConnectRequestSchema = z
  .object({
    sdp: z.string().min(10).max(20_000).meta({ description: 'The browser\'s WebRTC SDP offer, with its ICE candidates (no trickle); it must offer PCMU or PCMA' }),
  })
  .strict()
  .meta({ id: 'AttendantCallConnectRequest' });

const Codec = z.enum(['PCMU', 'PCMA']);

export const CallConnectAnswerSchema = z
  .object({
    sdp: z.string().meta({ description: 'The SDP answer, with the service\'s ICE candidates' }),
    codec: Codec.meta({ description: 'The G.711 law agreed; the caller\'s own when the browser offers it, so nothing is transcoded' }),
  })
  .meta({ id: 'AttendantCallConnectAnswer' });

export const AttendantCallStateSchema = z
  .object({
    state: z.enum(['waiting', 'connected']).meta({ description: '`waiting`: the caller is on hold; `connected`: an attendant\'s browser is on the call' }),
    waiting_since: z.iso.datetime().meta({ description: 'When the caller started waiting for a person' }),
    connected_at: z.iso.datetime().nullable().meta({ description: 'When the attendant\'s browser joined' }),
    codec: Codec.nullable(),
  })
  .meta({ id: 'AttendantCallState' });

export const CallHangUpAnswerSchema = z.object({ ok: z.literal(true) }).meta({ id: 'AttendantCallHangUp' });
