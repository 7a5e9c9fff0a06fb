import { defineRoute } from '../route.js';
import { KanbanBoardSchema, KanbanMoveRequestSchema, KanbanMoveResultSchema, KanbanQuerySchema } from '../schemas/attendance.js';
import type { AttendanceRoutesDeps } from './attendance.js';

const ACCESS = ['attendant', 'supervisor'] as const; // admins always pass
const TAG = 'attendance';

/**
 * The kanban board: queue items grouped by column, and moves that
 * have the same effects as the commands.
 */
export function attendanceKanbanRoutes(deps: AttendanceRoutesDeps) {
  return [
    defineRoute({
      method: 'get',
      path: '/api/attendance/kanban',
      summary: 'Queue items the caller may see, grouped in the columns new, active, pending and resolved',
      tag: TAG,
      access: ACCESS,
      query: KanbanQuerySchema,
      response: { description: 'The board', schema: KanbanBoardSchema },
      errors: [404],
      handle: ({ query, principal }) => deps.attendance.kanban.board({ actor: principal, ...(query.bot_id ? { botId: query.bot_id } : {}) }),
    }),
    defineRoute({
      method: 'put',
      path: '/api/attendance/kanban/move',
      summary: 'Move a card: take, resolve or send back to the queue, as the matching command would',
      tag: TAG,
      access: ACCESS,
      body: KanbanMoveRequestSchema,
      response: { description: 'Where the card is now', schema: KanbanMoveResultSchema },
      errors: [404, 409],
      handle: async ({ body, principal }) => {
        const moved = await deps.attendance.kanban.move({ actor: principal, sessionId: body.session_id, from: body.from_status, to: body.to_status });
        return { ok: true as const, ...moved };
      },
    }),
  ];
}
