import type { BotConfig } from '../config/index.js';
import { ConflictError, ForbiddenError } from '../infra/errors.js';

/** Who calls the CRM: attendants read (and tag contacts), supervisors and admins write (docs/crm.md). */
export interface CrmActor { user_id: string; roles: readonly string[] }

export function mayWriteCrm(actor: CrmActor): boolean {
  return actor.roles.includes('admin') || actor.roles.includes('supervisor');
}

/** Refuses an actor who may only read; `what` names the records ("campaigns"). */
export function assertMayWriteCrm(actor: CrmActor, what: string): void {
  if (!mayWriteCrm(actor)) throw new ForbiddenError(`Only supervisors and admins change ${what}`);
}

/** The answer of every CRM call for a bot whose `crm-enabled` is false (docs/crm.md). */
export function assertCrmEnabled(config: Pick<BotConfig, 'crm-enabled'>, bot: string): void {
  if (!config['crm-enabled']) throw new ConflictError(`The CRM is off for bot "${bot}" (crm-enabled is false)`, 'crm_disabled', { bot });
}
