import { defineRoute } from '../route.js';
import {
  CallConversationParamsSchema, CallDtmfRequestSchema, CallDtmfResultSchema, CallHangupResultSchema, CallHoldRequestSchema, CallHoldResultSchema,
  CallTransferRequestSchema, CallTransferResultSchema,
} from '../schemas/attendance-calls.js';
import type { AttendanceRoutesDeps } from './attendance.js';

const ACCESS = ['attendant', 'supervisor'] as const; // admins always pass
const TAG = 'attendance';

/**
 * The phone call of a conversation the caller holds (docs/attendance/calls.md): hold, key presses,
 * hang-up and transfer. 404 when the conversation is not in attendance, 403 when it is not in the
 * caller's queues, 409 `not_holder` when someone else holds it, 409 `no_live_call` when its call is
 * not live on this instance, 409 `transfer_refused` when the trunk refuses a REFER.
 */
export function attendanceCallRoutes(deps: AttendanceRoutesDeps) {
  const path = (action: string) => `/api/attendance/conversations/:id/call/${action}`;
  return [
    defineRoute({
      method: 'post',
      path: path('hold'),
      summary: 'Put the conversation\'s phone call on hold (the caller hears the hold music) or resume it',
      tag: TAG,
      access: ACCESS,
      params: CallConversationParamsSchema,
      body: CallHoldRequestSchema,
      response: { description: 'The call\'s hold state', schema: CallHoldResultSchema },
      errors: [403, 404, 409],
      handle: async ({ params, body, principal }) => ({ ok: true as const, ...(await deps.attendance.call.hold(principal, params.id, body.on)) }),
    }),
    defineRoute({
      method: 'post',
      path: path('dtmf'),
      summary: 'Send key presses (DTMF) to the far end of the conversation\'s phone call',
      tag: TAG,
      access: ACCESS,
      params: CallConversationParamsSchema,
      body: CallDtmfRequestSchema,
      response: { description: 'Sent', schema: CallDtmfResultSchema },
      errors: [403, 404, 409],
      handle: async ({ params, body, principal }) => ({ ok: true as const, ...(await deps.attendance.call.dtmf(principal, params.id, body.digits)) }),
    }),
    defineRoute({
      method: 'post',
      path: path('hangup'),
      summary: 'End the conversation\'s phone call (BYE)',
      tag: TAG,
      access: ACCESS,
      params: CallConversationParamsSchema,
      response: { description: 'Hung up', schema: CallHangupResultSchema },
      errors: [403, 404, 409],
      handle: async ({ params, principal }) => ({ ok: true as const, ...(await deps.attendance.call.hangUp(principal, params.id)) }),
    }),
    defineRoute({
      method: 'post',
      path: path('transfer'),
      summary: 'Transfer the conversation\'s phone call to another attendant or to a number (SIP REFER)',
      tag: TAG,
      access: ACCESS,
      params: CallConversationParamsSchema,
      body: CallTransferRequestSchema,
      response: { description: 'Transferred', schema: CallTransferResultSchema },
      errors: [403, 404, 409],
      handle: async ({ params, body, principal }) => {
        const to = 'number' in body ? { number: body.number } : { attendantId: body.attendant_id };
        return { ok: true as const, ...(await deps.attendance.call.transfer(principal, params.id, to)) };
      },
    }),
  ];
}
