import type { AttendanceApi } from '../../attendance/index.js';
import { defineRoute } from '../route.js';
import { InsightsQuerySchema } from '../schemas/attendance-insights.js';
import { DeletedSchema, QueueParamsSchema } from '../schemas/attendance-queues.js';
import {
  CreateSlaPolicyRequestSchema, QueueHoursRequestSchema, QueueHoursSchema, SlaAttainmentSchema, SlaClockListSchema, SlaPolicyListSchema,
  SlaPolicyParamsSchema, SlaPolicySchema, UpdateSlaPolicyRequestSchema,
} from '../schemas/attendance-sla.js';

/** What the business-hours and SLA routes need. */
export interface AttendanceSlaRoutesDeps {
  attendance: Pick<AttendanceApi, 'hours' | 'sla'>;
}

const READERS = ['attendant', 'supervisor'] as const; // admins always pass
const EDITORS = ['supervisor'] as const;
const TAG = 'attendance';

type PolicyRow = Awaited<ReturnType<AttendanceApi['sla']['policies']>>[number];
const policyJson = (p: PolicyRow) => ({ ...p, created_at: p.created_at.toISOString(), updated_at: p.updated_at.toISOString() });
const defined = <T extends Record<string, unknown>>(o: T) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;

/**
 * Queues' business hours and automatic replies (docs/attendance/business-hours.md), SLA policies,
 * the running SLA clocks and their attainment (docs/attendance/sla.md).
 */
export function attendanceSlaRoutes(deps: AttendanceSlaRoutesDeps) {
  const { hours, sla } = deps.attendance;
  return [
    defineRoute({
      method: 'get',
      path: '/api/attendance/queues/:id/hours',
      summary: "A queue's business hours and automatic replies, and whether it is open now",
      tag: TAG,
      access: READERS,
      params: QueueParamsSchema,
      response: { description: 'The hours', schema: QueueHoursSchema },
      errors: [404],
      handle: ({ params, principal }) => hours.get(principal, params.id),
    }),
    defineRoute({
      method: 'put',
      path: '/api/attendance/queues/:id/hours',
      summary: "Set a queue's business hours, what happens when it is closed or unstaffed, and its automatic replies",
      tag: TAG,
      access: EDITORS,
      params: QueueParamsSchema,
      body: QueueHoursRequestSchema,
      response: { description: 'The hours', schema: QueueHoursSchema },
      errors: [404],
      handle: ({ params, body }) => hours.put(params.id, body),
    }),
    defineRoute({
      method: 'get',
      path: '/api/attendance/sla/policies',
      summary: 'SLA policies, by name',
      tag: TAG,
      access: READERS,
      response: { description: 'Policies', schema: SlaPolicyListSchema },
      handle: async () => (await sla.policies()).map(policyJson),
    }),
    defineRoute({
      method: 'post',
      path: '/api/attendance/sla/policies',
      summary: 'Create an SLA policy for a queue and/or customer tier',
      tag: TAG,
      access: EDITORS,
      body: CreateSlaPolicyRequestSchema,
      status: 201,
      response: { description: 'The policy', schema: SlaPolicySchema },
      errors: [404, 409],
      handle: async ({ body }) => policyJson(await sla.createPolicy({
        name: body.name, queue_id: body.queue_id ?? null, tier: body.tier ?? null, first_response_seconds: body.first_response_seconds ?? null,
        resolution_seconds: body.resolution_seconds ?? null, ...(body.business_hours === undefined ? {} : { business_hours: body.business_hours }),
      })),
    }),
    defineRoute({
      method: 'put',
      path: '/api/attendance/sla/policies/:id',
      summary: 'Change some fields of an SLA policy (running clocks keep their targets)',
      tag: TAG,
      access: EDITORS,
      params: SlaPolicyParamsSchema,
      body: UpdateSlaPolicyRequestSchema,
      response: { description: 'The policy', schema: SlaPolicySchema },
      errors: [404, 409],
      handle: async ({ params, body }) => policyJson(await sla.updatePolicy(params.id, defined(body))),
    }),
    defineRoute({
      method: 'delete',
      path: '/api/attendance/sla/policies/:id',
      summary: 'Delete an SLA policy',
      tag: TAG,
      access: EDITORS,
      params: SlaPolicyParamsSchema,
      response: { description: 'Deleted', schema: DeletedSchema },
      errors: [404],
      handle: async ({ params }) => {
        await sla.deletePolicy(params.id);
        return { ok: true as const };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/attendance/sla/clocks',
      summary: "Running SLA clocks of the conversations and tickets the caller sees (the console's live timers)",
      tag: TAG,
      access: READERS,
      response: { description: 'Clocks, soonest due first', schema: SlaClockListSchema },
      handle: ({ principal }) => sla.clocks(principal),
    }),
    defineRoute({
      method: 'get',
      path: '/api/attendance/insights/sla',
      summary: 'SLA attainment per queue and per attendant over a time window',
      tag: TAG,
      access: EDITORS,
      query: InsightsQuerySchema,
      response: { description: 'Finished clocks, met and breached, per queue and attendant', schema: SlaAttainmentSchema },
      handle: ({ query }) => sla.attainment({
        ...(query.bot_id ? { botId: query.bot_id } : {}),
        ...(query.from ? { from: new Date(query.from) } : {}),
        ...(query.to ? { to: new Date(query.to) } : {}),
      }),
    }),
  ];
}
