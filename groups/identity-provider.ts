/**
 * The identity-provider port (docs/groups.md): groups are organizations kept by an external
 * identity provider, and every group operation is forwarded to one of its adapters
 * (`providers/`). The service stores no group data itself; the embedded adapter is a directory of
 * its own behind this same port.
 */

/** A member's role in one group, as each adapter maps its provider's roles (docs/groups.md). */
export const GROUP_ROLES = ['owner', 'admin', 'member'] as const;
export type GroupRole = (typeof GROUP_ROLES)[number];

/** A group as the provider reports it. */
export interface GroupRecord {
  id: string;
  name: string;
  description: string;
  domain: string;
  member_count: number;
  created_at: Date;
  updated_at: Date;
}

/** One member of a group, with the user's name and address as the provider knows them. */
export interface MemberRecord {
  user_id: string;
  username: string;
  email: string;
  role: GroupRole;
  joined_at: Date;
}

export interface NewGroup {
  name: string;
  description: string;
  domain: string;
}

export interface GroupChanges {
  name?: string;
  description?: string;
}

/** Which groups to list: a page of all of them, or of those `member` belongs to. */
export interface GroupQuery {
  limit: number;
  offset: number;
  memberOf?: string;
}

/**
 * What every adapter does, each checked by the one contract suite
 * (test/integration/identity-provider-contract.test.ts). Failures are `GroupError`s:
 * GROUP_NOT_FOUND for an unknown group id, MEMBER_EXISTS / MEMBER_NOT_FOUND for memberships,
 * IDP_ERROR when the provider is down, slow or answers something unexpected.
 */
export interface IdentityProvider {
  /** `embedded`, `keycloak`, `zitadel` or `ldap`, for logs. */
  readonly kind: string;
  /** Creates the group with `ownerId` as its owner. */
  createGroup(input: NewGroup, ownerId: string): Promise<GroupRecord>;
  updateGroup(id: string, changes: GroupChanges): Promise<GroupRecord>;
  deleteGroup(id: string): Promise<void>;
  listGroups(query: GroupQuery): Promise<{ groups: GroupRecord[]; total: number }>;
  /** The user's role in the group, undefined when not a member; GROUP_NOT_FOUND for an unknown group. */
  roleOf(groupId: string, userId: string): Promise<GroupRole | undefined>;
  listMembers(groupId: string): Promise<MemberRecord[]>;
  addMember(groupId: string, userId: string, role: GroupRole): Promise<void>;
  removeMember(groupId: string, userId: string): Promise<void>;
  /** Releases connections (LDAP). */
  close(): Promise<void>;
}
