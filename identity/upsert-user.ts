import { ConflictError } from '../infra/errors.js';
import type { IdentityUserStore, UserRecord, UserSource } from './identity-store.js';
import { newUserRow, profileChanges, type UserProfile } from './user-profile.js';

export type UpsertAction = 'created' | 'updated' | 'unchanged';

/**
 * Creates the account a directory describes or brings the existing one up to date, so every
 * import path is idempotent (docs/migration/identity.md). The account is found by its directory
 * id, then its email, then its username; another account holding the username or email is a
 * ConflictError, never a second account.
 */
export async function upsertUser(
  deps: { users: Pick<IdentityUserStore, 'findByExternalId' | 'findByEmail' | 'findByLogin' | 'insert' | 'update'> },
  profile: UserProfile,
  source: UserSource,
): Promise<{ action: UpsertAction; user: UserRecord }> {
  const existing = (profile.external_id ? await deps.users.findByExternalId(profile.external_id) : undefined)
    ?? (await deps.users.findByEmail(profile.email))
    ?? (await deps.users.findByLogin(profile.username));
  await assertFree(deps.users, profile, existing?.id);
  if (!existing) return { action: 'created', user: await deps.users.insert(newUserRow(profile, source)) };
  const changes = profileChanges(existing, profile);
  if (Object.keys(changes).length === 0) return { action: 'unchanged', user: existing };
  const user = await deps.users.update(existing.id, changes);
  return { action: 'updated', user: user ?? existing };
}

/** The username, email and directory id must not belong to another account (ConflictError naming the field). */
export async function assertFree(users: Pick<IdentityUserStore, 'findByExternalId' | 'findByEmail' | 'findByLogin'>, profile: UserProfile, ownId: string | undefined) {
  const holders: [string, UserRecord | undefined][] = [
    ['email', await users.findByEmail(profile.email)],
    ['username', await users.findByLogin(profile.username)],
    ['external_id', profile.external_id ? await users.findByExternalId(profile.external_id) : undefined],
  ];
  for (const [field, holder] of holders) {
    if (holder && holder.id !== ownId) throw new ConflictError(`Another user already has this ${field}`, 'user_exists', { field });
  }
}
