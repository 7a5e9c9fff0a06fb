import type { QueueMemberView, QueueRow, QueueWithMembers } from '../../attendance/index.js';
import { defineRoute } from '../route.js';
import {
  AddQueueMemberRequestSchema, CreateQueueRequestSchema, DeletedSchema, QueueListSchema, QueueMemberListSchema, QueueMemberParamsSchema,
  QueueMemberSchema, QueueParamsSchema, QueueWithMembersSchema, UpdateQueueRequestSchema,
} from '../schemas/attendance-queues.js';
import type { AttendanceRoutesDeps } from './attendance.js';

const READERS = ['attendant', 'supervisor'] as const; // admins always pass
const EDITORS = ['supervisor'] as const;
const TAG = 'attendance';

/**
 * Queues and their members over REST. Supervisors and admins
 * create and change them; attendants read the queues they are members of.
 */
export function attendanceQueueRoutes(deps: AttendanceRoutesDeps) {
  const queues = deps.attendance.queues;
  return [
    defineRoute({
      method: 'post',
      path: '/api/attendance/queues',
      summary: 'Create a queue; user_ids become members with the default settings',
      tag: TAG,
      access: EDITORS,
      body: CreateQueueRequestSchema,
      status: 201,
      response: { description: 'The queue and its members', schema: QueueWithMembersSchema },
      errors: [404],
      handle: async ({ body, principal }) => {
        const { user_ids: userIds, ...queue } = body;
        return withMembers(await queues.create({ actor: principal, queue, ...(userIds ? { userIds } : {}) }));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/attendance/queues',
      summary: 'Queues with member counts: all for supervisors and admins, their own for attendants',
      tag: TAG,
      access: READERS,
      response: { description: 'Queues in assignment order', schema: QueueListSchema },
      handle: async ({ principal }) => (await queues.list(principal)).map((q) => ({ ...queueJson(q), member_count: q.member_count })),
    }),
    defineRoute({
      method: 'get',
      path: '/api/attendance/queues/:id',
      summary: 'One queue with its members',
      tag: TAG,
      access: READERS,
      params: QueueParamsSchema,
      response: { description: 'The queue and its members', schema: QueueWithMembersSchema },
      errors: [404],
      handle: async ({ params, principal }) => withMembers(await queues.get(principal, params.id)),
    }),
    defineRoute({
      method: 'put',
      path: '/api/attendance/queues/:id',
      summary: 'Change some fields of a queue',
      tag: TAG,
      access: EDITORS,
      params: QueueParamsSchema,
      body: UpdateQueueRequestSchema,
      response: { description: 'The queue and its members', schema: QueueWithMembersSchema },
      errors: [404],
      handle: async ({ params, body }) => withMembers(await queues.update(params.id, body)),
    }),
    defineRoute({
      method: 'delete',
      path: '/api/attendance/queues/:id',
      summary: 'Delete a queue that holds no open conversation',
      tag: TAG,
      access: EDITORS,
      params: QueueParamsSchema,
      response: { description: 'Deleted', schema: DeletedSchema },
      errors: [404, 409],
      handle: async ({ params }) => {
        await queues.delete(params.id);
        return { ok: true as const };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/attendance/queues/:id/members',
      summary: 'Add a member (201), or update the settings of an existing one (200)',
      tag: TAG,
      access: EDITORS,
      params: QueueParamsSchema,
      body: AddQueueMemberRequestSchema,
      status: 201,
      response: { description: 'The membership', schema: QueueMemberSchema },
      errors: [404],
      handle: async ({ params, body, res }) => {
        const { user_id: userId, ...settings } = body;
        const { member, created } = await queues.addMember({ queueId: params.id, userId, ...settings });
        res.status(created ? 201 : 200).json(memberJson(member));
        return undefined;
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/attendance/queues/:id/members',
      summary: 'The members of a queue, preferred first',
      tag: TAG,
      access: READERS,
      params: QueueParamsSchema,
      response: { description: 'Memberships', schema: QueueMemberListSchema },
      errors: [404],
      handle: async ({ params, principal }) => (await queues.get(principal, params.id)).members.map(memberJson),
    }),
    defineRoute({
      method: 'delete',
      path: '/api/attendance/queues/:id/members/:user_id',
      summary: 'Remove a member; conversations they hold stay with them',
      tag: TAG,
      access: EDITORS,
      params: QueueMemberParamsSchema,
      response: { description: 'Removed', schema: DeletedSchema },
      errors: [404],
      handle: async ({ params }) => {
        await queues.removeMember({ queueId: params.id, userId: params.user_id });
        return { ok: true as const };
      },
    }),
  ];
}

function queueJson(q: QueueRow) {
  return {
    id: q.id, name: q.name, description: q.description, channels: q.channels, is_active: q.is_active, priority_order: q.priority_order,
    max_wait_seconds: q.max_wait_seconds, auto_assign: q.auto_assign, required_skills: q.required_skills, bot_id: q.bot_id, created_by: q.created_by,
    created_at: q.created_at.toISOString(), updated_at: q.updated_at.toISOString(),
  };
}

function memberJson(m: QueueMemberView) {
  return {
    id: m.id, queue_id: m.queue_id, user_id: m.user_id, username: m.username, name: m.name, is_active: m.is_active,
    max_conversations: m.max_conversations, priority: m.priority, created_at: m.created_at.toISOString(),
  };
}

function withMembers({ queue, members }: QueueWithMembers) {
  return { ...queueJson(queue), members: members.map(memberJson) };
}

