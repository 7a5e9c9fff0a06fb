import type { Readable } from 'node:stream';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../infra/errors.js';
import { assertCrmEnabled, mayWriteCrm, type CrmActor } from './crm-access.js';
import type { ContactInput } from './contacts/contact-input.js';
import { normaliseEmail, normalisePhone } from './contacts/contact-rules.js';
import { createContact } from './contacts/create-contact.js';
import { mergeContacts } from './contacts/merge-contacts.js';
import { updateContact } from './contacts/update-contact.js';
import type { ContactFilter, ContactRow, CrmStores, DealFilter, DealRow, PipelineStageRow, StageFields } from './crm-ports.js';
import { createStage, reorderStages, updateStage } from './deals/pipeline-stages.js';
import { createDeal, updateDeal, type DealInput } from './deals/save-deal.js';
import type { ImportField } from './import-export/column-mapping.js';
import { exportContactsCsv, exportDealsCsv } from './import-export/export-csv.js';
import { importContacts, type ImportProgress, type ImportReport } from './import-export/import-contacts.js';

/** A bot as the CRM needs it: contacts and deals belong to one (docs/crm.md). */
export interface CrmBot {
  readonly id: string;
  readonly name: string;
  readonly config: { readonly 'crm-enabled': boolean; readonly 'crm-default-country'?: string | undefined };
}

/** The loaded bots, found by id or name. */
export interface CrmBots {
  readonly all: readonly CrmBot[];
  find(idOrName: string): CrmBot | undefined;
}

export interface Paged { page: number; limit: number }

/**
 * What the CRM routes call (docs/crm.md): every call names its bot (by id or name; may be left
 * out when one bot is loaded) or a record of one, and answers `crm_disabled` when that bot's
 * `crm-enabled` is false.
 */
