import { z } from 'zod';
import { CALL_DIGITS } from '../../attendance/index.js';

/** The attendant's side of a phone call (docs/attendance/calls.md). */
export const CallConnectRequestSchema = z
  .object({
    sdp: z.string().min(10).max(20_000).meta({ description: 'The browser\'s WebRTC SDP offer, with its ICE candidates (no trickle); it must offer PCMU or PCMA' }),
  })
  .strict()
  .meta({ id: 'AttendantCallConnectRequest' });

const Codec = z.enum(['PCMU', 'PCMA']);
const VideoCodec = z.enum(['VP8', 'H264']).nullable()
  .meta({ description: 'The caller\'s video codec, relayed untouched to the browser\'s video line; null when the call has no video (docs/attendance/calls.md, "Video")' });

export const CallConnectAnswerSchema = z
  .object({
    sdp: z.string().meta({ description: 'The SDP answer, with the service\'s ICE candidates' }),
    codec: Codec.meta({ description: 'The G.711 law agreed; the caller\'s own when the browser offers it, so nothing is transcoded' }),
    video: VideoCodec,
  })
  .meta({ id: 'AttendantCallConnectAnswer' });

export const AttendantCallStateSchema = z
  .object({
    state: z.enum(['waiting', 'connected']).meta({ description: '`waiting`: the caller is on hold; `connected`: an attendant\'s browser is on the call' }),
    waiting_since: z.iso.datetime().meta({ description: 'When the caller started waiting for a person' }),
    connected_at: z.iso.datetime().nullable().meta({ description: 'When the attendant\'s browser joined' }),
    codec: Codec.nullable(),
    video: VideoCodec,
    held: z.boolean().meta({ description: 'An attendant put the call on hold (`/hold`, the panel\'s Hold, `POST …/call/hold`): the caller hears the hold music' }),
  })
  .meta({ id: 'AttendantCallState' });

/** An attendant's hands on the call (docs/attendance/calls.md, "In the call"). */
export const CallHoldRequestSchema = z
  .object({ on: z.boolean().meta({ description: 'true: on hold (the caller hears the hold music); false: resumed' }) })
  .meta({ id: 'CallHoldRequest' });

export const CallHoldResultSchema = z
  .object({ ok: z.literal(true), session_id: z.uuid(), held: z.boolean() })
  .meta({ id: 'CallHoldResult' });

export const CallDtmfRequestSchema = z
  .object({
    digits: z.string().regex(CALL_DIGITS, 'keys are 0-9, *, #, A-D, at most 32')
      .meta({ description: 'Keys to send to the far end: 0-9, *, #, A-D, at most 32', example: '1234#' }),
  })
  .meta({ id: 'CallDtmfRequest' });

export const CallDtmfResultSchema = z
  .object({
    ok: z.literal(true), session_id: z.uuid(),
    via: z.enum(['rtp', 'info']).meta({ description: 'rtp: RFC 4733 telephone-events; info: SIP INFO, when the call agreed no telephone-event' }),
  })
  .meta({ id: 'CallDtmfResult' });

export const CallHangupResultSchema = z.object({ ok: z.literal(true), session_id: z.uuid() }).meta({ id: 'CallHangupResult' });

/** An international number as typed (spaces, dots, dashes, brackets dropped), E.164 after. */
const E164 = z.string().transform((text) => text.replace(/[\s.()-]/g, '')).pipe(z.string().regex(/^\+[1-9]\d{6,14}$/, 'an international number (E.164), such as +15550100'));

export const CallTransferRequestSchema = z
  .union([
    z.object({ attendant_id: z.uuid().meta({ description: 'Another attendant: the conversation is assigned to them and the call re-bridges to their browser' }) }).strict(),
    z.object({ number: E164.meta({ description: 'A number (E.164): the trunk is asked to call it (SIP REFER) and our leg ends' }) }).strict(),
  ])
  .meta({ id: 'CallTransferRequest' });

export const CallTransferResultSchema = z
  .object({
    ok: z.literal(true), session_id: z.uuid(), to: z.enum(['attendant', 'number']),
    assigned_to: z.uuid().nullable().optional(), number: z.string().optional(),
  })
  .meta({ id: 'CallTransferResult' });
