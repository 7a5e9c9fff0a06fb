import { mayDo } from './group-access.js';
import { notAllowed } from './group-error.js';
import type { GroupActor, GroupsDeps } from './groups-deps.js';
import type { MemberRecord } from './identity-provider.js';

/** The members of a group, for its members. */
export async function listMembers(deps: GroupsDeps, actor: GroupActor, id: string): Promise<MemberRecord[]> {
  await deps.limits('read', actor.user_id);
  const role = await deps.idp.roleOf(id, actor.user_id);
  if (!mayDo('view_members', { organizationAdmin: actor.organizationAdmin, role })) throw notAllowed("see this group's members");
  return deps.idp.listMembers(id);
}
