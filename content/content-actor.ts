import type { ContentReader } from '../db/index.js';
import { ForbiddenError } from '../infra/errors.js';

/**
 * Who is acting on content (docs/content.md, "Ownership and sharing"): the user, whether they are
 * an admin, and the groups they belong to at the identity provider (for group shares).
 */
export interface ContentActor {
  user_id: string;
  admin: boolean;
  groups: readonly string[];
}

/** The sharing fields every content record has. */
export interface SharedRecord {
  owner_id: string;
  shared_with_users: readonly string[];
  shared_with_groups: readonly string[];
}

/** Read: admins, the owner, a user the record is shared with, a member of a group it is shared with. */
export function mayRead(actor: ContentActor, record: SharedRecord): boolean {
  return actor.admin || record.owner_id === actor.user_id || record.shared_with_users.includes(actor.user_id)
    || record.shared_with_groups.some((g) => actor.groups.includes(g));
}

/** Change, replace, share: the owner and admins only; a share gives read access, never write. */
export function mayChange(actor: ContentActor, record: SharedRecord): boolean {
  return actor.admin || record.owner_id === actor.user_id;
}

export function assertMayChange(actor: ContentActor, record: SharedRecord, what: string): void {
  if (!mayChange(actor, record)) throw new ForbiddenError(`Only the owner of ${what} or an admin may change it`);
}

/** The repositories' filter for what the actor may see. */
export function readerOf(actor: ContentActor): ContentReader {
  return { user_id: actor.user_id, groups: actor.groups, all: actor.admin };
}

/** The groups a user belongs to, from the identity provider (given at the composition root). */
export type GroupsOfUser = (userId: string) => Promise<string[]>;

/** Builds the actor of a signed-in user: admins by role, groups looked up once per request. */
export function createActorResolver(groupsOf: GroupsOfUser) {
  return async (principal: { user_id: string; roles: readonly string[] }): Promise<ContentActor> => ({
    user_id: principal.user_id,
    admin: principal.roles.includes('admin'),
    groups: await groupsOf(principal.user_id),
  });
}

export type ActorResolver = ReturnType<typeof createActorResolver>;
