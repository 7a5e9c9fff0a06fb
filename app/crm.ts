import type { ObjectValue } from '../basic-interpreter/index.js';
import { createContactMatcher, createCrmApi, createScriptContacts, type CrmApi } from '../crm/index.js';
import { createCrmIdentitiesRepo, createCrmRepo, type Database, type DatabaseHandle } from '../db/index.js';
import type { CustomerDirectory } from '../engine/index.js';
import type { ContactsPort } from '../script-host/index.js';
import type { BotRegistry } from './bots.js';

/** The crm area's wiring (docs/crm.md): its service on the database's CRM repository and the loaded bots. */
export interface CrmWiring {
  api: CrmApi;
}

export function wireCrm(w: { database: DatabaseHandle; bots: BotRegistry }): CrmWiring {
  return { api: createCrmApi({ stores: createCrmRepo(w.database.db), bots: w.bots }) };
}

/**
 * The CRM's side of a conversation (docs/crm.md): the directory the engine matches a new
 * session's customer to a contact through, on the contacts' phones, emails and channel identities.
 */
export function customerDirectory(db: Database): CustomerDirectory {
  return createContactMatcher({ identities: createCrmIdentitiesRepo(db) });
}

/** GET CONTACT, SET CONTACT and ADD TAG of BASIC (docs/basic.md, "The customer's contact"), on the same contacts. */
export function scriptContacts(db: Database): ContactsPort {
  const contacts = createScriptContacts({ identities: createCrmIdentitiesRepo(db) });
  // The contact's values are plain JSON: strings, numbers, booleans, null, lists and the custom fields' object.
  return {
    get: async (request) => (await contacts.get(request)) as ObjectValue | null,
    change: async (request) => (await contacts.change(request)) as ObjectValue & { id: string },
  };
}
