import type SCIMMY from 'scimmy';
import { GroupError, type GroupRecord } from '../../groups/index.js';
import { allGroups } from '../all-groups.js';
import { scimError, type ScimContext } from './scim-context.js';

type GroupResource = InstanceType<typeof SCIMMY.Resources.Group>;

async function toScimGroup(ctx: ScimContext, group: GroupRecord): Promise<Record<string, unknown>> {
  const members = await ctx.groups.listMembers(group.id);
  return {
    id: group.id,
    displayName: group.name,
    members: members.map((m) => ({ value: m.user_id, display: m.username, type: 'User' })),
    meta: { created: group.created_at, lastModified: group.updated_at },
  };
}

async function findGroup(ctx: ScimContext, id: string): Promise<GroupRecord> {
  const group = (await allGroups(ctx.groups)).find((g) => g.id === id);
  if (!group) throw scimError(404, null, `Resource ${id} not found`);
  return group;
}

/** The groups area's failures as SCIM errors: an unknown member is an invalid value. */
async function scimErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof GroupError)) throw error;
    switch (error.code) {
      case 'GROUP_NOT_FOUND': throw scimError(404, null, error.message);
      case 'MEMBER_NOT_FOUND': throw scimError(400, 'invalidValue', error.message);
      case 'MEMBER_EXISTS': throw scimError(409, 'uniqueness', error.message);
      case 'UNAUTHORIZED':
      case 'IDP_ERROR': throw scimError(500, null, error.message);
    }
  }
}

/** GET: one group, or those the filter selects (Entra ID and Okta ask `displayName eq "…"`), with their members. */
export async function readGroups(resource: GroupResource, ctx: ScimContext): Promise<Record<string, unknown>[]> {
  return scimErrors(async () => {
    if (resource.id) return [await toScimGroup(ctx, await findGroup(ctx, resource.id))];
    const all = await Promise.all((await allGroups(ctx.groups)).map((g) => toScimGroup(ctx, g)));
    return resource.filter ? resource.filter.match(all) : all;
  });
}

/**
 * POST, PUT and PATCH (after scimmy applied the operations): the group is created with its first
 * member (or the oldest admin) as owner, as the groups area requires one; then its name and
 * members are brought to what the client sent.
 */
export async function writeGroup(resource: GroupResource, instance: Record<string, unknown>, ctx: ScimContext): Promise<Record<string, unknown>> {
  const name = String(instance.displayName ?? '').trim();
  if (!name) throw scimError(400, 'invalidValue', 'displayName is required');
  const wanted = [...new Set(((instance.members as { value?: string }[] | undefined) ?? []).map((m) => m.value).filter((v): v is string => !!v))];
  return scimErrors(async () => {
    // Members are the directory's own accounts (a tenant's SCIM client sees only its tenant's, docs/operations/tenants.md, "Identity").
    for (const userId of wanted) if (!(await ctx.users.findById(userId))) throw scimError(400, 'invalidValue', `User ${userId} does not exist`);
    let group: GroupRecord;
    if (resource.id) {
      group = await findGroup(ctx, resource.id);
      if (group.name !== name) group = await ctx.groups.updateGroup(group.id, { name });
    } else {
      const owner = wanted[0] ?? (await ctx.defaultOwner());
      if (!owner) throw scimError(400, 'invalidValue', 'A group needs a member to own it and no admin user exists');
      group = await ctx.groups.createGroup({ name, description: '', domain: '' }, owner);
    }
    const current = new Set((await ctx.groups.listMembers(group.id)).map((m) => m.user_id));
    const creatorOwner = resource.id ? undefined : [...current][0];
    for (const userId of wanted) if (!current.has(userId)) await ctx.groups.addMember(group.id, userId, 'member');
    for (const userId of current) {
      if (!wanted.includes(userId) && userId !== creatorOwner) await ctx.groups.removeMember(group.id, userId);
    }
    return toScimGroup(ctx, group);
  });
}

export async function deleteGroup(resource: GroupResource, ctx: ScimContext): Promise<void> {
  await scimErrors(() => ctx.groups.deleteGroup(resource.id!));
}
