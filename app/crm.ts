import { createContactMatcher } from '../crm/index.js';
import { createCrmIdentitiesRepo, type Database } from '../db/index.js';
import type { CustomerDirectory } from '../engine/index.js';

/**
 * The CRM's side of a conversation (docs/crm.md): the directory the engine matches a new
 * session's customer to a contact through, on the contacts' phones, emails and channel identities.
 */
export function customerDirectory(db: Database): CustomerDirectory {
  return createContactMatcher({ identities: createCrmIdentitiesRepo(db) });
}
