import type { AttendantCalls } from '../../adapters/index.js';
import type { Principal } from '../../auth/index.js';
import { ConflictError, NotFoundError } from '../../infra/errors.js';
import { onCallHolder, type CallHolders } from '../call-forwarding.js';
import { defineRoute } from '../route.js';
import { SessionParamsSchema } from '../schemas/attendance.js';
import {
  AttendantCallStateSchema, CallConnectAnswerSchema, CallConnectRequestSchema, CallDtmfRequestSchema, CallDtmfResultSchema, CallHangupResultSchema,
  CallHoldRequestSchema, CallHoldResultSchema, CallTransferRequestSchema, CallTransferResultSchema,
} from '../schemas/attendance-calls.js';
import type { AttendanceRoutesDeps } from './attendance.js';

const ACCESS = ['attendant', 'supervisor'] as const; // admins always pass
const TAG = 'attendance';

/**
 * The phone call of a conversation (docs/attendance/calls.md): the console's browser joins the call
 * of a conversation the attendant holds (WebRTC, offer and answer here), and the holder puts it on
 * hold, sends key presses, hangs up or transfers it. A call is served by the instance that holds
 * it. Errors: 404 when the conversation is not in attendance or its call is not here, 403 when it
 * is not in the caller's queues, 409 `not_holder` when someone else holds it, `no_live_call` when
 * its call is not live on this instance, `transfer_refused` when the trunk refuses a REFER.
 * With several instances, a request whose call lives on another one is passed to it
 * (call-forwarding.ts, `callHolders`).
 */
export function attendanceCallRoutes(deps: AttendanceRoutesDeps & { attendantCalls?: AttendantCalls; callHolders?: CallHolders }) {
  const elsewhere = <T>(req: Parameters<typeof onCallHolder>[0]['req'], sessionId: string, body: unknown, here: () => Promise<T>) =>
    onCallHolder({ holders: deps.callHolders, req, sessionId, body }, here);
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
  const path = (action?: string) => `/api/attendance/conversations/:session_id/call${action ? `/${action}` : ''}`;
  return [
    defineRoute({
      method: 'get', path: path(), summary: 'The call of a conversation: waiting on hold, or an attendant on it', tag: TAG, access: ACCESS,
      params: SessionParamsSchema, response: { description: 'The call', schema: AttendantCallStateSchema }, errors: [404, 409, 502],
      handle: ({ params, req }) => elsewhere(req, params.session_id, undefined, async () => calls().state(params.session_id)),
    }),
    defineRoute({
      method: 'post', path: path('connect'),
      summary: 'Join the caller from the browser: a WebRTC offer (PCMU/PCMA) in, the answer out; the hold music stops', tag: TAG, access: ACCESS,
      params: SessionParamsSchema, body: CallConnectRequestSchema, response: { description: 'The SDP answer', schema: CallConnectAnswerSchema }, errors: [404, 409, 502],
      handle: async ({ params, body, principal, req }) => {
        await holder(principal, params.session_id);
        return elsewhere(req, params.session_id, body, async () => {
          const { answerSdp, codec, video } = await calls().connect(params.session_id, body.sdp);
          return { sdp: answerSdp, codec, video };
        });
      },
    }),
    defineRoute({
      method: 'post', path: path('hold'), summary: 'Put the conversation\'s phone call on hold (the caller hears the hold music) or resume it', tag: TAG, access: ACCESS,
      params: SessionParamsSchema, body: CallHoldRequestSchema, response: { description: 'The call\'s hold state', schema: CallHoldResultSchema }, errors: [403, 404, 409, 502],
      handle: ({ params, body, principal, req }) => elsewhere(req, params.session_id, body,
        async () => ({ ok: true as const, ...(await deps.attendance.call.hold(principal, params.session_id, body.on)) })),
    }),
    defineRoute({
      method: 'post', path: path('dtmf'), summary: 'Send key presses (DTMF) to the far end of the conversation\'s phone call', tag: TAG, access: ACCESS,
      params: SessionParamsSchema, body: CallDtmfRequestSchema, response: { description: 'Sent', schema: CallDtmfResultSchema }, errors: [403, 404, 409, 502],
      handle: ({ params, body, principal, req }) => elsewhere(req, params.session_id, body,
        async () => ({ ok: true as const, ...(await deps.attendance.call.dtmf(principal, params.session_id, body.digits)) })),
    }),
    defineRoute({
      method: 'post', path: path('hangup'), summary: 'End the conversation\'s phone call (BYE to the caller)', tag: TAG, access: ACCESS,
      params: SessionParamsSchema, response: { description: 'Hung up', schema: CallHangupResultSchema }, errors: [403, 404, 409, 502],
      handle: ({ params, principal, req }) => elsewhere(req, params.session_id, undefined,
        async () => ({ ok: true as const, ...(await deps.attendance.call.hangUp(principal, params.session_id)) })),
    }),
    defineRoute({
      method: 'post', path: path('transfer'), summary: 'Transfer the conversation\'s phone call to another attendant or to a number (SIP REFER, else a new call bridged to it)', tag: TAG, access: ACCESS,
      params: SessionParamsSchema, body: CallTransferRequestSchema, response: { description: 'Transferred', schema: CallTransferResultSchema }, errors: [403, 404, 409, 429, 502],
      handle: ({ params, body, principal, req }) => elsewhere(req, params.session_id, body, async () => {
        const to = 'number' in body ? { number: body.number } : { attendantId: body.attendant_id };
        return { ok: true as const, ...(await deps.attendance.call.transfer(principal, params.session_id, to)) };
      }),
    }),
  ];
}
