import type { GroupRecord, IdentityProvider } from '../groups/index.js';

const PAGE = 100;

/** Every group the provider holds, page by page: the port lists, it does not search by name. */
export async function allGroups(idp: Pick<IdentityProvider, 'listGroups'>): Promise<GroupRecord[]> {
  const groups: GroupRecord[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const page = await idp.listGroups({ limit: PAGE, offset });
    groups.push(...page.groups);
    if (page.groups.length < PAGE || groups.length >= page.total) return groups;
  }
}
