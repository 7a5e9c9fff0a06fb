import type { AttendantCalls } from '../../adapters/index.js';
import type { Principal } from '../../auth/index.js';
import { ConflictError, NotFoundError } from '../../infra/errors.js';
import { defineRoute } from '../route.js';
import { SessionParamsSchema } from '../schemas/attendance.js';
import { AttendantCallStateSchema, CallConnectAnswerSchema, CallConnectRequestSchema, CallHangUpAnswerSchema } from '../schemas/attendance-calls.js';
import type { AttendanceRoutesDeps } from './attendance.js';

const ACCESS = ['attendant', 'supervisor'] as const; // admins always pass
const TAG = 'attendance';

/**
 * The attendant on a phone call (docs/attendance/calls.md): the console's browser joins the call
 * of a conversation the attendant holds (WebRTC, offer and answer here), and may hang it up. Only
 * the conversation's holder may; a call is served by the instance that answered it (404 elsewhere).
 */
export function attendanceCallRoutes(deps: AttendanceRoutesDeps & { attendantCalls?: AttendantCalls }) {
  const calls = () => {
    if (!deps.attendantCalls) throw new NotFoundError('No bot takes phone calls here (sip-enabled)', 'call_not_found');
    return deps.attendantCalls;
  };
  /** Only the attendant who holds the conversation is put through to its caller. */
  const holder = async (principal: Principal, sessionId: string) => {
    const item = (await deps.attendance.queue(principal)).find((i) => i.session_id === sessionId);
    if (!item) throw new NotFoundError(`Conversation ${sessionId} is not in attendance`, 'session_not_found');
    if (item.assigned_to !== principal.user_id) throw new ConflictError('Take the conversation first: only its holder talks to the caller', 'not_holder');
  };
  return [
    defineRoute({
      method: 'get', path: '/api/attendance/conversations/:session_id/call', summary: 'The call of a conversation: waiting on hold, or an attendant on it', tag: TAG, access: ACCESS,
      params: SessionParamsSchema, response: { description: 'The call', schema: AttendantCallStateSchema }, errors: [404, 409],
      handle: async ({ params }) => calls().state(params.session_id),
    }),
    defineRoute({
      method: 'post', path: '/api/attendance/conversations/:session_id/call/connect',
      summary: 'Join the caller from the browser: a WebRTC offer (PCMU/PCMA) in, the answer out; the hold music stops', tag: TAG, access: ACCESS,
      params: SessionParamsSchema, body: CallConnectRequestSchema, response: { description: 'The SDP answer', schema: CallConnectAnswerSchema }, errors: [404, 409],
      handle: async ({ params, body, principal }) => {
        await holder(principal, params.session_id);
        const { answerSdp, codec } = await calls().connect(params.session_id, body.sdp);
        return { sdp: answerSdp, codec };
      },
    }),
    defineRoute({
      method: 'post', path: '/api/attendance/conversations/:session_id/call/hangup', summary: 'Hang up: the call ends (BYE to the caller)', tag: TAG, access: ACCESS,
      params: SessionParamsSchema, response: { description: 'Hung up', schema: CallHangUpAnswerSchema }, errors: [404, 409],
      handle: async ({ params, principal }) => {
        await holder(principal, params.session_id);
        await calls().hangUp(params.session_id);
        return { ok: true as const };
      },
    }),
  ];
}
