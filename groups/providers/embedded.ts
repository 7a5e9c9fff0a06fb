import { groupNotFound, memberExists, memberNotFound } from '../group-error.js';
import type { GroupChanges, GroupQuery, GroupRecord, GroupRole, IdentityProvider, MemberRecord, NewGroup } from '../identity-provider.js';

/**
 * The embedded directory's store (db/groups-repo.ts): its own tables, reached only by this
 * adapter, so the groups area keeps forwarding to a provider even with nothing installed.
 */
export interface EmbeddedDirectoryStore {
  insertGroup(input: NewGroup, ownerId: string): Promise<GroupRecord>;
  updateGroup(id: string, changes: GroupChanges): Promise<GroupRecord | undefined>;
  deleteGroup(id: string): Promise<boolean>;
  findGroup(id: string): Promise<GroupRecord | undefined>;
  listGroups(query: GroupQuery): Promise<{ groups: GroupRecord[]; total: number }>;
  roleOf(groupId: string, userId: string): Promise<GroupRole | undefined>;
  listMembers(groupId: string): Promise<MemberRecord[]>;
  insertMember(groupId: string, userId: string, role: GroupRole): Promise<boolean>;
  deleteMember(groupId: string, userId: string): Promise<boolean>;
  /** Members are the service's local users. */
  userExists(userId: string): Promise<boolean>;
}

/** IDP=embedded (the default): organizations in the service's own database, members are local users. */
export function createEmbeddedProvider(store: EmbeddedDirectoryStore): IdentityProvider {
  const existing = async (id: string) => {
    const group = await store.findGroup(id);
    if (!group) throw groupNotFound(id);
    return group;
  };
  return {
    kind: 'embedded',
    createGroup: (input, ownerId) => store.insertGroup(input, ownerId),
    async updateGroup(id, changes) {
      const group = await store.updateGroup(id, changes);
      if (!group) throw groupNotFound(id);
      return group;
    },
    async deleteGroup(id) {
      if (!(await store.deleteGroup(id))) throw groupNotFound(id);
    },
    listGroups: (query) => store.listGroups(query),
    async roleOf(groupId, userId) {
      await existing(groupId);
      return store.roleOf(groupId, userId);
    },
    async listMembers(groupId) {
      await existing(groupId);
      return store.listMembers(groupId);
    },
    async addMember(groupId, userId, role) {
      await existing(groupId);
      if (!(await store.userExists(userId))) throw memberNotFound(userId);
      if (!(await store.insertMember(groupId, userId, role))) throw memberExists(userId);
    },
    async removeMember(groupId, userId) {
      await existing(groupId);
      if (!(await store.deleteMember(groupId, userId))) throw memberNotFound(userId);
    },
    close: async () => undefined,
  };
}
