import type { GroupActor, GroupsDeps } from './groups-deps.js';
import type { GroupRecord } from './identity-provider.js';

/** A page of the groups the caller may see: organization admins see all, everyone else their own. */
export async function listGroups(
  deps: GroupsDeps,
  actor: GroupActor,
  page: { limit: number; offset: number },
): Promise<{ groups: GroupRecord[]; total: number }> {
  await deps.limits('read', actor.user_id);
  return deps.idp.listGroups({ ...page, ...(actor.organizationAdmin ? {} : { memberOf: actor.user_id }) });
}
