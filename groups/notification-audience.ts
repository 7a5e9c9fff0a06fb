import { GroupError } from './group-error.js';
import type { IdentityProvider } from './identity-provider.js';

/**
 * A group's members as broadcasts need them (docs/notifications.md, "Broadcast"): the member
 * ids, or undefined for a group the provider does not know; other provider failures propagate.
 */
export interface GroupAudience {
  members(groupId: string): Promise<string[] | undefined>;
  isMember(groupId: string, userId: string): Promise<boolean>;
}

export function createGroupAudience(idp: IdentityProvider): GroupAudience {
  async function members(groupId: string): Promise<string[] | undefined> {
    try {
      return (await idp.listMembers(groupId)).map((m) => m.user_id);
    } catch (error) {
      if (error instanceof GroupError && error.code === 'GROUP_NOT_FOUND') return undefined;
      throw error;
    }
  }
  return {
    members,
    isMember: async (groupId, userId) => (await members(groupId))?.includes(userId) ?? false,
  };
}
