/** The crm area's public face: what the routes and the composition root use (docs/architecture.md). */
export { createContactMatcher, matchContact, type MatchContactDeps } from './match-contact.js';
export { contactName, customerKeys, normaliseEmail, normalisePhone, splitName, type CustomerKeys } from './contact-identity.js';
export { createScriptContacts, fieldsOf, type ScriptContact, type ScriptContactChange, type ScriptContacts } from './script-contacts.js';
