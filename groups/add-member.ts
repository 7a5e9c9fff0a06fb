import { mayDo } from './group-access.js';
import { notAllowed } from './group-error.js';
import type { GroupActor, GroupsDeps } from './groups-deps.js';
import type { GroupRole } from './identity-provider.js';

/** Adds a user to a group with a role. Group admins (the owner included); only an owner adds owners. */
export async function addMember(deps: GroupsDeps, actor: GroupActor, id: string, member: { user_id: string; role: GroupRole }): Promise<void> {
  await deps.limits('write', actor.user_id);
  const role = await deps.idp.roleOf(id, actor.user_id);
  const caller = { organizationAdmin: actor.organizationAdmin, role };
  if (!mayDo('manage_members', caller)) throw notAllowed("change this group's members");
  if (member.role === 'owner' && !mayDo('manage_owners', caller)) throw notAllowed('make owners of this group');
  await deps.idp.addMember(id, member.user_id, member.role);
}
