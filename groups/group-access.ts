import type { GroupRole } from './identity-provider.js';

/** The operations the role matrix gates (docs/groups.md, "Who may do what"). */
export type GroupAction = 'create' | 'update' | 'delete' | 'view_members' | 'manage_members' | 'manage_owners';

/** Who is asking: the organization admin flag (local `admin` role) and their role in the group. */
export interface GroupCaller {
  organizationAdmin: boolean;
  role: GroupRole | undefined;
}

/**
 * The role matrix (docs/groups.md, "Who may do what") as one pure rule: create needs an organization admin; update the
 * group's owner or an admin; delete its owner; viewing members any member; adding and removing
 * members a group admin (the owner included). Adding or removing an owner takes an owner, so a
 * group admin cannot hand out the right to delete the group.
 */
export function mayDo(action: GroupAction, caller: GroupCaller): boolean {
  switch (action) {
    case 'create':
      return caller.organizationAdmin;
    case 'update':
      return caller.organizationAdmin || caller.role === 'owner' || caller.role === 'admin';
    case 'delete':
      return caller.role === 'owner';
    case 'view_members':
      return caller.role !== undefined;
    case 'manage_members':
      return caller.role === 'owner' || caller.role === 'admin';
    case 'manage_owners':
      return caller.role === 'owner';
  }
}
