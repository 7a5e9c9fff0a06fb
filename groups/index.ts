/**
 * Groups (docs/groups.md): organizations at an external identity provider. The use cases check
 * the role matrix and the limits, then forward to the `IdentityProvider` port; nothing is stored here.
 */
export { GROUP_ROLES, type GroupRole, type GroupRecord, type MemberRecord, type NewGroup, type GroupChanges, type GroupQuery, type IdentityProvider } from './identity-provider.js';
export { GroupError, GROUP_ERROR_CODES, type GroupErrorCode } from './group-error.js';
export { mayDo, type GroupAction, type GroupCaller } from './group-access.js';
export { createGroupLimits, GROUP_READ_LIMIT, GROUP_WRITE_LIMIT, type GroupLimits } from './group-limits.js';
export type { GroupsDeps, GroupActor } from './groups-deps.js';
export { createGroup } from './create-group.js';
export { updateGroup } from './update-group.js';
export { deleteGroup } from './delete-group.js';
export { listGroups } from './list-groups.js';
export { listMembers } from './list-members.js';
export { addMember } from './add-member.js';
export { removeMember } from './remove-member.js';
export { createGroupDirectory, type GroupDirectory } from './group-directory.js';
export { createGroupAudience, type GroupAudience } from './notification-audience.js';
export { createIdentityProvider, type IdentityProviderSettings } from './providers/index.js';
export type { EmbeddedDirectoryStore } from './providers/embedded.js';
