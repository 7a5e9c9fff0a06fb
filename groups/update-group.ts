import { mayDo } from './group-access.js';
import { notAllowed } from './group-error.js';
import type { GroupActor, GroupsDeps } from './groups-deps.js';
import type { GroupChanges, GroupRecord } from './identity-provider.js';

/** Renames or re-describes a group. Its owner, a group admin or an organization admin. */
export async function updateGroup(deps: GroupsDeps, actor: GroupActor, id: string, changes: GroupChanges): Promise<GroupRecord> {
  await deps.limits('write', actor.user_id);
  const role = await deps.idp.roleOf(id, actor.user_id);
  if (!mayDo('update', { organizationAdmin: actor.organizationAdmin, role })) throw notAllowed('update this group');
  return deps.idp.updateGroup(id, changes);
}
