import type { UserRow, UsersRepo } from '../db/index.js';

/** A local user as auth and its callers see it. */
export type UserRecord = UserRow;

/**
 * What auth's use cases and the user routes need of the users' store: a narrow view of the
 * users repository, built once at the composition root (docs/architecture.md).
 */
export type UserDirectory = Pick<UsersRepo, 'findByLogin' | 'findByUsernameOrEmail' | 'findById' | 'insert' | 'list' | 'setPassword' | 'delete'>;
