import type { BotConfig } from '../../config/index.js';
import { ConflictError, ForbiddenError } from '../../infra/errors.js';
import type { CrmActor } from './campaign-ports.js';

/** The answer of every CRM route for a bot whose `crm-enabled` is false (docs/crm.md). */
export function assertCrmEnabled(config: BotConfig, bot: string): void {
  if (!config['crm-enabled']) throw new ConflictError(`The CRM is off for bot "${bot}" (crm-enabled is false)`, 'crm_disabled');
}

/** Supervisors and admins write campaigns; attendants only read them (docs/crm.md, "Campaigns"). */
export function assertMayWrite(actor: CrmActor): void {
  if (!actor.roles.some((r) => r === 'admin' || r === 'supervisor')) throw new ForbiddenError('Only supervisors and admins change campaigns');
}