export function createCrmApi(deps: { stores: CrmStores; bots: CrmBots }) {
  const { stores } = deps;

  const enabled = (bot: CrmBot): CrmBot => {
    assertCrmEnabled(bot.config, bot.name);
    return bot;
  };
  const botOf = (ref: string | undefined): CrmBot => {
    if (ref === undefined) {
      if (deps.bots.all.length === 1) return enabled(deps.bots.all[0]!);
      throw new ValidationError('bot is required: the id or name of the bot whose CRM this is', [{ path: 'bot', message: 'required' }]);
    }
    const bot = deps.bots.find(ref);
    if (!bot) throw new NotFoundError(`No bot "${ref}"`, 'bot_not_found');
    return enabled(bot);
  };
  /** The bot of a record; a `bot` the caller named must be the same one. */
  const botOfRecord = (botId: string | null, ref: string | undefined, notFound: () => never): CrmBot => {
    const bot = botId ? deps.bots.find(botId) : undefined;
    if (!bot || (ref !== undefined && bot.id !== ref && bot.name !== ref)) notFound();
    return enabled(bot);
  };
  const noContact = (): never => { throw new NotFoundError('No such contact', 'contact_not_found'); };
  const noDeal = (): never => { throw new NotFoundError('No such deal', 'deal_not_found'); };
  const noStage = (): never => { throw new NotFoundError('No such pipeline stage', 'stage_not_found'); };
  const contactOf = async (id: string, ref?: string) => {
    const contact = (await stores.getContact(id)) ?? noContact();
    return { contact, bot: botOfRecord(contact.bot_id, ref, noContact) };
  };
  const dealOf = async (id: string, ref?: string) => {
    const deal = (await stores.getDeal(id)) ?? noDeal();
    return { deal, bot: botOfRecord(deal.bot_id, ref, noDeal) };
  };
  /** Stages are the installation's, shared by every bot: off only when every bot's CRM is (or the named bot's). */
  const stagesOn = (ref: string | undefined) => {
    if (ref !== undefined) return void botOf(ref);
    if (deps.bots.all.length && deps.bots.all.every((b) => !b.config['crm-enabled'])) {
      throw new ConflictError('The CRM is off for every bot (crm-enabled is false)', 'crm_disabled');
    }
  };
  const pageOf = (p: Paged) => ({ limit: p.limit, offset: (p.page - 1) * p.limit });

  return {
    contacts: {
      async list(input: { bot?: string; filter: ContactFilter } & Paged): Promise<{ contacts: ContactRow[]; total: number } & Paged> {
        const bot = botOf(input.bot);
        const { phone, email, tag, ...rest } = input.filter;
        const filter: ContactFilter = { ...rest };
        // A search by phone or email is by the stored form; one that cannot be a phone or email finds nothing.
        if (phone) filter.phone = normalisePhone(phone, bot.config['crm-default-country']) ?? phone;
        if (email) filter.email = normaliseEmail(email) ?? email.trim().toLowerCase();
        if (tag) filter.tag = tag.trim().toLowerCase();
        const { rows, total } = await stores.searchContacts(bot.id, filter, pageOf(input));
        return { contacts: rows, total, page: input.page, limit: input.limit };
      },
      get: async (id: string, bot?: string) => (await contactOf(id, bot)).contact,
      async create(input: { bot?: string; fields: ContactInput }): Promise<ContactRow> {
        const bot = botOf(input.bot);
        return createContact(stores, { botId: bot.id, defaultCountry: bot.config['crm-default-country'], fields: input.fields });
      },
      /** Attendants may change only `tags`; supervisors and admins any field. */
      async update(input: { actor: CrmActor; id: string; bot?: string; changes: ContactInput }): Promise<ContactRow> {
        if (!mayWriteCrm(input.actor) && Object.keys(input.changes).some((k) => k !== 'tags')) {
          throw new ForbiddenError('Attendants may change only the tags of a contact');
        }
        const { contact, bot } = await contactOf(input.id, input.bot);
        return updateContact(stores, { contact, defaultCountry: bot.config['crm-default-country'], changes: input.changes });
      },
      async delete(id: string, bot?: string): Promise<{ deleted: true; id: string }> {
        await contactOf(id, bot);
        if (!(await stores.deleteContact(id))) noContact();
        return { deleted: true, id };
      },
      async merge(input: { id: string; from: string; bot?: string }): Promise<ContactRow> {
        const { contact: keep } = await contactOf(input.id, input.bot);
        const { contact: from } = await contactOf(input.from, input.bot);
        return mergeContacts(stores, { keep, from });
      },
      async import(input: {
        bot?: string; source: Readable; mapping?: Record<string, ImportField>; dryRun?: boolean; onProgress?: (p: ImportProgress) => void;
      }): Promise<ImportReport> {
        const bot = botOf(input.bot);
        return importContacts(stores, { ...input, botId: bot.id, defaultCountry: bot.config['crm-default-country'] });
      },
      exportCsv: (bot?: string): Readable => exportContactsCsv(stores, botOf(bot).id),
    },
    deals: {
      async list(input: { bot?: string; filter: DealFilter } & Paged): Promise<{ deals: DealRow[]; total: number } & Paged> {
        const bot = botOf(input.bot);
        const { rows, total } = await stores.searchDeals(bot.id, input.filter, pageOf(input));
        return { deals: rows, total, page: input.page, limit: input.limit };
      },
      get: async (id: string, bot?: string) => (await dealOf(id, bot)).deal,
      create: async (input: { bot?: string; fields: DealInput & { name: string } }) => createDeal(stores, { botId: botOf(input.bot).id, fields: input.fields }),
      async update(input: { id: string; bot?: string; changes: DealInput }): Promise<DealRow> {
        const { deal } = await dealOf(input.id, input.bot);
        return updateDeal(stores, { deal, changes: input.changes });
      },
      /** Moves a deal to another stage of the pipeline; the stage must exist. */
      async move(input: { id: string; bot?: string; stage: string }): Promise<DealRow> {
        const { deal } = await dealOf(input.id, input.bot);
        return updateDeal(stores, { deal, changes: { stage: input.stage } });
      },
      async delete(id: string, bot?: string): Promise<{ deleted: true; id: string }> {
        await dealOf(id, bot);
        if (!(await stores.deleteDeal(id))) noDeal();
        return { deleted: true, id };
      },
      exportCsv: (bot?: string): Readable => exportDealsCsv(stores, botOf(bot).id),
    },
    stages: {
      async list(bot?: string): Promise<PipelineStageRow[]> {
        stagesOn(bot);
        return stores.listStages();
      },
      async get(id: string, bot?: string): Promise<PipelineStageRow> {
        stagesOn(bot);
        return (await stores.getStage(id)) ?? noStage();
      },
      async create(input: { bot?: string; fields: Partial<StageFields> & { name: string } }): Promise<PipelineStageRow> {
        stagesOn(input.bot);
        if (await stores.findStageByName(input.fields.name)) {
          throw new ConflictError(`A pipeline stage is already named "${input.fields.name}"`, 'duplicate_stage', { name: input.fields.name });
        }
        return createStage(stores, input.fields);
      },
      async update(input: { id: string; bot?: string; changes: Partial<StageFields> }): Promise<PipelineStageRow> {
        stagesOn(input.bot);
        const other = input.changes.name ? await stores.findStageByName(input.changes.name) : undefined;
        if (other && other.id !== input.id) throw new ConflictError(`A pipeline stage is already named "${other.name}"`, 'duplicate_stage', { name: other.name });
        return updateStage(stores, input.id, input.changes);
      },
      async delete(id: string, bot?: string): Promise<{ deleted: true; id: string }> {
        stagesOn(bot);
        if (!(await stores.deleteStage(id))) noStage();
        return { deleted: true, id };
      },
      async reorder(input: { bot?: string; ids: readonly string[] }): Promise<PipelineStageRow[]> {
        stagesOn(input.bot);
        return reorderStages(stores, input.ids);
      },
    },
  };
}

export type CrmApi = ReturnType<typeof createCrmApi>;
