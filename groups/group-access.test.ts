import { mayDo, type GroupAction } from './group-access.js';
import type { GroupRole } from './identity-provider.js';

// The role matrix (docs/groups.md, "Who may do what"), caller by caller.
type Caller = [label: string, organizationAdmin: boolean, role: GroupRole | undefined];
const CALLERS: Caller[] = [
  ['owner', false, 'owner'], ['group admin', false, 'admin'], ['member', false, 'member'],
  ['outsider', false, undefined], ['organization admin outside the group', true, undefined],
];
const ALLOWED: Record<GroupAction, string[]> = {
  create: ['organization admin outside the group'],
  update: ['owner', 'group admin', 'organization admin outside the group'],
  delete: ['owner'],
  view_members: ['owner', 'group admin', 'member'],
  manage_members: ['owner', 'group admin'],
  manage_owners: ['owner'],
};

describe.each(Object.entries(ALLOWED) as [GroupAction, string[]][])('%s', (action, allowed) => {
  test.each(CALLERS)('%s', (label, organizationAdmin, role) => {
    expect(mayDo(action, { organizationAdmin, role })).toBe(allowed.includes(label));
  });
});
