import { createCrmApi, type CrmApi } from '../crm/index.js';
import { createCrmRepo, type DatabaseHandle } from '../db/index.js';
import type { BotRegistry } from './bots.js';

/** The crm area's wiring (docs/crm.md): its service on the database's CRM repository and the loaded bots. */
export interface CrmWiring {
  api: CrmApi;
}

export function wireCrm(w: { database: DatabaseHandle; bots: BotRegistry }): CrmWiring {
  return { api: createCrmApi({ stores: createCrmRepo(w.database.db), bots: w.bots }) };
}
