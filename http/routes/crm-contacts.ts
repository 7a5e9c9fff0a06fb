import type { CrmApi } from '../../crm/index.js';
import { parseMapping } from '../../crm/index.js';
import { defineRoute } from '../route.js';
import {
  ContactListSchema, ContactSchema, CreateContactRequestSchema, CrmBotQuerySchema, CrmDeleteResultSchema, CrmIdParamsSchema, ImportContactsQuerySchema,
  ImportReportSchema, ListContactsQuerySchema, MergeContactRequestSchema, UpdateContactRequestSchema,
} from '../schemas/crm.js';
import { contactJson } from './crm-json.js';
import { csvBodyOf, sendCsv } from './crm-csv.js';

/** Attendants read and tag; supervisors and admins write (docs/crm.md). */
export const CRM_READ = ['attendant', 'supervisor'] as const;
export const CRM_WRITE = ['supervisor'] as const;
const TAG = 'crm';

/**
 * The CRM's contacts (docs/crm.md): CRUD, search, merge, CSV import and export. Every answer is
 * 409 `crm_disabled` when the bot's `crm-enabled` is false.
 */
export function crmContactRoutes(crm: CrmApi) {
  return [
    defineRoute({
      method: 'get', path: '/api/crm/contacts', tag: TAG, access: CRM_READ,
      summary: 'A bot\'s contacts, by last and first name, searched by name, phone, email, tag, tier or owner, paged',
      query: ListContactsQuerySchema, errors: [404, 409],
      response: { description: 'A page of contacts', schema: ContactListSchema },
      handle: async ({ query }) => {
        const { bot, page, limit, ...filter } = query;
        const list = await crm.contacts.list({ bot, filter, page, limit });
        return { ...list, contacts: list.contacts.map(contactJson) };
      },
    }),
    defineRoute({
      method: 'get', path: '/api/crm/contacts.csv', tag: TAG, access: CRM_WRITE,
      summary: 'Every contact of a bot as CSV (streamed)', query: CrmBotQuerySchema, errors: [404, 409],
      response: { description: 'text/csv: id, names, email, phone, tier, ltv, last_purchase, tags (;-joined), owner_id, note, custom_fields (JSON), dates' },
      handle: ({ query, res }) => sendCsv(res, 'contacts.csv', crm.contacts.exportCsv(query.bot)),
    }),
    defineRoute({
      method: 'post', path: '/api/crm/contacts/import', tag: TAG, access: CRM_WRITE,
      summary: 'Import contacts from a CSV body (text/csv); rows whose phone or email exists update that contact',
      query: ImportContactsQuerySchema, rawBody: { description: 'The CSV file, header first (Content-Type: text/csv)' }, errors: [404, 409],
      response: { description: 'What was (or, with dry_run, would be) created, updated and rejected', schema: ImportReportSchema },
      handle: ({ query, req }) => crm.contacts.import({ bot: query.bot, source: csvBodyOf(req), mapping: parseMapping(query.map), dryRun: query.dry_run }),
    }),
    defineRoute({
      method: 'post', path: '/api/crm/contacts', tag: TAG, access: CRM_WRITE, status: 201,
      summary: 'Add a contact; a phone or email the bot already has is 409 duplicate_contact with existing_contact_id',
      body: CreateContactRequestSchema, errors: [404, 409],
      response: { description: 'The contact', schema: ContactSchema },
      handle: async ({ body }) => {
        const { bot, ...fields } = body;
        return contactJson(await crm.contacts.create({ bot, fields }));
      },
    }),
    defineRoute({
      method: 'get', path: '/api/crm/contacts/:id', tag: TAG, access: CRM_READ,
      summary: 'One contact', params: CrmIdParamsSchema, query: CrmBotQuerySchema, errors: [404, 409],
      response: { description: 'The contact', schema: ContactSchema },
      handle: async ({ params, query }) => contactJson(await crm.contacts.get(params.id, query.bot)),
    }),
    defineRoute({
      method: 'patch', path: '/api/crm/contacts/:id', tag: TAG, access: CRM_READ,
      summary: 'Change a contact\'s fields (absent keep, null clears); attendants may change only tags',
      params: CrmIdParamsSchema, query: CrmBotQuerySchema, body: UpdateContactRequestSchema, errors: [404, 409],
      response: { description: 'The contact', schema: ContactSchema },
      handle: async ({ params, query, body, principal }) =>
        contactJson(await crm.contacts.update({ actor: principal, id: params.id, bot: query.bot, changes: body })),
    }),
    defineRoute({
      method: 'delete', path: '/api/crm/contacts/:id', tag: TAG, access: CRM_WRITE,
      summary: 'Delete a contact; its deals and attendance logs stay, without it', params: CrmIdParamsSchema, query: CrmBotQuerySchema, errors: [404, 409],
      response: { description: 'Deleted', schema: CrmDeleteResultSchema },
      handle: ({ params, query }) => crm.contacts.delete(params.id, query.bot),
    }),
    defineRoute({
      method: 'post', path: '/api/crm/contacts/:id/merge', tag: TAG, access: CRM_WRITE,
      summary: 'Merge contact `from` into this one: empty fields filled, tags united, identities, deals, logs, sessions and campaign rows moved; `from` deleted',
      params: CrmIdParamsSchema, query: CrmBotQuerySchema, body: MergeContactRequestSchema, errors: [404, 409],
      response: { description: 'The merged contact', schema: ContactSchema },
      handle: async ({ params, query, body }) => contactJson(await crm.contacts.merge({ id: params.id, from: body.from, bot: query.bot })),
    }),
  ];
}
