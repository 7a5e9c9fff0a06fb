import { defineRoute } from '../route.js';
import { SessionParamsSchema } from '../schemas/attendance.js';
import { CustomerNotesRequestSchema, CustomerViewSchema } from '../schemas/attendance-customer.js';
import type { AttendanceRoutesDeps } from './attendance.js';

const ACCESS = ['attendant', 'supervisor'] as const; // admins always pass
const TAG = 'attendance';

/**
 * The customer of a conversation as attendants see it (docs/crm.md, "What attendants see"): the
 * fields of the bot's `attendance-customer-fields`, and the tags and note attendants keep on the
 * CRM contact.
 */
export function attendanceCustomerRoutes(deps: AttendanceRoutesDeps) {
  return [
    defineRoute({
      method: 'get',
      path: '/api/attendance/sessions/:session_id/customer',
      summary: 'The customer of a conversation: display name, the configured customer and campaign fields, tags and note',
      tag: TAG,
      access: ACCESS,
      params: SessionParamsSchema,
      response: { description: 'The customer', schema: CustomerViewSchema },
      errors: [404],
      handle: ({ params, principal }) => deps.attendance.customer.view(principal, params.session_id),
    }),
    defineRoute({
      method: 'patch',
      path: '/api/attendance/sessions/:session_id/customer',
      summary: 'Tag the customer of a conversation or write the note on them; a conversation without a CRM contact gets one, linked to it',
      tag: TAG,
      access: ACCESS,
      params: SessionParamsSchema,
      body: CustomerNotesRequestSchema,
      response: { description: 'The customer after the change', schema: CustomerViewSchema },
      errors: [404],
      handle: ({ params, body, principal }) => deps.attendance.customer.edit({
        actor: principal, sessionId: params.session_id,
        ...(body.tags !== undefined ? { tags: body.tags } : {}), ...(body.note !== undefined ? { note: body.note } : {}),
      }),
    }),
  ];
}
