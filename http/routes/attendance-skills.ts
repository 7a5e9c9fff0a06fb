import { defineRoute } from '../route.js';
import {
  AttendantSkillsParamsSchema, AttendantSkillsSchema, SetAttendantSkillsRequestSchema, SkillsOverviewSchema,
} from '../schemas/attendance-skills.js';
import type { AttendanceRoutesDeps } from './attendance.js';

const EDITORS = ['supervisor'] as const; // admins always pass
const TAG = 'attendance';

/**
 * Skills-based routing over REST (docs/attendance/skills-routing.md): supervisors and admins see
 * who knows what and set attendants' skills. A queue's required skills are a field of the queue
 * (`required_skills` in POST and PUT /api/attendance/queues).
 */
export function attendanceSkillRoutes(deps: AttendanceRoutesDeps) {
  const skills = deps.attendance.skills;
  return [
    defineRoute({
      method: 'get',
      path: '/api/attendance/skills',
      summary: "Attendants' skills, queues' required skills and every skill name in use",
      tag: TAG,
      access: EDITORS,
      response: { description: 'The skills overview', schema: SkillsOverviewSchema },
      handle: async () => skills.overview(),
    }),
    defineRoute({
      method: 'put',
      path: '/api/attendance/attendants/:user_id/skills',
      summary: "Replace an attendant's skills (name, level 1–5); what waits for them is handed out afterwards",
      tag: TAG,
      access: EDITORS,
      params: AttendantSkillsParamsSchema,
      body: SetAttendantSkillsRequestSchema,
      response: { description: "The attendant's skills as stored", schema: AttendantSkillsSchema },
      errors: [404],
      handle: async ({ params, body }) => skills.setAttendant({ userId: params.user_id, skills: body.skills }),
    }),
  ];
}
