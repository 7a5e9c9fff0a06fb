/** The crm area's public face: what the routes and the composition root use (docs/architecture.md). */
export { createContactMatcher, matchContact, type MatchContactDeps } from './match-contact.js';
export { contactName, customerKeys, splitName, type CustomerKeys } from './contact-identity.js';
export { createScriptContacts, fieldsOf, type ScriptContact, type ScriptContactChange, type ScriptContacts } from './script-contacts.js';
export { normaliseEmail, normalisePhone, normaliseTags } from './contacts/contact-rules.js';
export { CONTACT_TIERS, type ContactInput, type ContactTier } from './contacts/contact-input.js';
export { mergedFields } from './contacts/merge-contacts.js';
export { createCrmApi, type CrmActor, type CrmApi, type CrmBot, type CrmBots } from './crm-api.js';
export type { ContactFilter, ContactRow, CrmStores, DealFilter, DealRow, PipelineStageRow } from './crm-ports.js';
export { IMPORT_FIELDS, parseMapping, type ImportField } from './import-export/column-mapping.js';
export type { ImportProgress, ImportReport } from './import-export/import-contacts.js';
export { CONTACT_CSV_COLUMNS, DEAL_CSV_COLUMNS } from './import-export/export-csv.js';
