import { defineRoute } from '../route.js';
import { KeptCobrowseDeletedSchema, KeptCobrowseParamsSchema, KeptCobrowseSchema } from '../schemas/attendance-cobrowse.js';
import type { AttendanceRoutesDeps } from './attendance.js';

const TAG = 'attendance';

/**
 * Kept co-browses (docs/attendance/co-browse.md, "Storage"): a bot with `cobrowse-keep-recordings`
 * keeps each co-browse's page events in its drive. Those who may see the conversation read it
 * (attendants of its queue and its holder, supervisors, admins); supervisors and admins delete it.
 * 404 `recording_not_found` when none is kept under that id.
 */
export function attendanceCobrowseRoutes(deps: AttendanceRoutesDeps) {
  const path = '/api/attendance/sessions/:session_id/cobrowse/:cobrowse_id';
  return [
    defineRoute({
      method: 'get', path, summary: 'A kept co-browse of a conversation: the page\'s events, for replay', tag: TAG, access: ['attendant', 'supervisor'] as const,
      params: KeptCobrowseParamsSchema, response: { description: 'The kept co-browse', schema: KeptCobrowseSchema }, errors: [404],
      handle: ({ params, principal }) => deps.attendance.cobrowse.recording(principal, params.session_id, params.cobrowse_id),
    }),
    defineRoute({
      method: 'delete', path, summary: 'Delete a kept co-browse (supervisors)', tag: TAG, access: ['supervisor'] as const,
      params: KeptCobrowseParamsSchema, response: { description: 'Deleted', schema: KeptCobrowseDeletedSchema }, errors: [404],
      handle: async ({ params, principal }) => {
        await deps.attendance.cobrowse.deleteRecording(principal, params.session_id, params.cobrowse_id);
        return { ok: true as const };
      },
    }),
  ];
}
