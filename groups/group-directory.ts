import type { IdentityProvider } from './identity-provider.js';

/**
 * What other areas (notification broadcasts) may ask of groups: the user ids of a group's
 * members, straight from the identity provider, with no role check of a caller.
 */
export interface GroupDirectory {
  /** Member user ids; GROUP_NOT_FOUND (a `GroupError`) for an unknown group, IDP_ERROR when the provider fails. */
  listMemberIds(groupId: string): Promise<string[]>;
}

export function createGroupDirectory(idp: IdentityProvider): GroupDirectory {
  return { listMemberIds: async (groupId) => (await idp.listMembers(groupId)).map((m) => m.user_id) };
}
