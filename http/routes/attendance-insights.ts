import type { AttendanceApi } from '../../attendance/index.js';
import { defineRoute } from '../route.js';
import { CrmLogListSchema, CrmLogQuerySchema, InsightsQuerySchema, InsightsSchema } from '../schemas/attendance-insights.js';

/** What the insights and CRM log routes need. */
export interface AttendanceInsightsRoutesDeps {
  attendance: Pick<AttendanceApi, 'insights' | 'crmLog'>;
}

const ACCESS = ['supervisor'] as const; // admins always pass; attendants are not shown the team's numbers
const TAG = 'attendance';

/**
 * Supervisors' read side of attendance: the KPIs over a window,
 * and the CRM attendance log of a contact or session.
 */
export function attendanceInsightsRoutes(deps: AttendanceInsightsRoutesDeps) {
  return [
    defineRoute({
      method: 'get',
      path: '/api/attendance/insights',
      summary: 'Attendance KPIs over a time window, computed from the attendance event log',
      tag: TAG,
      access: ACCESS,
      query: InsightsQuerySchema,
      response: { description: 'Metrics, their targets, and the counts behind the rates', schema: InsightsSchema },
      handle: ({ query }) => deps.attendance.insights({
        ...(query.bot_id ? { botId: query.bot_id } : {}),
        ...(query.from ? { from: new Date(query.from) } : {}),
        ...(query.to ? { to: new Date(query.to) } : {}),
      }),
    }),
    defineRoute({
      method: 'get',
      path: '/api/attendance/crm-log',
      summary: 'The CRM attendance log of a contact or a session, newest first',
      tag: TAG,
      access: ACCESS,
      query: CrmLogQuerySchema,
      response: { description: 'Log entries', schema: CrmLogListSchema },
      handle: ({ query }) => deps.attendance.crmLog(query),
    }),
  ];
}
