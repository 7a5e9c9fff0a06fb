import { mayDo } from './group-access.js';
import { notAllowed } from './group-error.js';
import type { GroupActor, GroupsDeps } from './groups-deps.js';
import type { GroupRecord, NewGroup } from './identity-provider.js';

/** Creates an organization at the provider, the caller its owner. Organization admins only. */
export async function createGroup(deps: GroupsDeps, actor: GroupActor, input: NewGroup): Promise<GroupRecord> {
  await deps.limits('write', actor.user_id);
  if (!mayDo('create', { organizationAdmin: actor.organizationAdmin, role: undefined })) throw notAllowed('create groups');
  return deps.idp.createGroup(input, actor.user_id);
}
