import { NotFoundError, ValidationError } from '../../infra/errors.js';
import type { ContactsStore, DealFields, DealRow, DealsStore, StagesStore } from '../crm-ports.js';

/** A deal's fields as a caller gives them: absent keeps, null clears. */
export interface DealInput {
  name?: string;
  value?: number | null;
  stage?: string | null;
  contact_id?: string | null;
  owner_id?: string | null;
  campaign_id?: string | null;
}

type Deps = Pick<DealsStore, 'createDeal' | 'updateDeal'> & Pick<StagesStore, 'findStageByName'> & Pick<ContactsStore, 'getContact'>;

/** The stage must be one of the pipeline's, the contact one of the same bot's. */
async function checked(deps: Deps, botId: string, input: DealInput): Promise<Partial<DealFields>> {
  if (input.stage && !(await deps.findStageByName(input.stage))) {
    throw new ValidationError(`No pipeline stage is named "${input.stage}"`, [{ path: 'stage', message: 'unknown stage' }], 'unknown_stage');
  }
  if (input.contact_id) {
    const contact = await deps.getContact(input.contact_id);
    if (!contact || contact.bot_id !== botId) throw new NotFoundError('No such contact', 'contact_not_found');
  }
  return { ...input } as Partial<DealFields>;
}

/** Opens a deal on a bot's pipeline. */
export async function createDeal(deps: Deps, input: { botId: string; fields: DealInput & { name: string } }): Promise<DealRow> {
  const fields = await checked(deps, input.botId, input.fields);
  return deps.createDeal({ ...fields, name: input.fields.name, bot_id: input.botId });
}

/** Changes a deal; moving it between stages is a change of `stage`, to a stage that exists. */
export async function updateDeal(deps: Deps, input: { deal: DealRow; changes: DealInput }): Promise<DealRow> {
  const changes = await checked(deps, input.deal.bot_id!, input.changes);
  const row = await deps.updateDeal(input.deal.id, changes);
  if (!row) throw new NotFoundError('No such deal', 'deal_not_found');
  return row;
}
