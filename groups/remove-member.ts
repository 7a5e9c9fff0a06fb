import { mayDo } from './group-access.js';
import { notAllowed } from './group-error.js';
import type { GroupActor, GroupsDeps } from './groups-deps.js';

/** Removes a user from a group. Group admins (the owner included); only an owner removes an owner. */
export async function removeMember(deps: GroupsDeps, actor: GroupActor, id: string, userId: string): Promise<void> {
  await deps.limits('write', actor.user_id);
  const role = await deps.idp.roleOf(id, actor.user_id);
  const caller = { organizationAdmin: actor.organizationAdmin, role };
  if (!mayDo('manage_members', caller)) throw notAllowed("change this group's members");
  if (userId !== actor.user_id && !mayDo('manage_owners', caller) && (await deps.idp.roleOf(id, userId)) === 'owner') {
    throw notAllowed('remove an owner of this group');
  }
  await deps.idp.removeMember(id, userId);
}
