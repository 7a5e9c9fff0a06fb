import type { UserRecord } from '../auth/index.js';
import type { UserChanges, UserMatch, UsersRepo } from '../db/index.js';

/**
 * What the identity use cases need of the users' store: a narrow view of the users repository,
 * built once at the composition root (docs/architecture.md).
 */
export type IdentityUserStore = Pick<UsersRepo, 'findById' | 'findByExternalId' | 'findByEmail' | 'findByLogin' | 'match' | 'insert' | 'update' | 'delete' | 'setPassword' | 'markFederated'>;

export type { UserRecord, UserChanges, UserMatch };

/** Where an account came from; a directory sync deactivates only the accounts of its own source. */
export type UserSource = UserRecord['source'];
