import { mayDo } from './group-access.js';
import { notAllowed } from './group-error.js';
import type { GroupActor, GroupsDeps } from './groups-deps.js';

/** Deletes a group at the provider. Its owner only. */
export async function deleteGroup(deps: GroupsDeps, actor: GroupActor, id: string): Promise<void> {
  await deps.limits('write', actor.user_id);
  const role = await deps.idp.roleOf(id, actor.user_id);
  if (!mayDo('delete', { organizationAdmin: actor.organizationAdmin, role })) throw notAllowed('delete this group');
  await deps.idp.deleteGroup(id);
}
