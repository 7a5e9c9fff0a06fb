/**
 * The frames of the attendant console WebSocket (`/ws/attendance`): what clients may
 * send, validated here at the edge, and the answers the server sends back. The pushed live events
 * are typed in attendance/live-events.ts.
 */
import { z } from 'zod';
import { TICKET_CHANGES } from '../../attendance/index.js';
import { TICKET_PRIORITIES, TICKET_STATUSES } from '../../attendance/index.js';
import { ATTENDANT_TEXT_MAX } from './attendance.js';

const Text = z.string().max(ATTENDANT_TEXT_MAX).refine((t) => t.trim().length > 0, 'must not be empty');
/** Echoed on the answer so a client can match it to its frame. */
const RequestId = z.string().max(128).optional();

/** `{type:"command"}`: a command line (`/take`, `/resolve`…) or plain text, as `POST /api/attendance/commands`. */
export const CommandFrameSchema = z.object({
  type: z.literal('command'),
  text: Text,
  session_id: z.uuid().optional(),
  request_id: RequestId,
});

/** `{type:"message"}`: text for the customer of a conversation the attendant holds. */
export const MessageFrameSchema = z.object({
  type: z.literal('message'),
  session_id: z.uuid(),
  text: Text,
  request_id: RequestId,
});

/** `{type:"typing"}`: the attendant is typing; the customer's `/ws/web` shows it. */
export const TypingFrameSchema = z.object({
  type: z.literal('typing'),
  session_id: z.uuid(),
  request_id: RequestId,
});

/** `{type:"cobrowse_request"}`: asks the web visitor of a conversation the attendant holds to share their page (docs/attendance/co-browse.md). */
export const CobrowseRequestFrameSchema = z.object({
  type: z.literal('cobrowse_request'),
  session_id: z.uuid(),
  request_id: RequestId,
});

/** Largest page coordinate a pointer may name, in CSS pixels. */
const POINTER_MAX = 1_000_000;

/** `{type:"cobrowse_pointer"}`: points at the visitor's page, at document coordinates in CSS pixels. */
export const CobrowsePointerFrameSchema = z.object({
  type: z.literal('cobrowse_pointer'),
  session_id: z.uuid(),
  cobrowse_id: z.uuid(),
  x: z.number().finite().min(0).max(POINTER_MAX),
  y: z.number().finite().min(0).max(POINTER_MAX),
  request_id: RequestId,
});

/** `{type:"cobrowse_resync"|"cobrowse_end"}`: asks the page for a full snapshot again, or stops the co-browse. */
export const CobrowseControlFrameSchema = z.object({
  type: z.enum(['cobrowse_resync', 'cobrowse_end']),
  session_id: z.uuid(),
  cobrowse_id: z.uuid(),
  request_id: RequestId,
});

/** Any frame a console may send. */
export const ClientFrameSchema = z.discriminatedUnion('type', [
  CommandFrameSchema, MessageFrameSchema, TypingFrameSchema, CobrowseRequestFrameSchema, CobrowsePointerFrameSchema, CobrowseControlFrameSchema,
]);
export type ClientFrame = z.infer<typeof ClientFrameSchema>;

/** The answer to `command`: the same `{ok, reply, session_id?}` as the REST endpoint. */
export interface CommandResultFrame {
  type: 'command_result';
  ok: boolean;
  reply: string;
  session_id?: string;
  request_id?: string;
}

/** The answer to `message` once the engine took the text for delivery. */
export interface MessageSentFrame {
  type: 'message_sent';
  session_id: string;
  status: string;
  request_id?: string;
}

/** The answer to `cobrowse_request`: the visitor is being asked; later frames name `cobrowse_id`. */
export interface CobrowseRequestedFrame {
  type: 'cobrowse_requested';
  session_id: string;
  cobrowse_id: string;
  request_id?: string;
}

/** A frame that could not be done: `invalid_frame`, or the domain error's code (`not_holder`, `session_not_found`…). */
export interface ErrorFrame {
  type: 'error';
  error: string;
  message: string;
  /** With `service_unavailable`: seconds to wait before sending the frame again. */
  retry_after?: number;
  request_id?: string;
}

/** Every answer the socket sends to a client frame. */
export type AnswerFrame = CommandResultFrame | MessageSentFrame | CobrowseRequestedFrame | ErrorFrame;

/**
 * `{type:"ticket_updated"}` (attendance/live/ticket-live-events.ts): a ticket changed. Checked field
 * by field, so a console never renders a half-formed ticket; only the fields listed reach it.
 */
export const TicketUpdatedFrameSchema = z.object({
  type: z.literal('ticket_updated'),
  ticket: z.object({
    id: z.string(),
    ticket_number: z.number().int(),
    session_id: z.string(),
    subject: z.string(),
    status: z.enum(TICKET_STATUSES),
    priority: z.enum(TICKET_PRIORITIES),
    category: z.string().nullable(),
    assigned_to: z.string().nullable(),
  }),
  change: z.enum(TICKET_CHANGES),
});

/** Any other pushed frame: typed by the publisher (attendance/live/live-events.ts), only its `type` is checked here. */
const OtherLiveFrameSchema = z.looseObject({ type: z.string().refine((t) => t !== 'ticket_updated', 'ticket_updated frames are checked by TicketUpdatedFrameSchema') });

/**
 * A delivery as it arrives from the event bus (published by the live-events listener, possibly on
 * another instance). Checked before fan-out so a stray message on the topic cannot reach clients.
 */
export const LiveDeliverySchema = z.object({
  recipients: z.union([
    z.object({ everyone: z.literal(true) }),
    z.object({ user_ids: z.array(z.string()), supervisors: z.boolean() }),
  ]),
  frame: z.union([TicketUpdatedFrameSchema, OtherLiveFrameSchema]),
});
