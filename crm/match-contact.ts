import type { ContactKeys, CrmIdentitiesRepo, MatchedContact } from '../db/index.js';
import type { CustomerDirectory, CustomerLookup, CustomerMatch } from '../engine/index.js';
import { contactName, customerKeys, splitName } from './contact-identity.js';

/** What matching a customer to a contact reads and writes. */
export interface MatchContactDeps {
  readonly identities: Pick<CrmIdentitiesRepo, 'find' | 'addIdentity' | 'create'>;
}

/**
 * The engine's customer directory (engine/match-customer.ts), on the CRM's contacts (docs/crm.md,
 * "Matching a conversation to its contact"): the contact with the channel identity, else with the
 * phone, else with the email. A contact found by phone or email learns the channel identity, so
 * the next conversation on that channel finds them even without it. No contact and `create`: one
 * is made from the channel's name, phone and email, with the identity.
 */
export function createContactMatcher(deps: MatchContactDeps): CustomerDirectory {
  return { match: (lookup) => matchContact(deps, lookup) };
}

export async function matchContact(deps: MatchContactDeps, lookup: CustomerLookup): Promise<CustomerMatch | undefined> {
  const keys = customerKeys(lookup.channel, lookup.customer);
  const search: ContactKeys = { bot_id: lookup.bot_id, phone: keys.phone, email: keys.email, identity: keys.identity };
  if (!keys.phone && !keys.email && !keys.identity) return undefined;
  const found = await deps.identities.find(search);
  if (found) {
    if (keys.identity && found.matched_by !== 'identity') await deps.identities.addIdentity(lookup.bot_id, found.id, keys.identity);
    return matchOf(found);
  }
  if (!lookup.create) return undefined;
  const created = await deps.identities.create({ ...search, ...splitName(lookup.customer.display_name) });
  // Another conversation created the same phone or email meanwhile: theirs is the contact.
  const contact = created ?? await deps.identities.find(search);
  if (!contact) return undefined;
  if (!created && keys.identity && contact.matched_by !== 'identity') await deps.identities.addIdentity(lookup.bot_id, contact.id, keys.identity);
  return matchOf(contact);
}

function matchOf(contact: MatchedContact): CustomerMatch {
  const name = contactName(contact);
  return {
    customer_id: contact.id, ...(name ? { name } : {}), ...(contact.email ? { email: contact.email } : {}),
    ...(contact.phone ? { phone: contact.phone } : {}),
  };
}
