import type SCIMMY from 'scimmy';
import { ConflictError } from '../../infra/errors.js';
import type { UserRecord } from '../identity-store.js';
import { assertFree } from '../upsert-user.js';
import { newUserRow, profileChanges } from '../user-profile.js';
import { equalityMatches, scimError, type ScimContext } from './scim-context.js';
import { profileFromScim, toScimUser } from './scim-user-mapping.js';

type UserResource = InstanceType<typeof SCIMMY.Resources.User>;

// The filters provisioning clients send (Entra ID, Okta): `userName eq`, `externalId eq`, `displayName eq`, `id eq`.
const FILTER_FIELDS = { username: 'username', externalid: 'external_id', displayname: 'display_name', id: 'id' } as const;

/** GET: one user by id, or the users the filter selects (exact matches in the database, anything else in memory). */
export async function readUsers(resource: UserResource, ctx: ScimContext): Promise<Record<string, unknown>[]> {
  if (resource.id) {
    const user = await ctx.users.findById(resource.id);
    if (!user) throw scimError(404, null, `Resource ${resource.id} not found`);
    return [toScimUser(user)];
  }
  const matches = equalityMatches(resource.filter, FILTER_FIELDS);
  if (matches) {
    const found = new Map<string, UserRecord>();
    for (const m of matches) {
      const { id, ...rest } = m;
      for (const user of await ctx.users.match({ ...rest, ...(id !== undefined ? { ids: [id] } : {}) })) found.set(user.id, user);
    }
    return [...found.values()].map(toScimUser);
  }
  const all = (await ctx.users.match({})).map(toScimUser);
  return resource.filter ? resource.filter.match(all) : all;
}

/** POST and PUT (and PATCH, after scimmy applied the operations): creates or replaces the account. */
export async function writeUser(resource: UserResource, instance: Record<string, unknown>, ctx: ScimContext): Promise<Record<string, unknown>> {
  const parsed = profileFromScim(instance);
  if (!parsed.success) throw scimError(400, 'invalidValue', parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
  const profile = parsed.data;
  try {
    if (!resource.id) {
      await assertFree(ctx.users, profile, undefined);
      return toScimUser(await ctx.users.insert(newUserRow(profile, 'scim')));
    }
    const existing = await ctx.users.findById(resource.id);
    if (!existing) throw scimError(404, null, `Resource ${resource.id} not found`);
    await assertFree(ctx.users, profile, existing.id);
    const changes = profileChanges(existing, profile);
    const updated = Object.keys(changes).length ? await ctx.users.update(existing.id, changes) : existing;
    return toScimUser(updated ?? existing);
  } catch (error) {
    if (error instanceof ConflictError) throw scimError(409, 'uniqueness', error.message);
    throw error;
  }
}

/**
 * DELETE: removes the account; one that other records still point at (conversations, tickets)
 * cannot go, so it is deactivated instead and keeps its history (docs/migration/identity.md).
 */
export async function deleteUser(resource: UserResource, ctx: ScimContext): Promise<void> {
  const id = resource.id!;
  if (!(await ctx.users.findById(id))) throw scimError(404, null, `Resource ${id} not found`);
  try {
    await ctx.users.delete(id);
  } catch {
    await ctx.users.update(id, { is_active: false });
  }
}
