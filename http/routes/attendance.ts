import type { AssistService, AttendanceApi } from '../../attendance/index.js';
import { isForwarded } from '../call-forwarding.js';
import { defineRoute } from '../route.js';
import {
  AssignRequestSchema, AssignResultSchema, AttendantListSchema, CommandRequestSchema, CommandResultSchema, QueueItemListSchema,
  RelayRequestSchema, RelayResultSchema, ResolveResultSchema, SessionParamsSchema, TransferRequestSchema, TransferResultSchema,
  TranscriptSchema,
} from '../schemas/attendance.js';

/** What the attendance routes need. */
export interface AttendanceRoutesDeps {
  /** The attendance use cases, as the caller (built once, at the composition root). */
  attendance: AttendanceApi;
  /** Attendant assist: the `/llm/*` routes and the `/tips /polish /replies /summary` commands. */
  assist?: AssistService;
}

const ACCESS = ['attendant', 'supervisor'] as const; // admins always pass
const SUPERVISORS = ['supervisor'] as const;
const TAG = 'attendance';

/**
 * The attendant console over REST: commands, the queue, the
 * attendants, resolve and replies. Attendants see the conversations of their queues and those
 * assigned to them; supervisors and admins see all.
 */
export function attendanceRoutes(deps: AttendanceRoutesDeps) {
  return [
    defineRoute({
      method: 'post',
      path: '/api/attendance/commands',
      summary: 'Run an attendant command (/take, /resolve, /queue…) or send plain text to the customer',
      tag: TAG,
      access: ACCESS,
      body: CommandRequestSchema,
      response: { description: 'The reply for the attendant; ok false when the command could not be done', schema: CommandResultSchema },
      // A call command another instance passed here, as this one holds the call (docs/operations/kamailio.md, "Attendants on another instance").
      handle: ({ body, principal, req }) =>
        deps.attendance.command({ actor: principal, text: body.text, ...(body.session_id ? { sessionId: body.session_id } : {}), ...(isForwarded(req) ? { relayed: true } : {}) }),
    }),
    defineRoute({
      method: 'get',
      path: '/api/attendance/queue',
      summary: 'Open conversations (waiting, assigned, active, pending) the caller may see, highest priority and oldest first',
      tag: TAG,
      access: ACCESS,
      response: { description: 'Queue items', schema: QueueItemListSchema },
      handle: ({ principal }) => deps.attendance.queue(principal),
    }),
    defineRoute({
      method: 'get',
      path: '/api/attendance/attendants',
      summary: 'Attendants with their routing fields, presence and current load',
      tag: TAG,
      access: ACCESS,
      response: { description: 'Attendants', schema: AttendantListSchema },
      handle: () => deps.attendance.attendants(),
    }),
    defineRoute({
      method: 'post',
      path: '/api/attendance/resolve/:session_id',
      summary: 'Resolve a conversation: the customer returns to the bot',
      tag: TAG,
      access: ACCESS,
      params: SessionParamsSchema,
      response: { description: 'Resolved', schema: ResolveResultSchema },
      errors: [404, 409],
      handle: async ({ params, principal }) => {
        await deps.attendance.resolve(principal, params.session_id);
        return { ok: true as const, session_id: params.session_id, status: 'resolved' as const };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/attendance/assign',
      summary: 'Assign a waiting conversation to an attendant, or move a held one to them (supervisors)',
      tag: TAG,
      access: SUPERVISORS,
      body: AssignRequestSchema,
      response: { description: 'Assigned; the attendant accepts it with /take', schema: AssignResultSchema },
      errors: [404, 409],
      handle: async ({ body, principal }) => {
        const { row, name } = await deps.attendance.assign(principal, { sessionId: body.session_id, attendantId: body.attendant_id });
        return { ok: true as const, session_id: body.session_id, status: row.status, assigned_to: row.assigned_to!, assigned_to_name: name };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/attendance/transfer',
      summary: 'Transfer a conversation to another attendant or back to a queue, with a reason',
      tag: TAG,
      access: ACCESS,
      body: TransferRequestSchema,
      response: { description: 'Transferred', schema: TransferResultSchema },
      errors: [404, 409],
      handle: async ({ body, principal }) => {
        const row = await deps.attendance.transfer({
          actor: principal, sessionId: body.session_id, reason: body.reason,
          ...(body.to_attendant_id ? { toAttendantId: body.to_attendant_id } : {}), ...(body.to_queue_id ? { toQueueId: body.to_queue_id } : {}),
        });
        return { ok: true as const, session_id: row.session_id, status: row.status, assigned_to: row.assigned_to, queue_id: row.queue_id };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/attendance/sessions/:session_id/messages',
      summary: 'The whole transcript of a conversation in attendance (bot and human turns, delivery state), oldest first',
      tag: TAG,
      access: ACCESS,
      params: SessionParamsSchema,
      response: { description: 'The transcript', schema: TranscriptSchema },
      errors: [404],
      handle: async ({ params, principal }) => ({ messages: await deps.attendance.transcript(principal, params.session_id) }),
    }),
    defineRoute({
      method: 'post',
      path: '/api/attendance/sessions/:session_id/messages',
      summary: 'Send the customer a message as the attendant who holds the conversation',
      tag: TAG,
      access: ACCESS,
      params: SessionParamsSchema,
      body: RelayRequestSchema,
      response: { description: 'Sent; the conversation is pending until the customer answers', schema: RelayResultSchema },
      errors: [404, 409],
      handle: async ({ params, body, principal }) => {
        const row = await deps.attendance.relay({ actor: principal, text: body.text, sessionId: params.session_id });
        return { ok: true as const, session_id: row.session_id, status: row.status };
      },
    }),
  ];
}
