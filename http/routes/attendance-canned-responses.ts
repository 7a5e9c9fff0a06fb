import type { AttendanceApi } from '../../attendance/index.js';
import { defineRoute } from '../route.js';
import {
  CannedResponseDeletedSchema, CannedResponseListQuerySchema, CannedResponseListSchema, CannedResponseParamsSchema, CannedResponseSchema,
  CreateCannedResponseRequestSchema, UpdateCannedResponseRequestSchema,
} from '../schemas/canned-responses.js';

const ACCESS = ['attendant', 'supervisor'] as const; // admins always pass
const TAG = 'attendance';

/** `/api/attendance/canned-responses`: the console's canned responses (attendance/canned-responses/). */
export function attendanceCannedResponseRoutes(deps: { attendance: Pick<AttendanceApi, 'cannedResponses'> }) {
  const canned = deps.attendance.cannedResponses;
  return [
    defineRoute({
      method: 'get',
      path: '/api/attendance/canned-responses',
      summary: 'The team\'s canned responses and the caller\'s own, by shortcut',
      tag: TAG,
      access: ACCESS,
      query: CannedResponseListQuerySchema,
      response: { description: 'Canned responses', schema: CannedResponseListSchema },
      errors: [404],
      handle: async ({ query, principal }) => ({ canned_responses: await canned.list(principal, query.bot) }),
    }),
    defineRoute({
      method: 'post',
      path: '/api/attendance/canned-responses',
      summary: 'Create a canned response: the caller\'s own, or the team\'s (supervisors)',
      tag: TAG,
      access: ACCESS,
      body: CreateCannedResponseRequestSchema,
      status: 201,
      response: { description: 'Created', schema: CannedResponseSchema },
      errors: [404, 409],
      handle: ({ body, principal }) => canned.create(principal, body),
    }),
    defineRoute({
      method: 'put',
      path: '/api/attendance/canned-responses/:id',
      summary: 'Change a canned response (its owner; supervisors for the team\'s)',
      tag: TAG,
      access: ACCESS,
      params: CannedResponseParamsSchema,
      body: UpdateCannedResponseRequestSchema,
      response: { description: 'Changed', schema: CannedResponseSchema },
      errors: [404, 409],
      handle: ({ params, body, principal }) => canned.update(principal, params.id, body),
    }),
    defineRoute({
      method: 'delete',
      path: '/api/attendance/canned-responses/:id',
      summary: 'Delete a canned response (its owner; supervisors for the team\'s)',
      tag: TAG,
      access: ACCESS,
      params: CannedResponseParamsSchema,
      response: { description: 'Deleted', schema: CannedResponseDeletedSchema },
      errors: [404],
      handle: async ({ params, principal }) => {
        await canned.delete(principal, params.id);
        return { ok: true as const };
      },
    }),
  ];
}
