import { mayDo } from './group-access.js';
import { notAllowed } from './group-error.js';
import type { GroupActor, GroupsDeps } from './groups-deps.js';

/** Removes a user from a group. Group admins (the owner included). */
export async function removeMember(deps: GroupsDeps, actor: GroupActor, id: string, userId: string): Promise<void> {
  await deps.limits('write', actor.user_id);
  const role = await deps.idp.roleOf(id, actor.user_id);
  if (!mayDo('manage_members', { organizationAdmin: actor.organizationAdmin, role })) throw notAllowed("change this group's members");
  await deps.idp.removeMember(id, userId);
}
